/**
 * What reading a question file in another format gives: our questions, what was left out on purpose (categories,
 * descriptions: not questions) and what cannot be scored as written, each named by the question's name and type.
 */
import { HURUF_OPSI } from '../../../contract/fields';
import type { SoalFile } from '../paketFormat';

/** Where a question stands in its file, so that two questions of one name can be told apart. */
export interface AsalSoal {
  /** The question's name (or its first words when it has none). */
  nama: string;
  /** Its type in the source format's words: "matching", "multichoice". */
  jenis: string;
  /** Its identifier in the file, when the format gives one (a QTI item's `identifier`, Moodle's `idnumber`). */
  id?: string;
  /** Where it is: "line 31", "row 4", the item's file inside a package ("items/q5.xml"). */
  tempat?: string;
}

export interface TidakDidukung extends AsalSoal {
  alasan: string;
}

export interface HasilKonversi {
  /** The format's name for messages: "Moodle XML", "GIFT". */
  format: string;
  soal: SoalFile[];
  /** Where each of `soal` comes from, in the same order (for problems found later, such as a TeX error). */
  asal: AsalSoal[];
  /** Said, not refused: "category $course$/top/Aljabar (not a question)". */
  dilewati: string[];
  tidakDidukung: TidakDidukung[];
}

/** A result with nothing in it yet. */
export function hasilKosong(format: string): HasilKonversi {
  return { format, soal: [], asal: [], dilewati: [], tidakDidukung: [] };
}

/** How a refused question is named to the operator: `question "Q5" (Numerical, line 31)`. */
export function sebutSoal(a: AsalSoal): string {
  const where = [a.jenis, a.id === undefined ? '' : `id ${a.id}`, a.tempat ?? ''].filter((x) => x !== '');
  return `question "${a.nama}" (${where.join(', ')})`;
}

/** A file's own problem (not XML, no questions): stops reading that file. */
export class FileSoalRusak extends Error {}

/** Plain text as HTML (GIFT and spreadsheet cells are text; our questions are HTML). */
export function teksKeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, '<br>');
}

/** A question's name for messages: its own, or its first words. */
export function namaSoal(nama: string | null | undefined, html: string): string {
  const own = (nama ?? '').trim();
  if (own !== '') return own;
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words.length > 40 ? `${words.slice(0, 37)}...` : words || '(untitled)';
}

/** HTML that starts with a block of its own. */
const BLOK = /^<(p|div|ul|ol|table|h[1-6]|blockquote|pre|figure)\b/i;

/**
 * A question's discussion (pembahasan) from its feedback, which never goes into its text or options: the general
 * feedback, then the right answer's, then each other option's labelled by its letter ("Pilihan B"). Empty parts are
 * left out; undefined when nothing is left.
 */
export function pembahasanDariFeedback(
  umum: readonly string[],
  perOpsi: readonly string[] = [],
  benar = -1,
): string | undefined {
  // Each part its own block, so the parts do not run together as one sentence on the page.
  const blok = (html: string, label = '') =>
    BLOK.test(html) ? `<div>${label}${html}</div>` : `<p>${label}${html}</p>`;
  const lain = perOpsi.flatMap((f, i) =>
    i === benar || f.trim() === ''
      ? []
      : [blok(f.trim(), `<strong>Pilihan ${HURUF_OPSI[i] ?? i + 1}:</strong> `)],
  );
  const parts = [...new Set([...umum, perOpsi[benar] ?? ''].map((f) => f.trim()).filter((f) => f !== ''))];
  const semua = [...parts.map((f) => (BLOK.test(f) ? f : blok(f))), ...lain];
  return semua.length > 0 ? semua.join('\n') : undefined;
}

/** Type 1 from options in order and the index of the right one. */
export function pilihanGanda(soal: string, opsi: string[], benar: number, pembahasan?: string): SoalFile {
  return {
    type: 1,
    soal,
    opsi: {
      a: opsi[0] ?? '',
      b: opsi[1] ?? '',
      c: opsi[2] ?? '',
      d: opsi[3] ?? '',
      ...(opsi.length > 4 ? { e: opsi[4] } : {}),
    },
    kunci: HURUF_OPSI[benar],
    ...(pembahasan ? { pembahasan } : {}),
  };
}

/** A true/false question: type 3 with the question as its one statement, Benar/Salah. */
export function benarSalah(soal: string, benar: boolean, pembahasan?: string): SoalFile {
  return {
    type: 3,
    soal,
    group_text_type: 1,
    pernyataan: [{ teks: 'Pernyataan di atas', kunci: benar ? 'Y' : 'N' }],
    ...(pembahasan ? { pembahasan } : {}),
  };
}
