import { masalahJam, selisihJamMs } from '../domain/selisihJam';
import { jamSelisih } from '../lib/metrics';
import { directPostgresOf } from './createDb';
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
  const pg = directPostgresOf(db);
  if (!pg) return { masalah: () => null, berhenti: () => undefined };
  let masalah: string | null = null;
  const ukur = async (query: (text: string) => Promise<unknown[]>) => {
    const dikirim = opsi.jam();
    const rows = (await query(
      'SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS sekarang',
    )) as { sekarang: number }[];
    const diterima = opsi.jam();
    return {
      selisih: selisihJamMs(dikirim, Number(rows[0].sekarang), diterima),
      pulangPergi: diterima - dikirim,
    };
  };
  // On a connection of its own: a round trip through the pool's queue would measure the queue, not the clock, and
  // a check must not add to that queue under load.
  const periksa = () =>
    pg.alone(async (query) => {
      // Twice, the shorter round trip kept: the first may carry the connection's own start.
      const [a, b] = [await ukur(query), await ukur(query)];
      const { selisih } = a.pulangPergi <= b.pulangPergi ? a : b;
      jamSelisih.set(selisih / 1000);
      const baru = masalahJam(selisih);
      if (baru !== null && masalah === null) opsi.lapor(baru, selisih);
      masalah = baru;
    });
  // One check at a time: a database that does not answer must not gather checks.
  let berjalan = false;
  const lihat = () => {
    if (berjalan) return;
    berjalan = true;
    void periksa()
      .catch(() => undefined)
      .finally(() => {
        berjalan = false;
      });
  };
  lihat();
  const timer = setInterval(lihat, opsi.intervalMs ?? PERIKSA_JAM_MS);
  timer.unref();
  return { masalah: () => masalah, berhenti: () => clearInterval(timer) };
}
