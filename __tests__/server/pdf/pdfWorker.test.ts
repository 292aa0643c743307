/**
 * PDFs are drawn in a worker thread, so a long subject's typesetting never stalls the server's other requests, and
 * a document already drawn is answered from the cache. The worker draws what the server would: math, images.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pngPolos } from '../../helpers/gambar';
import { pdfFilledPaths, pdfImages, pdfShownText } from '../../helpers/pdfBytes';
import { typesetTex } from '../../../src/server/konten/tex';
import type { PdfQuestion } from '../../../src/server/pdf/documents';
import { renderPdf } from '../../../src/server/pdf/renderPool';

jest.setTimeout(60_000);

function question(nomor: number, soal: string): PdfQuestion {
  return {
    nomor,
    type: 1,
    soal: typesetTex(soal).html,
    options: { a: typesetTex('\\(x^2\\)').html, b: 'dua', c: 'tiga', d: 'empat', e: '' },
    group_text_type: null,
    statements: [],
  };
}

/** A subject of `n` questions, each with its own formulas (so nothing is typeset from a cache). */
const subjek = (n: number, gambar = new Map<string, { contentType: string; bytes: Buffer }>()) => ({
  jenis: 'soal' as const,
  data: {
    paket: 7,
    kategori: 'Saintek',
    mapel: `Fisika ${n}`,
    waktu: 90,
    soal: Array.from({ length: n }, (_, i) =>
      question(
        i + 1,
        `<p>Jika \\(g = ${i + 10}\\, ms^{-2}\\) dan \\[\\int_0^{${i + 1}} x\\,dx\\], berapakah …</p>`,
      ),
    ),
    gambar,
  },
});

it('draws off the event loop: the server keeps turning while a long subject is typeset', async () => {
  let turns = 0;
  let done = false;
  const pdf = renderPdf(subjek(216)).finally(() => (done = true));
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    turns += 1;
  }
  const bytes = await pdf;
  // Drawn here, the 216 questions would hold the loop for their whole typesetting: a handful of turns at most.
  expect(turns).toBeGreaterThan(100);
  expect(pdfShownText(bytes)).toContain('berapakah');
  expect(pdfShownText(bytes)).not.toContain('\\int');
  expect(pdfFilledPaths(bytes)).toBeGreaterThan(216 * 5);
});

it('answers the same document from the cache, and a different one anew', async () => {
  const first = await renderPdf(subjek(3));
  expect(await renderPdf(subjek(3))).toBe(first);
  expect(await renderPdf(subjek(4))).not.toBe(first);
});

it("draws a document asked for many times at once only once (an event's end)", async () => {
  const asked = Array.from({ length: 20 }, () => renderPdf(subjek(5)));
  const pdfs = await Promise.all(asked);
  // One drawing, one Buffer for all: twenty drawings would give twenty equal but distinct Buffers.
  expect(new Set(pdfs).size).toBe(1);
  expect(pdfShownText(pdfs[0])).toContain('berapakah');
});

it("draws the questions' images in the worker", async () => {
  const png = pngPolos(40, 20, [200, 30, 30]);
  const job = subjek(1, new Map([['/konten/abc', { contentType: 'image/png', bytes: png }]]));
  job.data.soal[0].soal += '<p><img src="/konten/abc"></p>';
  const pdf = await renderPdf(job);
  expect(pdfImages(pdf)).toBe(1);
  expect(pdfShownText(pdf)).not.toContain('[gambar]');
});

it('starts the worker without the HTML cleaner and without MathJax until a formula must be typeset', () => {
  // What the worker thread loads (worker.ts imports jobs.ts), in a process of its own: jsdom and MathJax cost
  // seconds at a loaded node's start, and the first PDF waits for them.
  const script = [
    "require('./src/server/pdf/jobs.ts');",
    'const loaded = Object.keys(require.cache);',
    'const has = (part) => loaded.some((file) => file.includes(part));',
    "const before = { jsdom: has('/node_modules/jsdom/'), mathjax: has('/node_modules/mathjax-full/') };",
    "require('./src/server/pdf/mathSvg.ts').mathSvg('x^2', false);",
    "console.log(JSON.stringify({ before, after: { mathjax: Object.keys(require.cache).some((f) => f.includes('/node_modules/mathjax-full/')) } }));",
  ].join('\n');
  const out = execFileSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], {
    cwd: path.resolve(__dirname, '../../..'),
    encoding: 'utf8',
  });
  expect(JSON.parse(out.trim().split('\n').pop() ?? '')).toEqual({
    before: { jsdom: false, mathjax: false },
    after: { mathjax: true },
  });
});
