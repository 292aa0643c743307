/**
 * Each student's own order (README, "2. A package and its schedule"): the questions of a subject and the options
 * of a type 1 question in an order drawn from the attempt's stored seed. Pure: the same seed gives the same order
 * on every call, so only the seed is stored with the attempt and the order is computed where it is needed.
 *
 * The student sees positions 1..n and letters A.. in their own order; the database keeps the package's numbers and
 * letters, so scoring, IRT, rankings and exports never see the shuffle. `hurufAsli` maps a letter the student
 * chose to the package's, `hurufTampil` the package's (a key, a saved answer) to the student's.
 */

import { HURUF_OPSI, KOLOM_OPSI, type HurufOpsi } from '../../contract/fields';
import { isEmptyHtml } from '../../contract/htmlSoal';
import { Rng } from './rng';

export const ACAK_SOAL = 1;
export const ACAK_OPSI = 2;
/** The student saw option E when the attempt began (kept so every later view shuffles the same letters). */
export const ACAK_LIMA_OPSI = 4;

/** What an attempt shuffles (bits ACAK_SOAL, ACAK_OPSI) and the seed it was drawn with. */
export interface Acak {
  mode: number;
  seed: number;
}

/** The attempt's order, or null when it shows the package's (no seed stored, or nothing to shuffle). */
export function acakDari(mode: number, seed: number | null): Acak | null {
  return seed === null || (mode & (ACAK_SOAL | ACAK_OPSI)) === 0 ? null : { mode, seed };
}

/** The mode a new attempt stores: what the package shuffles, and whether this student sees option E. */
export function modeAcak(paket: { acak_soal: number; acak_opsi: number }, fiveChoices: boolean): number {
  return (
    (paket.acak_soal === 1 ? ACAK_SOAL : 0) |
    (paket.acak_opsi === 1 ? ACAK_OPSI : 0) |
    (fiveChoices ? ACAK_LIMA_OPSI : 0)
  );
}

/** Mixes the seed with what is being ordered (a subject, a question), so each gets its own independent order. */
function campur(seed: number, salt: number, kind: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + kind * 0x27d4eb2f, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/**
 * The questions of one subject (their ids in the package's order) in the order the student sees them. The order
 * depends on the seed, the subject and the set of questions, not on the order they were listed in.
 */
export function urutanSoal<T extends { id: number }>(
  acak: Acak | null,
  idMapel: number,
  soal: readonly T[],
): T[] {
  if (!acak || (acak.mode & ACAK_SOAL) === 0) return [...soal];
  const byId = [...soal].sort((a, b) => a.id - b.id);
  return new Rng(campur(acak.seed, idMapel, 1)).shuffle(byId);
}

/**
 * The options of a type 1 question as the student sees them: entry i is the package's letter shown as the i-th
 * letter (A, B, …). `tersedia` are the package's letters the student may see (those with a text; never E for a
 * student limited to A–D), `tetap` a letter pinned last (a "none of the above"), '' for none.
 */
export function urutanOpsi(
  acak: Acak | null,
  idSoal: number,
  tersedia: readonly string[],
  tetap: string,
): string[] {
  if (!acak || (acak.mode & ACAK_OPSI) === 0) return [...tersedia];
  const pinned = tersedia.includes(tetap) ? tetap : '';
  const free = tersedia.filter((h) => h !== pinned);
  const order = new Rng(campur(acak.seed, idSoal, 2)).shuffle(free);
  return pinned ? [...order, pinned] : order;
}

/** The package's letter behind the letter the student chose; other answers ('0', '') pass through. */
export function hurufAsli(urutan: readonly string[], tampil: string): string {
  const index = HURUF_OPSI.indexOf(tampil as HurufOpsi);
  return index >= 0 && index < urutan.length ? urutan[index] : tampil;
}

/** The letter the student sees for one of the package's letters; other answers ('0', '') pass through. */
export function hurufTampil(urutan: readonly string[], asli: string): string {
  const index = urutan.indexOf(asli);
  return index >= 0 ? HURUF_OPSI[index] : asli;
}

/**
 * The letters of the options that show something, e.g. 'ABCD': by the same rule as the sheets, the review and the
 * PDFs (isEmptyHtml), so a blank option is never shuffled in among the others and the letters shown have no gap.
 */
export function hurufBerteks(teks: { a: string; b: string; c: string; d: string; e: string }): string {
  const texts = [teks.a, teks.b, teks.c, teks.d, teks.e];
  return HURUF_OPSI.filter((_, i) => !isEmptyHtml(texts[i])).join('');
}

/** The option texts in the student's order (a = the first shown, …); letters beyond the order are empty. */
export function teksOpsiTampil<T extends { a: string; b: string; c: string; d: string; e: string }>(
  teks: T,
  urutan: readonly string[],
): { a: string; b: string; c: string; d: string; e: string } {
  const shown = (i: number) => (i < urutan.length ? teks[KOLOM_OPSI[urutan[i] as HurufOpsi]] : '');
  return { a: shown(0), b: shown(1), c: shown(2), d: shown(3), e: shown(4) };
}

/** Whether the attempt shows this question's options in its own order: a type 1 question, options shuffled. */
export function opsiDiacak(acak: Acak | null, soal: { type: number }): acak is Acak {
  return acak !== null && (acak.mode & ACAK_OPSI) !== 0 && soal.type === 1;
}

/**
 * The package's letters of a type 1 question in the attempt's order (entry i shown as the i-th letter), or null
 * when its options keep the package's letters (not type 1, or the attempt does not shuffle options). `berteks` are
 * the letters with an option text (hurufBerteks); E counts only when the student saw E at the start.
 */
export function opsiSiswa(
  acak: Acak | null,
  soal: { id: number; type: number; opsi_tetap: string },
  berteks: string,
): string[] | null {
  if (!opsiDiacak(acak, soal)) return null;
  const tersedia = [...berteks].filter((h) => h !== 'E' || (acak.mode & ACAK_LIMA_OPSI) !== 0);
  return urutanOpsi(acak, soal.id, tersedia, soal.opsi_tetap);
}

/**
 * What the database keeps for an answer a student sent: a choice in a shuffled attempt's letters becomes the
 * package's letter behind it; any other answer, and a question whose options keep the package's letters, as sent.
 * `berteks` are the letters with an option text (hurufBerteks).
 */
export function jawabanPaket(
  acak: Acak | null,
  soal: { id: number; type: number; opsi_tetap: string },
  berteks: string,
  jawaban: string,
): string {
  const urutan = opsiSiswa(acak, soal, berteks);
  return urutan ? hurufAsli(urutan, jawaban) : jawaban;
}

/**
 * A question as the student saw it, for a review or a PDF: the option texts in the attempt's order and the key
 * and the student's answer in its letters (unchanged when the options were not shuffled).
 */
export function soalSiswa(
  acak: Acak | null,
  soal: {
    id: number;
    type: number;
    opsi_tetap: string;
    a: string;
    b: string;
    c: string;
    d: string;
    e: string;
  },
  huruf: { kunci: string; jawaban: string },
): { opsi: { a: string; b: string; c: string; d: string; e: string }; kunci: string; jawaban: string } {
  const urutan = opsiSiswa(acak, soal, hurufBerteks(soal));
  if (!urutan) return { opsi: { a: soal.a, b: soal.b, c: soal.c, d: soal.d, e: soal.e }, ...huruf };
  return {
    opsi: teksOpsiTampil(soal, urutan),
    kunci: hurufTampil(urutan, huruf.kunci),
    jawaban: hurufTampil(urutan, huruf.jawaban),
  };
}

/** The questions of each subject in the attempt's order, subjects in the package's order. */
export function dalamUrutanSiswa<T extends { id: number; id_mapel: number }>(
  acak: Acak | null,
  soal: readonly T[],
): T[] {
  if (!acak) return [...soal];
  const subjects = [...new Set(soal.map((s) => s.id_mapel))];
  return subjects.flatMap((id) =>
    urutanSoal(
      acak,
      id,
      soal.filter((s) => s.id_mapel === id),
    ),
  );
}
