/** Scores as Indonesians write them: decimal comma, at most two decimals (612,5). */
export function formatNilai(value: number): string {
  return value.toLocaleString('id-ID', { maximumFractionDigits: 2 });
}
