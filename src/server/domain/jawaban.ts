/**
 * What a student's answer may be, whichever tryout it belongs to (no I/O): a multiple-choice answer is one option
 * letter the student may choose, or '0' / '' to cancel; a short answer and an essay have a longest length. The
 * package tryout (features/tryoutPaket/jawaban.ts) and the topic tryout (features/tryoutMateri/jawaban.ts) word
 * their refusals each in their own way, from these rules.
 */
import { isHurufOpsi, MAX_ANSWER_LENGTH, type HurufOpsi } from '../../contract/fields';

/** Longest short answer (types 2 and 5). */
export const MAX_JAWABAN_SINGKAT = 200;
/** Longest essay (type 4). */
export const MAX_ESAI = MAX_ANSWER_LENGTH;

/**
 * A multiple-choice answer read as the student sent it (spaces and case aside): a letter the student may choose
 * (`tersedia`), a cancel ('0' or '' as sent), no option letter at all, or a letter this student may not choose.
 */
export type Pilihan =
  | { ok: true; huruf: HurufOpsi }
  | { ok: true; batal: '0' | '' }
  | { ok: false; alasan: 'bukanHuruf' }
  | { ok: false; alasan: 'tidakTersedia'; huruf: HurufOpsi };

export function bacaPilihan(jawaban: string, tersedia: (huruf: HurufOpsi) => boolean): Pilihan {
  const huruf = jawaban.trim().toUpperCase();
  if (huruf === '0' || huruf === '') return { ok: true, batal: huruf };
  if (!isHurufOpsi(huruf)) return { ok: false, alasan: 'bukanHuruf' };
  if (!tersedia(huruf)) return { ok: false, alasan: 'tidakTersedia', huruf };
  return { ok: true, huruf };
}

/** The longest answer of a text question type (2, 5: short; 4: essay), or null for a type that is not text. */
export function batasPanjang(type: number): number | null {
  if (type === 2 || type === 5) return MAX_JAWABAN_SINGKAT;
  if (type === 4) return MAX_ESAI;
  return null;
}
