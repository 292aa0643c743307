/**
 * Spreadsheets in and out of the operator tool: students from .xlsx and from a Windows-1252 CSV (what Excel's plain
 * "CSV" saves), results and item statistics as real workbooks, and the password list readable by Excel.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { buildTestApp, type TestContext } from '../../helpers/buildTestApp';
import { paketContoh } from '../../helpers/operatorFixtures';
import { counts, runner } from '../../helpers/operatorRun';

jest.setTimeout(60_000);

let ctx: TestContext;
let dir: string;
beforeEach(async () => {
  ctx = await buildTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'siaptes-sheet-'));
});
afterEach(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const nama = async (username: string) =>
  await ctx.db
    .selectFrom('siswa')
    .select(['nama_lengkap', 'id_program', 'sekolah'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();

async function bacaXlsx(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook.worksheets[0];
}

it('imports students from an Excel workbook and writes the password list with a UTF-8 byte-order mark', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Siswa');
  sheet.addRow(['username', 'nama_lengkap', 'lembaga', 'id_program', 'sekolah']);
  sheet.addRow(['andre.wina', 'André Winà', 'SMA Harapan', 7, 'SMA Nusantara']);
  sheet.addRow([]);
  sheet.addRow(['siti.noer', 'Siti Nür Çahyani', 'SMA Harapan', 8, '']);
  await workbook.xlsx.writeFile(path.join(dir, 'kelas.xlsx'));

  const result = await runner(ctx, dir)('import-siswa', 'kelas.xlsx');
  expect(result).toMatchObject({ code: 0, err: '' });
  expect(result.out).toContain('Students: 2 created, 0 updated.');
  expect(await nama('andre.wina')).toEqual({
    nama_lengkap: 'André Winà',
    id_program: 7,
    sekolah: 'SMA Nusantara',
  });
  expect((await nama('siti.noer')).nama_lengkap).toBe('Siti Nür Çahyani');

  const passwords = readFileSync(path.join(dir, 'kelas-passwords.csv'));
  expect([...passwords.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(passwords.toString('utf8')).toContain('andre.wina,André Winà,');

  // A bad row of a workbook is named by its row number.
  sheet.getRow(4).getCell(4).value = 'delapan';
  await workbook.xlsx.writeFile(path.join(dir, 'salah.xlsx'));
  const bad = await runner(ctx, dir)('import-siswa', 'salah.xlsx');
  expect(bad.code).toBe(1);
  expect(bad.err).toContain('salah.xlsx line 4: id_program "delapan" is not a whole number above 0');
});

it('reads a Windows-1252 CSV as such and says so; refuses text that is neither, with the line', async () => {
  const text =
    'username;nama_lengkap;lembaga;id_program\r\nandre;André Winé;SMA Harapan;7\r\nzoe;Zoë “Zizi” Ñoño;SMA Harapan;7\r\n';
  const cp1252 = Buffer.from([...text].map((ch) => ({ '“': 0x93, '”': 0x94 })[ch] ?? ch.charCodeAt(0)));
  writeFileSync(path.join(dir, 'excel.csv'), cp1252);
  const result = await runner(ctx, dir)('import-siswa', 'excel.csv');
  expect(result.code).toBe(0);
  expect(result.err).toContain('excel.csv is not UTF-8 (first at line 2); it was read as Windows-1252');
  expect((await nama('andre')).nama_lengkap).toBe('André Winé');
  expect((await nama('zoe')).nama_lengkap).toBe('Zoë “Zizi” Ñoño');

  const before = await counts(ctx.db);
  writeFileSync(
    path.join(dir, 'rusak.csv'),
    Buffer.concat([
      Buffer.from('username,nama_lengkap,lembaga,id_program\nbudi,Budi,SMA,7\ncici,C'),
      Buffer.from([0x81, 0x90]),
      Buffer.from('i,SMA,7\n'),
    ]),
  );
  const refused = await runner(ctx, dir)('import-siswa', 'rusak.csv');
  expect(refused.code).toBe(1);
  expect(refused.err).toContain('rusak.csv line 3: is neither UTF-8 nor Windows-1252 text');
  expect(await counts(ctx.db)).toEqual(before);
});

it('exports results and item statistics as real workbooks, CSV with a byte-order mark, and refuses other extensions', async () => {
  const run = runner(ctx, dir);
  writeFileSync(
    path.join(dir, 'kelas.csv'),
    'username,nama_lengkap,lembaga,id_program,sekolah\nandre,André Winà,SMA Harapan,7,SMA Nusantara\n',
  );
  expect((await run('import-siswa', 'kelas.csv')).code).toBe(0);
  writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paketContoh(ctx.clock.now(), ['andre'])));
  expect((await run('import-paket', 'paket.json')).code).toBe(0);

  expect((await run('export-hasil', '1', '--out', 'hasil.xlsx')).code).toBe(0);
  const hasil = await bacaXlsx(path.join(dir, 'hasil.xlsx'));
  expect(hasil.getRow(1).getCell(1).value).toBe('username');
  expect(hasil.getRow(1).font?.bold).toBe(true);
  expect(hasil.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(hasil.getRow(2).getCell(2).value).toBe('André Winà');
  expect(hasil.getRow(2).getCell(4).value).toBe(7); // a number, not the text "7"
  expect(hasil.getColumn(2).width).toBe(14);

  expect((await run('export-butir', '1', '--out', 'butir.xlsx')).code).toBe(0);
  const butir = await bacaXlsx(path.join(dir, 'butir.xlsx'));
  expect(butir.getRow(1).getCell(3).value).toBe('nomor');
  expect([2, 3, 4, 5].map((r) => butir.getRow(r).getCell(3).value)).toEqual([1, 2, 3, 4]);
  expect(butir.getRow(2).getCell(5).value).toBe('A');

  expect((await run('export-hasil', '1', '--out', 'hasil.csv')).code).toBe(0);
  const csv = readFileSync(path.join(dir, 'hasil.csv'), 'utf8');
  expect(csv.startsWith('\uFEFFusername,nama_lengkap')).toBe(true);

  const wrong = await run('export-hasil', '1', '--out', 'hasil.ods');
  expect(wrong.code).toBe(2);
  expect(wrong.err).toContain('--out hasil.ods: write .csv or .xlsx');
});
