/**
 * A question workbook (.xlsx, read with exceljs): the first sheet, a header row, one row per question with the
 * columns type, soal, a–e, kunci, pembahasan, pernyataan (type 3: one statement per line, "Y: …" or "N: …").
 * The column names of other Indonesian CBT templates are read as ours (pertanyaan, opsi_a…, jawaban_benar; a sheet
 * with options and no type column is multiple choice). Cells are text (HTML is kept when a cell has tags). A row's
 * problems name its row number.
 */
import ExcelJS from 'exceljs';
import { isHurufOpsi } from '../../../contract/fields';
import type { SoalFile } from '../paketFormat';
import { FileSoalRusak, hasilKosong, type HasilKonversi, teksKeHtml } from './konversi';
import { teksSel } from './sel';

export const KOLOM_SOAL = [
  'type',
  'soal',
  'a',
  'b',
  'c',
  'd',
  'e',
  'kunci',
  'pembahasan',
  'pernyataan',
] as const;

/** Other templates' names for our columns. */
const NAMA_LAIN: Record<string, (typeof KOLOM_SOAL)[number]> = {
  pertanyaan: 'soal',
  opsi_a: 'a',
  opsi_b: 'b',
  opsi_c: 'c',
  opsi_d: 'd',
  opsi_e: 'e',
  jawaban_benar: 'kunci',
  jawaban: 'kunci',
};

const html = (text: string) => (/<[a-z][^>]*>/i.test(text) ? text : teksKeHtml(text));

export async function bacaExcelSoal(bytes: Buffer): Promise<HasilKonversi> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new FileSoalRusak(`is not a readable Excel workbook (${(error as Error).message})`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new FileSoalRusak('has no sheet');
  const header = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const name = teksSel(cell.value).trim().toLowerCase();
    header.set(NAMA_LAIN[name] ?? name, col);
  });
  // Options and no type: every row is multiple choice.
  const semuaPilihan = !header.has('type') && ['a', 'b', 'c', 'd'].every((k) => header.has(k));
  const missing = ['type', 'soal'].filter((k) => !header.has(k) && !(k === 'type' && semuaPilihan));
  if (missing.length > 0)
    throw new FileSoalRusak(
      `row 1 lacks the column(s) ${missing.join(', ')}${missing.includes('type') ? ' (or the options a–d, opsi_a–opsi_d, for multiple choice)' : ''} (columns: ${KOLOM_SOAL.join(', ')})`,
    );
  const unknown = [...header.keys()].filter(
    (k) => k !== '' && !(KOLOM_SOAL as readonly string[]).includes(k),
  );
  if (unknown.length > 0)
    throw new FileSoalRusak(
      `row 1 has unknown column(s) ${unknown.join(', ')} (columns: ${KOLOM_SOAL.join(', ')})`,
    );

  const hasil = hasilKosong('Excel');
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const get = (k: string) => {
      const col = header.get(k);
      return col === undefined ? '' : teksSel(row.getCell(col).value).trim();
    };
    if (KOLOM_SOAL.every((k) => get(k) === '')) continue;
    const type = semuaPilihan ? 1 : Number(get('type'));
    const nama = `row ${r}`;
    if (![1, 2, 3, 4, 5].includes(type)) {
      hasil.tidakDidukung.push({ nama, jenis: `type "${get('type')}"`, alasan: 'the type must be 1 to 5' });
      continue;
    }
    const pembahasan = get('pembahasan');
    const soal: SoalFile = {
      type,
      soal: html(get('soal')),
      ...(pembahasan ? { pembahasan: html(pembahasan) } : {}),
    };
    if (type === 1) {
      soal.opsi = { a: html(get('a')), b: html(get('b')), c: html(get('c')), d: html(get('d')) };
      if (get('e') !== '') soal.opsi.e = html(get('e'));
      soal.kunci = get('kunci').toUpperCase();
      if (!isHurufOpsi(soal.kunci)) {
        hasil.tidakDidukung.push({
          nama,
          jenis: 'type 1',
          alasan: `the key "${get('kunci')}" is no option letter A–E`,
        });
        continue;
      }
    } else if (type === 3) {
      const lines = get('pernyataan')
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean);
      const bad = lines.find((l) => !/^[YN]\s*[:.)-]/i.test(l));
      if (bad !== undefined || lines.length === 0) {
        hasil.tidakDidukung.push({
          nama,
          jenis: 'type 3',
          alasan: `each line of pernyataan must start with Y: or N: (${bad === undefined ? 'none given' : `"${bad}"`})`,
        });
        continue;
      }
      soal.group_text_type = 1;
      soal.pernyataan = lines.map((l) => ({
        teks: html(l.replace(/^[YN]\s*[:.)-]\s*/i, '')),
        kunci: l[0].toUpperCase() === 'Y' ? 'Y' : 'N',
      }));
    } else if (get('kunci') !== '') {
      soal.kunci = get('kunci');
    }
    hasil.soal.push(soal);
    hasil.asal.push({ nama, jenis: `type ${type}` });
  }
  if (hasil.soal.length + hasil.tidakDidukung.length === 0) throw new FileSoalRusak('has no question rows');
  return hasil;
}
