import { sql } from 'kysely';
import { masalahJam, selisihJamMs } from '../domain/selisihJam';
import { jamSelisih } from '../lib/metrics';
import { dialectOf } from './createDb';
import type { Executor } from './executor';

/** How often a process compares its clock with the database's (after once at start). */
export const PERIKSA_JAM_MS = 10_000;

export interface PemeriksaJam {
  /** Why this process must not serve (its clock is off), or null: ok, or not measured yet, or SQLite. */
  masalah(): string | null;
  berhenti(): void;
}

/**
 * Compares the process's clock (`jam`, the one exam time is counted with) with PostgreSQL's at start and every
 * `intervalMs`; an offset past the bound is logged as an error once when it begins, shown as the metric
 * siaptes_jam_selisih_detik and answered by /readyz. SQLite runs on this machine's own clock: nothing to compare.
 * A database that does not answer leaves the last measure as it was (readiness reports the database itself).
 */
export function mulaiPemeriksaJam(
  db: Executor,
  opsi: { jam: () => number; intervalMs?: number; lapor: (masalah: string, selisihMs: number) => void },
): PemeriksaJam {
  if (dialectOf(db) !== 'postgres') return { masalah: () => null, berhenti: () => undefined };
  let masalah: string | null = null;
  const ukur = async () => {
    const dikirim = opsi.jam();
    const { rows } = await sql<{ sekarang: number }>`
      SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS sekarang`.execute(db);
    const diterima = opsi.jam();
    return {
      selisih: selisihJamMs(dikirim, Number(rows[0].sekarang), diterima),
      pulangPergi: diterima - dikirim,
    };
  };
  const periksa = async () => {
    // Twice, the shorter round trip kept: the first may carry opening a connection, all of it before the
    // database reads its clock, and the middle of such a trip is not when it did.
    const [a, b] = [await ukur(), await ukur()];
    const { selisih } = a.pulangPergi <= b.pulangPergi ? a : b;
    jamSelisih.set(selisih / 1000);
    const baru = masalahJam(selisih);
    if (baru !== null && masalah === null) opsi.lapor(baru, selisih);
    masalah = baru;
  };
  const lihat = () => void periksa().catch(() => undefined);
  lihat();
  const timer = setInterval(lihat, opsi.intervalMs ?? PERIKSA_JAM_MS);
  timer.unref();
  return { masalah: () => masalah, berhenti: () => clearInterval(timer) };
}
