/**
 * TeX as exporters write it: a TeX-to-Moodle exporter puts an empty `\(\)` before every text (a Python exporter's
 * `<![CDATA[<p>\(\)…</p>]]>`), which is no math and no error; `\(…\)`, `\[…\]` and `$$…$$` are typeset; a TeX
 * error refuses its question by name with the offending TeX. Moodle 1.9's `<image>`/`<image_base64>` is kept as an
 * image, or the question refused by name when the image is not in the file. The files are written here, in those
 * shapes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestContext } from '../../../helpers/buildTestApp';
import { pngPolos } from '../../../helpers/gambar';
import { paketContoh, SISWA_CSV } from '../../../helpers/operatorFixtures';
import { counts, runner } from '../../../helpers/operatorRun';
import type { PaketFile } from '../../../../src/server/operator/paketFormat';

jest.setTimeout(60_000);

const html = (text: string) => `<![CDATA[<p>\\(\\)${text}</p>]]>`;
const PNG = pngPolos(4, 3, [200, 30, 30]).toString('base64');

/** A Moodle XML file as the exporter writes it, with two Moodle 1.9 image questions. */
const EKSPOR = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<question type="multichoice">
  <name><text>Gaya berat</text></name>
  <questiontext format="html"><text>${html('Jika \\(g = 10\\, ms^{-2}\\), berat benda 2 kg adalah …')}</text></questiontext>
  <generalfeedback format="html"><text>${html('$$W = mg = 20\\,N$$')}</text></generalfeedback>
  <single>true</single>
  <answer fraction="100" format="html"><text>${html('\\(20\\) N')}</text></answer>
  <answer fraction="0" format="html"><text>${html('\\[10\\] N')}</text></answer>
  <answer fraction="0" format="html"><text>${html('$$ $$5 N')}</text></answer>
  <answer fraction="0" format="html"><text>${html('2 N')}</text></answer>
</question>
<question type="shortanswer">
  <name><text>Pecahan rusak</text></name>
  <questiontext format="html"><text>${html('Sederhanakan \\(\\frac{4}{\\).')}</text></questiontext>
  <answer fraction="100"><text>2</text></answer>
</question>
<question type="truefalse">
  <name><text>Bendera</text></name>
  <questiontext format="html"><text>Gambar ini berwarna merah.</text></questiontext>
  <image>gambar/bendera.png</image>
  <image_base64>${PNG}</image_base64>
  <answer fraction="100"><text>true</text></answer>
  <answer fraction="0"><text>false</text></answer>
</question>
<question type="truefalse">
  <name><text>Peta hilang</text></name>
  <questiontext format="html"><text>Peta ini menunjukkan Pulau Jawa.</text></questiontext>
  <image>gambar/peta.png</image>
  <answer fraction="100"><text>true</text></answer>
  <answer fraction="0"><text>false</text></answer>
</question>
</quiz>
`;

let ctx: TestContext;
let dir: string;
beforeEach(async () => {
  ctx = await buildTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'siaptes-tex-'));
  writeFileSync(path.join(dir, 'ekspor.xml'), EKSPOR);
  writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
  expect((await runner(ctx, dir)('import-siswa', 'kelas.csv')).code).toBe(0);
});
afterEach(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

function paketDengan(file: string): PaketFile {
  const paket = paketContoh(ctx.clock.now(), ['budi.santoso']);
  const { soal: _unused, ...rest } = paket.kategori[0].mapel[0];
  paket.kategori[0].mapel = [
    { ...rest, nama: 'Fisika', soal_file: file } as unknown as typeof rest & { soal: [] },
  ];
  return paket;
}

it('refuses a TeX error and a missing Moodle 1.9 image by question name; an empty \\(\\) is no error', async () => {
  writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paketDengan('ekspor.xml')));
  const run = runner(ctx, dir);
  const before = await counts(ctx.db);
  const refused = await run('import-paket', 'paket.json');
  expect(refused.code).toBe(1);
  const problems = refused.err.split('\n').filter((l) => l.startsWith('paket.json'));
  expect(problems).toEqual([
    'paket.json kategori[0].mapel[0].soal_file: Fisika: ekspor.xml: question "Peta hilang" (truefalse, line 26): ' +
      'its image gambar/peta.png (Moodle 1.9 <image>) is not in the file as <image_base64> ' +
      '(--skip-unsupported imports the rest)',
    'paket.json kategori[0].mapel[0].soal_file: Fisika: ekspor.xml: question "Pecahan rusak" (shortanswer, line 13): ' +
      "TeX \\(\\frac{4}{\\) cannot be typeset (Unexpected end of input in a macro argument, expected '}' at end of " +
      'input: \\frac{4}{) (--skip-unsupported imports the rest)',
  ]);
  expect(await counts(ctx.db)).toEqual(before);

  const converted = await run('convert-soal', 'ekspor.xml');
  expect(converted.code).toBe(1);
  expect(converted.err).toContain('question "Pecahan rusak" (shortanswer, line 13): TeX \\(\\frac{4}{\\)');
});

it('typesets \\(…\\), \\[…\\] and $$…$$, drops the empty pairs and keeps the Moodle 1.9 image', async () => {
  writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paketDengan('ekspor.xml')));
  const result = await runner(ctx, dir)('import-paket', 'paket.json', '--skip-unsupported');
  expect(result.code).toBe(0);
  const soal = await ctx.db
    .selectFrom('soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .select([
      'soal.type',
      'soal.soal',
      'soal.a',
      'soal.b',
      'soal.c',
      'soal.d',
      'soal.kunci',
      'soal.pembahasan',
    ])
    .where('mapel.nama', '=', 'Fisika')
    .orderBy('soal.nomor')
    .execute();
  expect(soal.map((s) => [s.type, s.kunci])).toEqual([
    [1, 'A'],
    [3, ''],
  ]);
  const [gaya, bendera] = soal;
  const all = [gaya.soal, gaya.a, gaya.b, gaya.c, gaya.d, gaya.pembahasan].join('\n');
  // No literal delimiters left for the student to see, empty or not.
  expect(all).not.toMatch(/\\\(|\\\)|\\\[|\\\]|\$\$/);
  expect(gaya.soal).toContain('class="katex"');
  expect(gaya.soal).toContain('<annotation encoding="application/x-tex">g = 10\\, ms^{-2}</annotation>');
  expect(gaya.a).toContain('class="katex"');
  expect(gaya.b).toContain('class="katex-display"');
  expect(gaya.c).toBe('<p>5 N</p>');
  expect(gaya.d).toBe('<p>2 N</p>');
  expect(gaya.pembahasan).toContain('class="katex-display"');

  const image = /<img src="\/konten\/([0-9a-f]{64})" alt="bendera.png"/.exec(bendera.soal);
  expect(image).not.toBeNull();
  const served = await ctx.app.inject({ method: 'GET', url: `/konten/${image![1]}` });
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
  expect(result.err).toContain('skipped question "Peta hilang" (truefalse, line 26)');
});
