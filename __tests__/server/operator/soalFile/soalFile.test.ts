/**
 * Question files in other formats behind a subject's soal_file: Moodle XML (Moodle's own export shape, images in
 * <file encoding="base64">), GIFT with categories and feedback, QTI 2.x (item XML and an IMS content package zip)
 * and an Excel workbook; TeX typeset and images in the content store; what cannot be scored refused by name.
 */
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { buildTestApp, type TestContext } from '../../../helpers/buildTestApp';
import { paketContoh, SISWA_CSV } from '../../../helpers/operatorFixtures';
import { counts, runner } from '../../../helpers/operatorRun';
import type { PaketFile } from '../../../../src/server/operator/paketFormat';

jest.setTimeout(60_000);

const FIXTURES = path.join(__dirname, '../../../fixtures/soal');

let ctx: TestContext;
let dir: string;
beforeEach(async () => {
  ctx = await buildTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'siaptes-soalfile-'));
  for (const name of ['moodle-export.xml', 'moodle-campuran.xml', 'bank.gift', 'qti-item.xml'])
    writeFileSync(path.join(dir, name), readFileSync(path.join(FIXTURES, name)));
  writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
  expect((await runner(ctx, dir)('import-siswa', 'kelas.csv')).code).toBe(0);
});
afterEach(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The content package zipped as a CBT system exports it. */
function qtiZip(): Buffer {
  const root = path.join(FIXTURES, 'qti-paket');
  const files: Record<string, Uint8Array> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else files[path.relative(root, p).split(path.sep).join('/')] = readFileSync(p);
    }
  };
  walk(root);
  return Buffer.from(zipSync(files));
}

async function excelSoal(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Soal');
  sheet.addRow(['type', 'soal', 'a', 'b', 'c', 'd', 'e', 'kunci', 'pembahasan', 'pernyataan']);
  sheet.addRow([
    1,
    'Hasil dari \\(2^3\\) adalah …',
    '6',
    '8',
    '9',
    '12',
    '16',
    'b',
    'Karena \\(2\\cdot2\\cdot2=8\\).',
    '',
  ]);
  sheet.addRow([
    3,
    'Tentukan benar atau salah.',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    'Y: 7 bilangan prima\nN: 9 bilangan prima',
  ]);
  sheet.addRow([5, 'Berapakah 3/4 dalam desimal?', '', '', '', '', '', 0.75, '', '']);
  sheet.addRow([2, 'Lawan kata "panas"?', '', '', '', '', '', 'dingin', '', '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function paketDengan(files: string[]): PaketFile {
  const paket = paketContoh(ctx.clock.now(), ['budi.santoso']);
  const template = paket.kategori[0].mapel[0];
  paket.kategori[0].mapel = files.map((file, i) => {
    const { soal: _unused, ...rest } = template;
    return { ...rest, nama: `Mapel ${i + 1}`, soal_file: file } as unknown as typeof template;
  });
  return paket;
}

async function soalMapel(nama: string) {
  return ctx.db
    .selectFrom('soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .select([
      'soal.type',
      'soal.soal',
      'soal.a',
      'soal.b',
      'soal.e',
      'soal.kunci',
      'soal.pembahasan',
      'soal.id',
    ])
    .where('mapel.nama', '=', nama)
    .orderBy('soal.nomor')
    .execute();
}

it('imports Moodle XML, GIFT, a QTI item, a QTI package and an Excel workbook with images and TeX', async () => {
  writeFileSync(path.join(dir, 'paket.zip'), qtiZip());
  writeFileSync(path.join(dir, 'soal.xlsx'), await excelSoal());
  writeFileSync(
    path.join(dir, 'paket.json'),
    JSON.stringify(paketDengan(['moodle-export.xml', 'bank.gift', 'qti-item.xml', 'paket.zip', 'soal.xlsx'])),
  );
  const run = runner(ctx, dir);
  const refused = await run('import-paket', 'paket.json');
  expect(refused.code).toBe(1);
  const lines = refused.err.split('\n');
  // Every unsupported question of every file at once, by name, type and place in its file; nothing written.
  expect(lines).toEqual(
    expect.arrayContaining([
      'paket.json kategori[0].mapel[1].soal_file: Mapel 2: bank.gift: question "Rentang" (Numerical, line 22): a range or ' +
        'tolerance; we score the exact number (--skip-unsupported imports the rest)',
      'paket.json kategori[0].mapel[1].soal_file: Mapel 2: bank.gift: question "Pasangan" (Matching, line 24): this question ' +
        'type cannot be scored here (--skip-unsupported imports the rest)',
      'paket.json kategori[0].mapel[3].soal_file: Mapel 4: paket.zip: question "Urutkan bilangan" ' +
        '(orderInteraction, id urutan, items/urutan.xml): this interaction cannot be scored here (--skip-unsupported imports the rest)',
    ]),
  );
  expect(lines.filter((l) => l.startsWith('paket.json'))).toHaveLength(3);
  const before = await counts(ctx.db);
  expect(before.soal).toBe(0);

  const result = await run('import-paket', 'paket.json', '--skip-unsupported');
  expect(result.code).toBe(0);
  expect(result.err).toContain(
    'Mapel 1: moodle-export.xml: left out category $course$/top/Default for PM/Geometri (not a question)',
  );
  expect(result.err).toContain(
    'Mapel 1: moodle-export.xml: left out description "Petunjuk" (not a question)',
  );
  expect(result.err).toContain('Mapel 2: bank.gift: skipped question "Pasangan" (Matching, line 24)');
  expect(result.err).toContain('Mapel 1: 5 question(s) from moodle-export.xml (Moodle XML)');
  expect(result.out).toContain('6 subjects, 19 questions');

  const moodle = await soalMapel('Mapel 1');
  expect(moodle.map((s) => [s.type, s.kunci])).toEqual([
    [1, 'B'],
    [3, ''],
    [2, 'Bandung'],
    [5, '2.5'],
    [4, '<p>Garis sejajar dan sudut dalam berseberangan.</p>'],
  ]);
  const image = /<img src="\/konten\/([0-9a-f]{64})" alt="segitiga siku-siku"/.exec(moodle[0].soal);
  expect(image).not.toBeNull();
  const served = await ctx.app.inject({ method: 'GET', url: `/konten/${image![1]}` });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(moodle[0].soal).toContain('class="katex"');
  expect(moodle[0].b).toContain('<mn>12</mn>');
  expect(moodle[0].pembahasan).toContain('class="katex-display"');
  const statement = await ctx.db
    .selectFrom('soal_group')
    .select(['pernyataan', 'kunci'])
    .where('id_soal', '=', moodle[1].id)
    .execute();
  expect(statement).toEqual([{ pernyataan: 'Pernyataan di atas', kunci: 'N' }]);

  const gift = await soalMapel('Mapel 2');
  expect(gift.map((s) => [s.type, s.kunci])).toEqual([
    [1, 'B'],
    [3, ''],
    [2, 'Denpasar'],
    [5, '12'],
    [4, ''],
  ]);
  expect(gift[0].pembahasan).toContain('<mo>=</mo>');

  const item = await soalMapel('Mapel 3');
  expect(item.map((s) => [s.type, s.kunci])).toEqual([[1, 'B']]);
  expect(item[0].e).toContain('<mfrac>');

  const pkg = await soalMapel('Mapel 4');
  expect(pkg.map((s) => [s.type, s.kunci])).toEqual([
    [1, 'C'],
    [5, '36'],
  ]);
  expect(pkg[0].soal).toMatch(/<img src="\/konten\/[0-9a-f]{64}" alt="grafik parabola"/);

  const excel = await soalMapel('Mapel 5');
  expect(excel.map((s) => [s.type, s.kunci])).toEqual([
    [1, 'B'],
    [3, ''],
    [5, '0.75'],
    [2, 'dingin'],
  ]);
  expect((await counts(ctx.db)).konten).toBe(2);
});

it('refuses every unsupported Moodle question by name and type, and convert-soal prints the soal array', async () => {
  writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paketDengan(['moodle-campuran.xml'])));
  const run = runner(ctx, dir);
  const refused = await run('import-paket', 'paket.json');
  expect(refused.code).toBe(1);
  const problems = refused.err.split('\n').filter((l) => l.startsWith('paket.json'));
  expect(problems.map((l) => /question "([^"]+)" \(([^)]+)\)/.exec(l)?.slice(1).join(' / '))).toEqual([
    'Bilangan prima / multichoice, line 9',
    'Pasangkan ibu kota / matching, line 23',
    'Pi kira-kira / numerical, line 34',
    'Warna pelangi / multichoice, line 43',
    'Isian rumpang / cloze, line 55',
  ]);
  expect(refused.err).toContain('5 problem(s) found; nothing was written.');

  const converted = await run('convert-soal', 'moodle-export.xml');
  expect(converted.code).toBe(0);
  const soal = JSON.parse(converted.out) as PaketFile['kategori'][0]['mapel'][0]['soal'];
  expect(soal).toHaveLength(5);
  expect(soal[0]).toMatchObject({
    type: 1,
    kunci: 'B',
    opsi: { a: '<p>\\(10\\)</p>', b: '<p>\\(12\\)</p>' },
  });
  expect(soal[0].soal).toContain('<img src="data:image/png;base64,iVBOR');
  expect(soal[3]).toEqual({
    type: 5,
    soal: '<p>Jika \\(2x + 3 = 8\\), maka \\(x\\) = …</p>',
    kunci: '2.5',
    pembahasan: '<p>\\(x = 2{,}5\\)</p>',
  });
  expect(converted.err).toContain('left out description "Petunjuk" (not a question)');

  const mixed = await run('convert-soal', 'moodle-campuran.xml');
  expect(mixed.code).toBe(1);
  const skipped = await run('convert-soal', 'moodle-campuran.xml', '--skip-unsupported');
  expect(JSON.parse(skipped.out)).toEqual([
    {
      type: 2,
      soal: '<p>Planet terbesar di tata surya adalah …</p>',
      kunci: 'Jupiter',
      pembahasan: '<p>Jupiter.</p>',
    },
  ]);
  expect(skipped.err).toContain(
    'skipped question "Warna pelangi" (multichoice, line 43): 6 options; at most 5 (A–E)',
  );
});

it("refuses a soal_file outside the package file's folder by name, symbolic links included, writing nothing", async () => {
  const luar = mkdtempSync(path.join(tmpdir(), 'siaptes-luar-'));
  try {
    writeFileSync(path.join(luar, 'bank.gift'), readFileSync(path.join(FIXTURES, 'bank.gift')));
    symlinkSync(path.join(luar, 'bank.gift'), path.join(dir, 'tautan.gift'));
    const names = [`../${path.basename(luar)}/bank.gift`, path.join(luar, 'bank.gift'), 'tautan.gift'];
    writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paketDengan(names)));
    const before = await counts(ctx.db);
    const refused = await runner(ctx, dir)('import-paket', 'paket.json');
    expect(refused.code).toBe(1);
    for (const [i, name] of names.entries())
      expect(refused.err).toContain(
        `paket.json kategori[0].mapel[${i}].soal_file: Mapel ${i + 1}: ${name} is outside the package file's folder; ` +
          'put the question file beside it',
      );
    expect(await counts(ctx.db)).toEqual(before);
  } finally {
    rmSync(luar, { recursive: true, force: true });
  }
});

/** A zip of one entry of `mb` MB of zeros, made a megabyte at a time (a zip bomb: about 0.1 % of that on disk). */
function zipNol(mb: number): Buffer {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  const entry = new ZipDeflate('imsmanifest.xml', { level: 9 });
  zip.add(entry);
  const nol = new Uint8Array(1024 * 1024);
  for (let i = 0; i < mb; i++) entry.push(nol, i === mb - 1);
  zip.end();
  return Buffer.concat(parts);
}

it('refuses a zip bomb, a zip of too many files and too deep XML by name, memory bounded', async () => {
  const bomb = zipNol(201);
  expect(bomb.length).toBeLessThan(1024 * 1024);
  writeFileSync(path.join(dir, 'bom.zip'), bomb);
  const many: Record<string, Uint8Array> = {};
  for (let i = 0; i < 2001; i++) many[`f${i}.txt`] = new Uint8Array([65]);
  writeFileSync(path.join(dir, 'banyak.zip'), zipSync(many));
  writeFileSync(path.join(dir, 'dalam.xml'), `<quiz>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</quiz>`);
  // The same nesting inside a QTI content package.
  const dalam = `<assessmentItem>${'<div>'.repeat(100)}${'</div>'.repeat(100)}</assessmentItem>`;
  writeFileSync(
    path.join(dir, 'dalam.zip'),
    zipSync({ 'imsmanifest.xml': strToU8('<manifest/>'), 'soal/dalam.xml': strToU8(dalam) }),
  );
  writeFileSync(
    path.join(dir, 'paket.json'),
    JSON.stringify(paketDengan(['bom.zip', 'banyak.zip', 'dalam.xml', 'dalam.zip'])),
  );
  const before = await counts(ctx.db);
  const memory = process.memoryUsage().arrayBuffers;
  const refused = await runner(ctx, dir)('import-paket', 'paket.json');
  // Nothing near the bomb's 201 MB was ever held.
  expect(process.memoryUsage().arrayBuffers - memory).toBeLessThan(64 * 1024 * 1024);
  expect(refused.code).toBe(1);
  expect(refused.err).toContain('Mapel 1: bom.zip is a zip file that expands to more than 200 MB; split it');
  expect(refused.err).toContain(
    'Mapel 2: banyak.zip is a zip file that holds more than 2000 files; split it',
  );
  expect(refused.err).toContain('Mapel 3: dalam.xml is XML nested deeper than 100 levels');
  expect(refused.err).toContain('Mapel 4: dalam.zip holds soal/dalam.xml, XML nested deeper than 100 levels');
  expect(await counts(ctx.db)).toEqual(before);
});

it('says "file not found" and gives bad JSON its line and column', async () => {
  const run = runner(ctx, dir);
  writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paketDengan(['hilang.xml'])));
  const missing = await run('import-paket', 'paket.json');
  expect(missing.code).toBe(1);
  expect(missing.err).toContain(`Mapel 1: file not found: ${path.join(dir, 'hilang.xml')}`);
  expect((await run('import-paket', 'tidak-ada.json')).err).toBe(
    `file not found: ${path.join(dir, 'tidak-ada.json')}\n`,
  );
  expect((await run('convert-soal', 'tidak-ada.xml')).err).toContain(
    `file not found: ${path.join(dir, 'tidak-ada.xml')}`,
  );

  writeFileSync(path.join(dir, 'rusak.json'), '{\n  "paket": 77,\n  "nama" "Paket"\n}\n');
  const bad = await run('import-paket', 'rusak.json');
  expect(bad.code).toBe(1);
  expect(bad.err).toMatch(/^rusak\.json line 3, column 10: is not valid JSON \(Unexpected string\)/);
});
