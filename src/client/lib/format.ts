/**
 * One formatter for every score: `toLocaleString` with a locale builds a new Intl.NumberFormat at each call, which
 * cost a results table 440 ms on a phone's CPU (Lighthouse's 4× slowdown).
 */
const nilaiFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });
const bulatFormat = new Intl.NumberFormat('id-ID');

/** Scores as Indonesians write them: decimal comma, at most two decimals (612,5). */
export function formatNilai(value: number): string {
  return nilaiFormat.format(value);
}

/** A count as Indonesians write it: dots between thousands (10.101). */
export function formatJumlah(value: number): string {
  return bulatFormat.format(value);
}
