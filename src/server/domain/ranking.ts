/** Package totals and competition ranks. Pure, no I/O. */

/** Round half away from zero to 2 decimals (the EPSILON keeps 1.005 from becoming 1.00). */
export function round2(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round((Math.abs(value) + Number.EPSILON) * 100)) / 100;
}

/** Mean of a list, or null when it is empty. */
export function meanOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** A package's total: the mean of its subject scores, rounded to 2 decimals; null without any score. */
export function packageTotal(subjectScores: readonly number[]): number | null {
  const mean = meanOf(subjectScores);
  return mean === null ? null : round2(mean);
}

export interface Ranked<T> {
  item: T;
  peringkat: number;
}

/**
 * Competition ranks (1, 2, 2, 4): highest score first; equal scores share the rank of the first of them and the
 * next score skips the places they took. `tieOrder` only orders rows within a tie (e.g. by name), so the listing
 * is stable.
 */
export function competitionRanks<T>(
  items: readonly T[],
  score: (item: T) => number,
  tieOrder: (a: T, b: T) => number = () => 0,
): Ranked<T>[] {
  const sorted = [...items].sort((a, b) => score(b) - score(a) || tieOrder(a, b));
  const ranked: Ranked<T>[] = [];
  sorted.forEach((item, index) => {
    const previous = ranked[index - 1];
    const peringkat = previous && score(previous.item) === score(item) ? previous.peringkat : index + 1;
    ranked.push({ item, peringkat });
  });
  return ranked;
}
