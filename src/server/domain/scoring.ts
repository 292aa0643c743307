/**
 * Scoring of answers: pure rules, no I/O.
 *
 * Type 1 is right when it equals the key; types 2 and 5 when the text equals the key after trimming, case- and
 * space-folding and numeric equivalence; type 3 only when every statement is right; type 4 (essay) is kept but not
 * scored. Blank answers count as `kosong`.
 */

export type Penilaian = 'benar' | 'salah' | 'kosong' | 'tidak_dinilai';

/** Types whose '0' means "no choice made" (types 1 and 3 treat 0 as blank). */
function isChoiceType(type: number): boolean {
  return type === 1 || type === 3;
}

/** Whether an answer is blank: '' or '0' for types 1 and 3, trimmed-empty text for the others. */
export function isBlank(type: number, jawaban: string | null | undefined): boolean {
  const text = (jawaban ?? '').trim();
  if (text === '') return true;
  return isChoiceType(type) && text === '0';
}

/** Trim, Unicode-compatibility fold (full-width digits, ligatures), lower-case and collapse white space. */
export function normalizeShortAnswer(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2212\u2012\u2013\u2014]/g, '-') // typographic minus and dashes typed as a sign
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const GROUPED_BY_THREE = /^\d{1,3}(\d{3})*$/;

/** Joins groups written with a thousands separator, or null when the grouping is not a clean 3-digit one. */
function joinThousands(text: string, separator: string): string | null {
  const groups = text.split(separator);
  if (groups[0].length === 0 || groups[0].length > 3) return null;
  if (groups.slice(1).some((g) => g.length !== 3)) return null;
  const digits = groups.join('');
  return GROUPED_BY_THREE.test(digits) ? digits : null;
}

/**
 * An unsigned decimal written the Indonesian or the English way, as a plain "123.45" string.
 * - both '.' and ',' present: the last one is the decimal mark, the other groups thousands ("1.234,5", "1,234.5");
 * - only ',': once it is the decimal mark ("0,5"); repeated it groups thousands ("1,000,000");
 * - only '.': repeated it groups thousands ("1.000.000"); once it groups thousands when exactly three digits follow
 *   a non-zero integer part ("1.000" = 1000, the Indonesian habit), else it is the decimal mark ("0.5", "2.75").
 */
function plainDecimal(text: string): string | null {
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimalMark = lastDot > lastComma ? '.' : ',';
    const thousands = decimalMark === '.' ? ',' : '.';
    const cut = Math.max(lastDot, lastComma);
    const integer = joinThousands(text.slice(0, cut), thousands);
    const fraction = text.slice(cut + 1);
    if (integer === null || !/^\d+$/.test(fraction)) return null;
    return `${integer}.${fraction}`;
  }
  const mark = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (mark === null) return text;
  const parts = text.split(mark);
  if (parts.length > 2) return joinThousands(text, mark);
  const [integer, fraction] = parts;
  if (!/^\d*$/.test(integer) || !/^\d+$/.test(fraction)) return null;
  if (mark === '.' && fraction.length === 3 && /^[1-9]\d{0,2}$/.test(integer)) return `${integer}${fraction}`;
  return `${integer === '' ? '0' : integer}.${fraction}`;
}

/** The number a short answer denotes ("0,5", "0.5", "1/2", "-3", "1.000", "1 000"), or null when it is not one. */
export function parseNumber(text: string): number | null {
  const folded = normalizeShortAnswer(text)
    .replace(/\s*\/\s*/g, '/')
    .replace(/^([+-])\s+/, '$1')
    .replace(/(\d) (?=\d{3}(?!\d))/g, '$1'); // "1 000 000": spaces grouping thousands
  const match = /^([+-]?)([\d.,]+)(?:\/([\d.,]+))?$/.exec(folded);
  if (!match) return null;
  const [, sign, numerator, denominator] = match;
  const top = plainDecimal(numerator);
  if (top === null) return null;
  let value = Number(top);
  if (denominator !== undefined) {
    const bottom = plainDecimal(denominator);
    if (bottom === null || Number(bottom) === 0) return null;
    value /= Number(bottom);
  }
  if (!Number.isFinite(value)) return null;
  return sign === '-' ? -value : value;
}

function numbersEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** A short answer (types 2 and 5) equals its key after folding, or as the same number. */
export function shortAnswerEquals(answer: string, key: string): boolean {
  const a = normalizeShortAnswer(answer);
  const k = normalizeShortAnswer(key);
  if (a === '' || k === '') return false;
  if (a === k) return true;
  const na = parseNumber(a);
  const nk = parseNumber(k);
  return na !== null && nk !== null && numbersEqual(na, nk);
}

export interface GroupAnswer {
  /** 'Y' or 'N'. */
  kunci: string;
  /** 'Y', 'N' or '0' (unanswered). */
  jawaban: string;
}

export interface JudgeInput {
  type: number;
  jawaban: string | null | undefined;
  kunci: string;
  /** Type 3: the statements of the question with their keys and the student's answers. */
  group?: readonly GroupAnswer[];
}

function judgeGroup(group: readonly GroupAnswer[] | undefined): Penilaian {
  // A statement question without statements has nothing to score.
  if (!group || group.length === 0) return 'tidak_dinilai';
  if (group.every((s) => isBlank(3, s.jawaban))) return 'kosong';
  const right = group.every((s) => s.jawaban.trim().toUpperCase() === s.kunci.trim().toUpperCase());
  return right ? 'benar' : 'salah';
}

/** The verdict on one answer. */
export function judgeAnswer({ type, jawaban, kunci, group }: JudgeInput): Penilaian {
  switch (type) {
    case 1:
      if (isBlank(1, jawaban)) return 'kosong';
      return (jawaban ?? '').trim().toUpperCase() === kunci.trim().toUpperCase() ? 'benar' : 'salah';
    case 2:
    case 5:
      if (isBlank(type, jawaban)) return 'kosong';
      return shortAnswerEquals(jawaban ?? '', kunci) ? 'benar' : 'salah';
    case 3:
      return judgeGroup(group);
    default:
      // Type 4 essays (and anything unknown) are kept and shown but never scored.
      return 'tidak_dinilai';
  }
}

export interface Tally {
  benar: number;
  salah: number;
  kosong: number;
  /** benar + salah + kosong: the questions that count (essays do not). */
  scored: number;
}

/** Counts the verdicts of a subject. */
export function tally(verdicts: Iterable<Penilaian>): Tally {
  const result: Tally = { benar: 0, salah: 0, kosong: 0, scored: 0 };
  for (const verdict of verdicts) {
    if (verdict === 'tidak_dinilai') continue;
    result[verdict] += 1;
    result.scored += 1;
  }
  return result;
}

export interface ClassicalScore {
  /** round(1000 × benar / scored), 0 when nothing is scored. */
  nilai: number;
  /** Percentage right, rounded as the score: to a thousandth of the whole (one decimal), so 686 is 68.6 %. */
  persentase: number;
}

/**
 * A subject's percentage rounded as its score is (one decimal: a thousandth of the whole), so the two agree on
 * screen; rows scored before kept two decimals.
 */
export function persentaseSeperNilai(persentase: number): number {
  return Math.round(persentase * 10) / 10;
}

/** Classical score of a subject. */
export function classicalScore({ benar, scored }: { benar: number; scored: number }): ClassicalScore {
  if (scored <= 0) return { nilai: 0, persentase: 0 };
  const nilai = Math.round((1000 * benar) / scored);
  return { nilai, persentase: nilai / 10 };
}
