import type { Rng } from '../random';

export type SoalType = 1 | 2 | 3 | 4 | 5;

export interface PernyataanDraft {
  pernyataan: string;
  kunci: 'Y' | 'N';
}

/** One question before it has an id: what `soal` (+ `soal_group`) will hold, plus its simulated difficulty. */
export interface SoalDraft {
  type: SoalType;
  soal: string;
  /** a..e; all '' for types other than 1. */
  options: [string, string, string, string, string];
  kunci: string;
  pembahasan: string;
  groupTextType: 1 | 2 | null;
  groups: PernyataanDraft[];
  /** Rasch difficulty (logits) used only to simulate participants' answers. */
  difficulty: number;
  /** Plausible wrong answers a participant may type (types 2 and 5). */
  jawabanSalah: string[];
}

export interface GenContext {
  rng: Rng;
  /** Options on the sheet: 4 (A–D, for packages that students with choices A–D take) or 5 (A–E). */
  opsi: 4 | 5;
  /** Highest key index allowed: 3 (A–D) or 4 (E); never beyond the options on the sheet. */
  maxKey: 3 | 4;
  /** How many questions this generator has already produced in this subject (to walk its bank). */
  occurrence: number;
  /** Where this subject starts in each bank, so packages differ. */
  offset: number;
}

export type Generator = (ctx: GenContext) => SoalDraft;

export const KUNCI = ['A', 'B', 'C', 'D', 'E'] as const;
const NO_OPTIONS: SoalDraft['options'] = ['', '', '', '', ''];

/** The `occurrence`-th item of a bank, starting at the subject's offset. */
export function bankItem<T>(bank: readonly T[], ctx: GenContext): T {
  return bank[(ctx.offset + ctx.occurrence) % bank.length];
}

function difficulty(ctx: GenContext, base: number): number {
  return base + (ctx.rng.next() - 0.5);
}

/**
 * Multiple choice: the right answer at a random key within maxKey, the distractors around it (three with four
 * options, the fifth option then left empty so the sheet and the PDF show A–D only).
 */
export function pilihanGanda(
  ctx: GenContext,
  soal: string,
  benar: string,
  pengecoh: readonly string[],
  pembahasan: string,
  base = 0,
): SoalDraft {
  const distinct = [...new Set(pengecoh.filter((item) => item !== benar))];
  if (distinct.length < 4) throw new Error(`pilihan ganda butuh 4 pengecoh berbeda: ${soal}`);
  if (ctx.maxKey >= ctx.opsi) throw new Error(`kunci di luar ${ctx.opsi} pilihan: ${soal}`);
  const wrong = ctx.rng.shuffle(distinct).slice(0, ctx.opsi - 1);
  const keyIndex = ctx.rng.int(0, ctx.maxKey);
  const options = [...wrong];
  options.splice(keyIndex, 0, benar);
  while (options.length < 5) options.push('');
  return {
    type: 1,
    soal,
    options: options as SoalDraft['options'],
    kunci: KUNCI[keyIndex],
    pembahasan,
    groupTextType: null,
    groups: [],
    difficulty: difficulty(ctx, base),
    jawabanSalah: [],
  };
}

export function isian(
  ctx: GenContext,
  type: 2 | 5,
  soal: string,
  kunci: string,
  jawabanSalah: string[],
  pembahasan: string,
  base = 0.3,
): SoalDraft {
  return {
    type,
    soal,
    options: NO_OPTIONS,
    kunci,
    pembahasan,
    groupTextType: null,
    groups: [],
    difficulty: difficulty(ctx, base),
    jawabanSalah,
  };
}

export function esai(ctx: GenContext, soal: string, modelJawaban: string, pembahasan: string): SoalDraft {
  return {
    type: 4,
    soal,
    options: NO_OPTIONS,
    kunci: modelJawaban,
    pembahasan,
    groupTextType: null,
    groups: [],
    difficulty: difficulty(ctx, 0.5),
    jawabanSalah: [],
  };
}

export function kelompokPernyataan(
  ctx: GenContext,
  groupTextType: 1 | 2,
  soal: string,
  groups: PernyataanDraft[],
  pembahasan: string,
): SoalDraft {
  return {
    type: 3,
    soal,
    options: NO_OPTIONS,
    kunci: '',
    pembahasan,
    groupTextType,
    groups,
    difficulty: difficulty(ctx, 0.8),
    jawabanSalah: [],
  };
}

/** Indonesian number format: 1.250.000 and 2,5. */
export function angka(value: number): string {
  const [whole, fraction] = Math.abs(value).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${value < 0 ? '−' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}

export function rupiah(value: number): string {
  return `Rp${angka(value)}`;
}

export function p(...paragraphs: string[]): string {
  return paragraphs.map((text) => `<p>${text}</p>`).join('');
}

export function table(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const th = head.map((cell) => `<th>${cell}</th>`).join('');
  const tr = rows
    .map(
      (row) =>
        `<tr>${row.map((cell) => `<td>${typeof cell === 'number' ? angka(cell) : cell}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table border="1" cellpadding="4"><thead><tr>${th}</tr></thead><tbody>${tr}</tbody></table>`;
}

/** Distinct numeric distractors near the right answer. */
export function numericDistractors(ctx: GenContext, benar: number, spread: number[]): string[] {
  const out = new Set<string>();
  for (const delta of ctx.rng.shuffle(spread)) {
    const value = benar + delta;
    if (value !== benar) out.add(angka(value));
  }
  return [...out];
}

export function gcd(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}

/** A fraction in lowest terms, "3/4" (or "2" when whole). */
export function pecahan(numerator: number, denominator: number): string {
  const divisor = gcd(numerator, denominator);
  const n = numerator / divisor;
  const d = denominator / divisor;
  return d === 1 ? String(n) : `${n}/${d}`;
}
