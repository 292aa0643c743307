/**
 * One clock for the exam. Time left is counted by the server, so a process whose clock is off cuts or lengthens
 * every student's time by as much. Each process compares its clock with the database's (PostgreSQL's `now()`, the
 * one clock every process of the fleet shares) and leaves service when they disagree (README "Production").
 */

/** Past this many milliseconds apart the process is not ready (/readyz 503) and logs an error. */
export const SELISIH_MAKS_MS = 2000;

/**
 * The database's clock minus ours (ms), from one round trip: the database read its clock somewhere between the
 * moment we asked and the moment its answer arrived, so it is compared with the middle of the two.
 */
export function selisihJamMs(dikirimPada: number, jamBasisData: number, diterimaPada: number): number {
  return jamBasisData - (dikirimPada + diterimaPada) / 2;
}

/** Why the process must not serve with this offset, in the words /readyz answers; null within the bound. */
export function masalahJam(selisihMs: number): string | null {
  if (Math.abs(selisihMs) <= SELISIH_MAKS_MS) return null;
  const detik = Math.round(Math.abs(selisihMs) / 100) / 10;
  return `jam server selisih ${detik.toLocaleString('id-ID')} detik dengan basis data`;
}
