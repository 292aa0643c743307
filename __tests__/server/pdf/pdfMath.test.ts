import { buildTestApp, testClock, type TestContext } from '../../helpers/buildTestApp';
import { pngPolos } from '../../helpers/gambar';
import { FIXTURE_NOW, buildPaketFixture, sessionFor, type PaketFixture } from '../../helpers/hasilFixture';
import { pdfFilledPaths, pdfImages, pdfShownText } from '../../helpers/pdfBytes';
import { typesetTex } from '../../../src/server/konten/tex';
import { alamatKonten, berkas, simpanKonten } from '../../../src/server/konten/kontenStore';
import { pembahasanPdf, soalPdf, type PdfQuestion } from '../../../src/server/pdf/documents';
import { IMAGE_NOTE, MATH_NOTE, layoutLines, type Measure } from '../../../src/server/pdf/lineLayout';
import { mathSvg, withoutSmoothQuadratics } from '../../../src/server/pdf/mathSvg';
import { richRuns } from '../../../src/server/pdf/richRuns';
import { SESSION_COOKIE } from '../../../src/server/plugins/auth';

const PLAIN = { bold: false, italic: false };
const tex = (html: string) => typesetTex(html).html;

function question(soal: string, extra: Partial<PdfQuestion> = {}): PdfQuestion {
  return {
    nomor: 1,
    type: 1,
    soal,
    options: { a: tex('\\(x^2\\)'), b: 'dua', c: 'tiga', d: 'empat', e: '' },
    group_text_type: null,
    statements: [],
    ...extra,
  };
}

const soalDocument = (soal: PdfQuestion[], gambar = new Map()) =>
  soalPdf({ paket: 7, kategori: 'Saintek', mapel: 'Matematika', waktu: 30, soal, gambar });

describe('rich runs of question HTML', () => {
  it('takes KaTeX output back as its TeX and never as KaTeX text or TeX source', () => {
    expect(richRuns(tex('<p>Jika \\(\\sqrt{x} = \\frac{1}{2}\\) maka</p>'))).toEqual([
      { kind: 'text', text: 'Jika ', style: PLAIN },
      { kind: 'math', tex: '\\sqrt{x} = \\frac{1}{2}', display: false },
      { kind: 'text', text: ' maka', style: PLAIN },
    ]);
    expect(richRuns(tex('Luas: \\[\\pi r^2\\] cm'))).toEqual([
      { kind: 'text', text: 'Luas:', style: PLAIN },
      { kind: 'break', paragraph: false },
      { kind: 'math', tex: '\\pi r^2', display: true },
      { kind: 'break', paragraph: false },
      { kind: 'text', text: 'cm', style: PLAIN },
    ]);
  });

  it('reads TeX left in its delimiters, images, bold and paragraphs', () => {
    expect(richRuns('<p><b>Tebal</b> $$a+b$$</p><p>x<img src="/konten/abc"></p>')).toEqual([
      { kind: 'text', text: 'Tebal', style: { bold: true, italic: false } },
      { kind: 'text', text: ' ', style: PLAIN },
      { kind: 'math', tex: 'a+b', display: true },
      { kind: 'break', paragraph: true },
      { kind: 'text', text: 'x', style: PLAIN },
      { kind: 'image', src: '/konten/abc' },
    ]);
  });
});

describe('line layout', () => {
  // Every character 1 pt wide, text 8 pt above and 2 below the baseline.
  const measure: Measure = {
    textWidth: (text) => text.length,
    textBox: () => ({ ascent: 8, descent: 2 }),
    math: (source) => (source === 'rusak' ? null : { width: 4, ascent: 12, descent: 5 }),
    image: (src, maxWidth) => (src === 'besar' ? { width: maxWidth, ascent: 50, descent: 0 } : null),
  };
  const lay = (html: string, width = 12) => layoutLines(richRuns(html), width, measure, { paragraphGap: 3 });
  const texts = (html: string, width?: number) =>
    lay(html, width).map((line) =>
      line.items.map((i) => (i.kind === 'text' ? i.text : `<${i.kind}>`)).join(''),
    );

  it('wraps words at the column width, a math box riding on the baseline', () => {
    expect(texts('satu dua tiga empat lima')).toEqual(['satu dua', 'tiga empat', 'lima']);
    // 'ab ' (3) + math (4) + ' cd' (3) = 10 fits 12; 11 would not fit 10.
    const [line] = lay('ab \\(x\\) cd');
    expect(line.items.map((i) => [i.kind, i.x])).toEqual([
      ['text', 0],
      ['math', 3],
      ['text', 7],
    ]);
    expect([line.ascent, line.descent]).toEqual([12, 5]);
    expect(texts('ab \\(x\\) cde', 10)).toEqual(['ab <math>', 'cde']);
    expect(texts('abcdefghijklmno', 6)).toEqual(['abcdef', 'ghijkl', 'mno']);
  });

  it('gives display math a centred line of its own and paragraphs their gap', () => {
    const lines = lay('a \\[y\\] b<p>c</p>', 20);
    expect(lines.map((l) => l.items.map((i) => i.kind))).toEqual([['text'], ['math'], ['text'], ['text']]);
    expect(lines[1].items[0].x).toBe(8); // (20 - 4) / 2
    expect(lines[2].gapAfter).toBe(3);
  });

  it('says [gambar] for an image it cannot draw and [rumus] for TeX it cannot typeset', () => {
    expect(texts('x<img src="gif"> \\(rusak\\)', 40)).toEqual([`x${IMAGE_NOTE} ${MATH_NOTE}`]);
    expect(lay('x <img src="besar">', 30).map((l) => l.items.map((i) => i.kind))).toEqual([
      ['text'],
      ['image'],
    ]);
  });
});

describe('PDFs with math and images', () => {
  it('draws TeX as vector paths, never as TeX source or KaTeX text', async () => {
    const soal = tex('<p>Berapakah \\(\\sqrt{x} + \\frac{a}{b}\\)?</p>\\[\\int_0^1 x\\,dx\\]');
    const withMath = await soalDocument([question(soal)]);
    const text = pdfShownText(withMath);
    expect(text).toContain('Berapakah');
    expect(text).toContain('B. dua');
    for (const source of ['\\frac', 'frac', '\\sqrt', 'sqrt', 'int_0', 'x^2', 'x-tex', 'akar']) {
      expect(text).not.toContain(source);
    }
    const plain = await soalDocument([
      question('<p>Berapakah?</p>', { options: { a: 'satu', b: 'dua', c: 'tiga', d: 'empat', e: '' } }),
    ]);
    expect(pdfFilledPaths(plain)).toBe(0);
    // √, +, a, b, fraction bar, ∫, 0, 1, x, d, x and the option's x, 2: one filled path each at least.
    expect(pdfFilledPaths(withMath)).toBeGreaterThanOrEqual(12);
  });

  it("draws bare MathML (a QTI item's E = mc²) as math, never as its characters", async () => {
    const mathml =
      '<math xmlns="http://www.w3.org/1998/Math/MathML"><mrow><mi>E</mi><mo>=</mo><mi>m</mi>' +
      '<msup><mi>c</mi><mn>2</mn></msup></mrow></math>';
    const soal = `<p>Who is associated with the equation ${mathml}?</p>`;
    expect(richRuns(soal)).toEqual([
      { kind: 'text', text: 'Who is associated with the equation ', style: PLAIN },
      { kind: 'math', tex: mathml, display: false },
      { kind: 'text', text: '?', style: PLAIN },
    ]);
    const pdf = await soalDocument([
      question(soal, { options: { a: 'Einstein', b: 'Newton', c: 'Hawking', d: 'Galileo', e: '' } }),
    ]);
    const text = pdfShownText(pdf);
    expect(text).toMatch(/the equation +\?/);
    expect(text).not.toMatch(/E ?= ?m ?c ?2|mc2|msup/);
    // E, =, m, c, 2: a filled path each.
    expect(pdfFilledPaths(pdf)).toBeGreaterThanOrEqual(5);
    // MathML MathJax cannot read is said as [rumus], like TeX that cannot be typeset.
    expect(mathSvg('<math><mfoo>x</mfoo></math>', false)).toBeNull();
  });

  it('writes chained smooth curves out, so parentheses keep their shape', () => {
    // Each T mirrors the control point of the curve before it: (1,1) → (3,-1) → (5,1).
    expect(withoutSmoothQuadratics('M0 0Q1 1 2 0T4 0T6 0Z')).toBe('M0 0Q1 1 2 0Q3 -1 4 0Q5 1 6 0Z');
    expect(withoutSmoothQuadratics('M0 0L1 1 2 2H3V4Z')).toBe('M0 0L1 1L2 2H3V4Z');
    expect(withoutSmoothQuadratics('m0 0l1 1z')).toBeNull();
  });

  it('draws coloured and boxed formulas too (through svg-to-pdfkit)', async () => {
    expect(mathSvg('\\frac{a}{b}', false)?.shapes?.length).toBeGreaterThanOrEqual(3);
    expect(mathSvg('\\color{red}{y}', false)?.shapes).toBeNull();
    const pdf = await soalDocument([
      question(tex('<p>Merah \\(\\color{red}{y}\\) dan \\(\\boxed{z}\\)</p>')),
    ]);
    expect(pdfShownText(pdf)).toMatch(/Merah +dan/);
    expect(pdfShownText(pdf)).not.toContain('color');
    expect(pdfFilledPaths(pdf)).toBeGreaterThanOrEqual(3); // y, z, and the option's x²
  });

  it('draws stored and embedded images, and says [gambar] for one it cannot draw', async () => {
    const png = pngPolos(40, 20, [200, 30, 30]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30"><rect width="30" height="30" fill="#123456"/></svg>',
    );
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const stored = berkas(png, 'image/png');
    const html =
      `<p>Gambar <img src="${alamatKonten(stored.sha256)}"> dan ` +
      `<img src="data:image/svg+xml;base64,${svg.toString('base64')}"> dan <img src="data:image/gif;base64,${gif.toString('base64')}"></p>`;
    const pdf = await pembahasanPdf({
      paket: 7,
      kategori: 'Saintek',
      nama: 'Andi',
      mapel: [
        {
          mapel: 'Matematika',
          soal: [question('<p>Lihat</p>', { kunci: 'A', jawaban: 'A', is_benar: true, pembahasan: html })],
        },
      ],
      gambar: new Map([[alamatKonten(stored.sha256), { contentType: 'image/png', bytes: png }]]),
    });
    expect(pdfImages(pdf)).toBe(1);
    const text = pdfShownText(pdf);
    expect(text.match(/\[gambar\]/g)).toHaveLength(1);
    expect(text).not.toContain('data:image');
    expect(pdfFilledPaths(pdf)).toBeGreaterThanOrEqual(2); // the SVG's rectangle and the option's x²
    // An image not loaded is a note, not an error.
    const missing = await soalDocument([question(`<p><img src="${alamatKonten('0'.repeat(64))}"></p>`)]);
    expect(pdfShownText(missing)).toContain(IMAGE_NOTE);
    expect(pdfImages(missing)).toBe(0);
  });

  it('keeps a long discussion on the pages, math on every one of them', async () => {
    const soal = Array.from({ length: 30 }, (_, i) =>
      question(
        tex(
          `<p>Soal ${i + 1}: hitung \\(\\frac{${i}}{${i + 2}} + \\sqrt{${i}}\\)</p>\\[\\sum_{k=1}^{${i + 1}} k^2\\]`,
        ),
        {
          nomor: i + 1,
          kunci: 'A',
          jawaban: 'B',
          is_benar: false,
          pembahasan: tex(`<p>Karena \\(x = ${i}\\), maka</p>`),
        },
      ),
    );
    const pdf = await pembahasanPdf({
      paket: 7,
      kategori: 'Saintek',
      nama: 'Andi',
      mapel: [{ mapel: 'Matematika', soal }],
      gambar: new Map(),
    });
    const text = pdfShownText(pdf);
    expect(text).toContain('Soal 30: hitung');
    expect(text).not.toContain('frac');
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length).toBeGreaterThan(2);
  });
});

describe('GET /api/pdf/pembahasan with an imported question', () => {
  let ctx: TestContext;
  let fx: PaketFixture;
  beforeAll(async () => {
    ctx = await buildTestApp({ clock: testClock(FIXTURE_NOW) });
    fx = await buildPaketFixture(ctx.db);
  });
  afterAll(() => ctx.close());

  it('reads the question image from the content store and typesets its TeX', async () => {
    const png = pngPolos(30, 30, [10, 120, 10]);
    const file = berkas(png, 'image/png');
    await simpanKonten(ctx.db, [file], FIXTURE_NOW);
    await ctx.db
      .updateTable('soal')
      .set({
        soal: tex(`<p>Segitiga \\(\\frac{1}{2} a t\\)</p><p><img src="${alamatKonten(file.sha256)}"></p>`),
      })
      .where('id', '=', fx.soal.pilihan)
      .execute();
    const cookie = { [SESSION_COOKIE]: await sessionFor(ctx.db, fx.siswa.andi, FIXTURE_NOW) };
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/pdf/pembahasan/${fx.idJadwal}/${fx.kategori.saintek.hash}`,
      cookies: cookie,
    });
    expect(response.statusCode).toBe(200);
    const pdf = response.rawPayload;
    expect(pdfImages(pdf)).toBe(1);
    const text = pdfShownText(pdf);
    expect(text).toContain('Segitiga');
    expect(text).not.toContain('frac');
    expect(text).not.toContain(IMAGE_NOTE);
  });
});
