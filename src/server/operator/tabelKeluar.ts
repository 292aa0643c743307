/**
 * The operator's exports written from their rows (built apart, in ekspor.ts): CSV for `--out FILE.csv` or standard
 * output, a real Excel workbook for `--out FILE.xlsx` (numbers as numbers, a frozen header row, columns as wide
 * as their content), anything else refused.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { toCsv } from './csv';

export type Sel = string | number | null;

export interface Tabel {
  header: readonly string[];
  rows: readonly (readonly Sel[])[];
}

export type FormatKeluar = 'csv' | 'xlsx';

/** The format an output file name asks for, or null for an extension we do not write. */
export function formatKeluar(file: string): FormatKeluar | null {
  const ext = path.extname(file).toLowerCase();
  return ext === '.csv' ? 'csv' : ext === '.xlsx' ? 'xlsx' : null;
}

/** CSV with a byte-order mark, so spreadsheets read accented names as UTF-8. */
export function csvDenganBom(tabel: Tabel): string {
  return `\uFEFF${toCsv(tabel.header, tabel.rows)}`;
}

const LEBAR_MAKS = 60;

export async function tulisXlsx(tabel: Tabel, namaSheet: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SiapTes';
  const sheet = workbook.addWorksheet(namaSheet.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...tabel.header]).font = { bold: true };
  for (const row of tabel.rows) sheet.addRow(row.map((cell) => (cell === '' ? null : cell)));
  tabel.header.forEach((name, i) => {
    const longest = Math.max(name.length, ...tabel.rows.map((row) => String(row[i] ?? '').length));
    sheet.getColumn(i + 1).width = Math.min(LEBAR_MAKS, longest + 2);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
