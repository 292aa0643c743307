/**
 * The content store: images a package embeds are stored by their hash and served at /konten/<sha256>; TeX is
 * typeset with KaTeX at import; an image of another site is refused with the question named, nothing written.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestContext } from '../../helpers/buildTestApp';
import { dataUri, pngPolos } from '../../helpers/gambar';
import { paketContoh } from '../../helpers/operatorFixtures';
import { counts, runner } from '../../helpers/operatorRun';
import { SISWA_CSV } from '../../helpers/operatorFixtures';
import type { PaketFile } from '../../../src/server/operator/paketFormat';

jest.setTimeout(60_000);

let ctx: TestContext;
let dir: string;
beforeEach(async () => {
  ctx = await buildTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'siaptes-konten-'));
  writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
  expect((await runner(ctx, dir)('import-siswa', 'kelas.csv')).code).toBe(0);
});
afterEach(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

function denganSoalPertama(paket: PaketFile, soal: Partial<PaketFile['kategori'][0]['mapel'][0]['soal'][0]>) {
  const first = paket.kategori[0].mapel[0].soal[0];
  paket.kategori[0].mapel[0].soal[0] = { ...first, ...soal };
  return paket;
}

it('stores an embedded image by its hash, serves it from /konten with a long cache, and typesets TeX', async () => {
  const png = pngPolos(40, 20, [200, 30, 30]);
  const sha = createHash('sha256').update(png).digest('hex');
  const paket = denganSoalPertama(paket_(), {
    soal: `<p>Luas persegi pada gambar jika sisinya \\(x^2\\) cm?</p><p><img src="${dataUri(png)}" alt="persegi"></p>`,
    opsi: { a: '\\(x^4\\)', b: '$$2x^2$$', c: '\\[4x\\]', d: 'x', e: '\\(\\frac{1}{2}\\)' },
  });
  writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paket));
  const result = await runner(ctx, dir)('import-paket', 'paket.json');
  expect(result).toMatchObject({ code: 0, err: '' });

  const row = await ctx.db
    .selectFrom('soal')
    .select(['soal', 'a', 'b', 'c', 'e'])
    .where('nomor', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  expect(row.soal).toContain(`<img src="/konten/${sha}" alt="persegi">`);
  expect(row.soal).not.toContain('data:image');
  // KaTeX's HTML and its MathML for screen readers; the source is kept only in the MathML annotation.
  expect(row.soal).toContain('class="katex"');
  expect(row.soal).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML">');
  expect(row.soal).not.toContain('\\(');
  expect(row.b).toContain('class="katex-display"');
  expect(row.e).toContain('<mfrac>');

  const image = await ctx.app.inject({ method: 'GET', url: `/konten/${sha}` });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/png');
  expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(image.rawPayload.equals(png)).toBe(true);

  const again = await ctx.app.inject({
    method: 'GET',
    url: `/konten/${sha}`,
    headers: { 'if-none-match': `"${sha}"` },
  });
  expect(again.statusCode).toBe(304);
  const missing = await ctx.app.inject({ method: 'GET', url: `/konten/${'0'.repeat(64)}` });
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ status: false, message: 'Berkas tidak ditemukan' });
  expect((await ctx.app.inject({ method: 'GET', url: '/konten/not-a-hash' })).statusCode).toBe(404);

  // The same image imported again is the same row.
  expect((await runner(ctx, dir)('import-paket', 'paket.json')).code).toBe(0);
  expect((await counts(ctx.db)).konten).toBe(1);
});

it('refuses an external image and bad TeX with the question named, writing nothing', async () => {
  const paket = denganSoalPertama(paket_(), {
    soal: '<p>Perhatikan grafik.</p><img src="https://example.com/grafik.png">',
    pembahasan: '<p>Jadi \\(\\frac{1}{\\)</p>',
  });
  paket.kategori[1].mapel[0].soal[0].opsi!.b = '<img src="data:image/png;base64,bm90IGFuIGltYWdl">';
  writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paket));
  const before = await counts(ctx.db);
  const result = await runner(ctx, dir)('import-paket', 'paket.json');
  expect(result.code).toBe(1);
  const lines = result.err.split('\n');
  expect(lines).toContain(
    'paket.json kategori[0].mapel[0].soal[0].soal: soal 1 of Penalaran Umum: the image https://example.com/grafik.png ' +
      'is on another site; put the file itself into the question file',
  );
  expect(lines.find((l) => l.startsWith('paket.json kategori[0].mapel[0].soal[0].pembahasan'))).toMatch(
    /soal 1 of Penalaran Umum: TeX \\\(\\frac\{1\}\{\\\) cannot be typeset/,
  );
  expect(lines).toContain(
    'paket.json kategori[1].mapel[0].soal[0].opsi.b: soal 1 of Literasi dalam Bahasa Indonesia: an embedded image ' +
      '(data:image/png;base64,bm90IGFuIGltYWdl) is not a PNG, JPEG, GIF, WebP or SVG image',
  );
  expect(await counts(ctx.db)).toEqual(before);
});

it('stores an SVG without its script, event handlers or outside references, its drawing kept', async () => {
  const svg =
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
    'width="20" height="10" onload="alert(1)"><script>alert(2)</script>' +
    '<style>@import url(https://contoh.test/gaya.css); rect { stroke: red; }</style>' +
    '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
    '<rect width="10" height="10" fill="url(#g)" onclick="curi()"/>' +
    '<rect x="10" width="10" height="10" fill="url(https://contoh.test/f)" style="fill:url(https://contoh.test/s)"/>' +
    '<image xlink:href="https://contoh.test/a.png" width="1" height="1"/><use href="https://contoh.test/u.svg#x"/>' +
    '<foreignObject><iframe src="https://contoh.test/"></iframe></foreignObject>' +
    '<a href="https://contoh.test/"><text>t</text></a></svg>';
  const paket = denganSoalPertama(paket_(), {
    soal: `<p>Gambar:</p><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" alt="bagan">`,
  });
  writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paket));
  expect(await runner(ctx, dir)('import-paket', 'paket.json')).toMatchObject({ code: 0, err: '' });
  const stored = await ctx.db.selectFrom('konten').select(['sha256', 'content_type', 'bytes']).execute();
  expect(stored).toHaveLength(1);
  const text = Buffer.from(stored[0].bytes).toString('utf8');
  expect(stored[0].content_type).toBe('image/svg+xml');
  expect(text).not.toMatch(
    /script|alert|onload|onclick|curi|foreignObject|iframe|<image|<use|<a[\s>]|contoh\.test|@import/i,
  );
  expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(text).toContain('<rect width="10" height="10" fill="url(#g)"/>');
  expect(text).toContain('<linearGradient id="g">');
  // The address is the hash of the cleaned bytes.
  const soal = await ctx.db
    .selectFrom('soal')
    .select('soal')
    .where('nomor', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  expect(soal.soal).toContain(
    `<img src="/konten/${createHash('sha256').update(stored[0].bytes).digest('hex')}" alt="bagan">`,
  );
});

function paket_(): PaketFile {
  return paketContoh(ctx.clock.now(), ['budi.santoso']);
}
