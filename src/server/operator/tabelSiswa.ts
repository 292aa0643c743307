/**
 * An institution's student list as a table, whatever it was saved as: an Excel workbook (.xlsx, first sheet, read
 * with exceljs) or CSV text. CSV that is not UTF-8 is read as Windows-1252 (what Excel's plain "CSV" saves) when
 * every byte is a Windows-1252 character, and the operator is told; otherwise it is refused with the first line
 * that is neither, so no name is ever stored garbled.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { type CsvTable, parseCsv, tabelDari } from './csv';
import { FileBermasalah } from './masalah';
import { teksSel } from './soalFile/sel';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Bytes Windows-1252 leaves undefined, and control characters no text file holds. */
const BUKAN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
const KONTROL = (b: number) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d;

export interface TabelDibaca {
  tabel: CsvTable;
  /** Said to the operator, e.g. that the file was read as Windows-1252. */
  catatan: string[];
}

async function tabelExcel(bytes: Buffer, fileName: string): Promise<CsvTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new FileBermasalah([
      { tempat: fileName, pesan: `is not a readable Excel workbook (${(error as Error).message})` },
    ]);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { header: [], records: [] };
  const width = sheet.columnCount;
  const cells = (r: number) =>
    Array.from({ length: width }, (_, c) => teksSel(sheet.getRow(r).getCell(c + 1).value));
  const rows: { line: number; fields: string[] }[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const fields = cells(r);
    if (fields.some((f) => f.trim() !== '')) rows.push({ line: r, fields });
  }
  return tabelDari(cells(1), rows);
}

/** The first line holding a byte that is neither valid UTF-8 nor Windows-1252 text, or null. */
function barisBukan1252(bytes: Buffer): number | null {
  let line = 1;
  for (const b of bytes) {
    if (BUKAN_1252.has(b) || KONTROL(b)) return line;
    if (b === 0x0a) line += 1;
  }
  return null;
}

/** The bytes as UTF-8 text, or null when they are not UTF-8. */
function bacaUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The first line that is not valid UTF-8 (for the message). */
function barisBukanUtf8(bytes: Buffer): number {
  const lines = bytes.toString('latin1').split('\n');
  let offset = 0;
  for (const [i, l] of lines.entries()) {
    if (bacaUtf8(bytes.subarray(offset, offset + l.length)) === null) return i + 1;
    offset += l.length + 1;
  }
  return 1;
}

export async function bacaTabelSiswa(bytes: Buffer, fileName: string): Promise<TabelDibaca> {
  if (bytes.subarray(0, 4).equals(ZIP)) return { tabel: await tabelExcel(bytes, fileName), catatan: [] };
  const utf8 = bacaUtf8(bytes);
  if (utf8 !== null) return { tabel: parseCsv(utf8), catatan: [] };
  const bad = barisBukan1252(bytes);
  if (bad !== null)
    throw new FileBermasalah([
      {
        tempat: `${fileName} line ${bad}`,
        pesan: 'is neither UTF-8 nor Windows-1252 text; save the file as "CSV UTF-8" and import it again',
      },
    ]);
  return {
    // Node's TextDecoder reads the label windows-1252 as Latin-1 (0x93 would be a control, not “).
    tabel: parseCsv(iconv.decode(bytes, 'win1252')),
    catatan: [
      `${fileName} is not UTF-8 (first at line ${barisBukanUtf8(bytes)}); it was read as Windows-1252, ` +
        'as Excel saves "CSV". Check the names; "CSV UTF-8" avoids the question.',
    ],
  };
}
