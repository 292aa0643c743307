/**
 * Question HTML is cleaned at import with the strict question profile (src/contract/htmlSoal.ts): no script, event
 * handler, iframe, form, input, button, javascript: link, external image or positioning style reaches the database,
 * while KaTeX's output (HTML with inline sizes and offsets, SVG, MathML with the TeX annotation), images from
 * /konten and data:image URIs stay.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import katex from 'katex';
import { JSDOM } from 'jsdom';
import { bersihkanHtmlSoal } from '../../../src/server/konten/bersihHtml';
import { buildTestApp, type TestContext } from '../../helpers/buildTestApp';
import { paketContoh, SISWA_CSV } from '../../helpers/operatorFixtures';
import { runner } from '../../helpers/operatorRun';

const KONTEN = `/konten/${'ab'.repeat(32)}`;
const DATA_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const BERBAHAYA = [
  '<p onclick="curi()">Soal<script>alert(1)</script></p>',
  '<img src=x onerror="alert(2)">',
  '<iframe src="https://contoh.test/"></iframe>',
  '<form action="https://contoh.test/"><input name="u"><button>Kirim</button></form>',
  '<a href="javascript:alert(3)">klik</a>',
  '<img src="https://contoh.test/lacak.gif">',
  '<div style="position:fixed;top:0;left:0;z-index:9999;color:red">tutup layar</div>',
  '<div style="margin-top:-400px;background:url(https://contoh.test/x.gif)">naik</div>',
  '<span class="fixed-top btn btn-primary">Selesai</span>',
  '<svg><image href="https://contoh.test/a.png"></image></svg>',
  // SVG paint, filters, masks and cursors are CSS values: url() there loads as in a style.
  '<svg><rect width="1" height="1" fill="url(https://contoh.test/f)" stroke="url(\'https://contoh.test/s\')"></rect>',
  '<circle r="1" filter="url(https://contoh.test/x#f)" mask="url(//contoh.test/m)" cursor="url(https://contoh.test/c),auto"></circle>',
  '<rect fill="\\75 rl(https://contoh.test/e)" style="fill:url(https://contoh.test/st)"></rect>',
  '<pattern xlink:href="https://contoh.test/p" href="https://contoh.test/q"></pattern></svg>',
  '<math href="https://contoh.test/m"><mglyph src="https://contoh.test/g.png"></mglyph><mi>x</mi></math>',
  '<div style="background-image:image-set(\'https://contoh.test/i.png\' 1x)">gambar</div>',
].join('');

/** Markup compared as a browser parses it (KaTeX writes `<path/>`, a DOM serialises `<path></path>`). */
function parsed(html: string): string {
  const dom = new JSDOM('');
  const div = dom.window.document.createElement('div');
  div.innerHTML = html;
  return div.innerHTML;
}

function tex(source: string, displayMode: boolean): string {
  return katex.renderToString(source, {
    displayMode,
    output: 'htmlAndMathml',
    trust: false,
    strict: 'ignore',
  });
}

function expectBersih(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<form|<input|<button|<image|onerror|onclick|javascript:/i);
  expect(html).not.toContain('contoh.test');
  expect(html).not.toMatch(/position|z-index|-400px/);
  expect(html).not.toMatch(/fixed-top|btn/);
  expect(html).toContain('Soal');
  expect(html).toContain('tutup layar');
  expect(html).toContain('style="color:red;"');
}

describe('the question profile on the server', () => {
  it('removes everything hostile', () => {
    expectBersih(bersihkanHtmlSoal(BERBAHAYA));
  });

  it('keeps KaTeX output, /konten images and data:image images exactly', () => {
    const math = [
      tex('\\frac{a}{b}+x^2', false),
      tex('\\sqrt{x}\\!\\,\\overrightarrow{AB}', true),
      tex('\\hspace{-1cm}\\sum_{i=1}^{n} i', true),
    ].join(' ');
    const html = `<p>Hitung ${math}</p><p><img src="${KONTEN}" alt="grafik"><img src="${DATA_PNG}" alt="titik"></p>`;
    const clean = bersihkanHtmlSoal(html);
    expect(clean).toBe(parsed(html));
    expect(clean).toContain('<annotation encoding="application/x-tex">\\frac{a}{b}+x^2</annotation>');
    expect(clean).toContain('style="top:-3.23em;"');
    expect(clean).toContain('style="margin-right:-0.1667em;"');
  });

  it('opens links in a new tab without the opener or a referrer', () => {
    expect(bersihkanHtmlSoal('<a href="https://kbbi.kemdikbud.go.id/" target="_top">KBBI</a>')).toBe(
      '<a href="https://kbbi.kemdikbud.go.id/" target="_blank" rel="noopener noreferrer">KBBI</a>',
    );
  });
});

describe('import-paket', () => {
  jest.setTimeout(60_000);
  let ctx: TestContext;
  let dir: string;
  beforeEach(async () => {
    ctx = await buildTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'siaptes-html-'));
    writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
    expect((await runner(ctx, dir)('import-siswa', 'kelas.csv')).code).toBe(0);
  });
  afterEach(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores questions, options, statements and discussions already clean, with their math', async () => {
    // External images are refused at import (the content store's rule), so the file has none here.
    const hostile = BERBAHAYA.replace('<img src="https://contoh.test/lacak.gif">', '');
    const paket = paketContoh(ctx.clock.now(), ['budi.santoso']);
    const mapel = paket.kategori[0].mapel[0];
    mapel.soal[0] = {
      ...mapel.soal[0],
      soal: `${hostile}<p>\\(x^2\\)</p>`,
      opsi: { a: hostile, b: 'dua', c: 'tiga', d: 'empat', e: 'lima' },
      pembahasan: hostile,
    };
    mapel.soal[2] = {
      ...mapel.soal[2],
      pernyataan: [
        { teks: hostile, kunci: 'Y' },
        { teks: '3 × 3 = 6', kunci: 'N' },
      ],
    };
    writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paket));
    expect(await runner(ctx, dir)('import-paket', 'paket.json')).toMatchObject({ code: 0, err: '' });

    const soal = await ctx.db
      .selectFrom('soal')
      .select(['id', 'soal', 'a', 'pembahasan'])
      .where('nomor', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expectBersih(soal.soal);
    expectBersih(soal.a);
    expectBersih(soal.pembahasan ?? '');
    expect(soal.soal).toContain('class="katex"');
    expect(soal.soal).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
    const pernyataan = await ctx.db
      .selectFrom('soal_group')
      .select('pernyataan')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expectBersih(pernyataan.pernyataan);
  });
});
