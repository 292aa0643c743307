/**
 * Every score and count on screen, in Indonesian notation (contract/angka.ts: by hand, so that no page pays for the
 * browser's first Intl.NumberFormat).
 */
import { formatAngka } from '../../contract/angka';

/** Scores as Indonesians write them: decimal comma, at most two decimals (612,5). */
export function formatNilai(value: number): string {
  return formatAngka(value, 2);
}

/** A count as Indonesians write it: dots between thousands (10.101). */
export function formatJumlah(value: number): string {
  return formatAngka(value);
}
