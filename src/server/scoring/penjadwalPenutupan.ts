/**
 * The close's scheduler in every server process: it looks every few seconds for schedules whose window and grace
 * are over and closes them, one after the other, each under its lease (tugasPenutupan.ts).
 */
import type { Executor } from '../db/executor';
import { jadwalBelumDitutup, penutupanSekali, penutupanSelesai, type Jam } from './tugasPenutupan';

/** How often a server process's scheduler looks for a schedule to close. */
export const PERIKSA_MS = 5_000;

/**
 * One look of the scheduler: each schedule whose window and grace are over at `jam()` and whose results are not
 * stored is closed, one after the other, under its lease. A close that throws is reported, and the others go on.
 */
export async function tutupYangBerakhir(
  db: Executor,
  jam: Jam,
  lapor: (error: unknown, idJadwal?: number) => void,
  berhenti: () => boolean = () => false,
): Promise<void> {
  const now = jam();
  let belum: number[];
  try {
    belum = await jadwalBelumDitutup(db, now);
  } catch (error) {
    lapor(error);
    return;
  }
  for (const id of belum) {
    if (berhenti()) return;
    await penutupanSekali(db, id, jam, now).catch((error: unknown) => lapor(error, id));
  }
}

export interface PenjadwalPenutupan {
  /** Stops looking; resolves once every close running in this process has ended. */
  berhenti(): Promise<void>;
}

/**
 * The scheduler of a server process: tutupYangBerakhir every `periksaMs` (a close that throws is tried again at a
 * later look, once its lease has passed).
 */
export function mulaiPenjadwalPenutupan(
  db: Executor,
  opsi: {
    jam: Jam;
    lapor: (error: unknown, idJadwal?: number) => void;
    periksaMs?: number;
    /**
     * False while this process must not close (its clock is off from the database's: a clock ahead would take a
     * dead holder's lease early and close with the wrong time); another process closes meanwhile.
     */
    bolehMenutup?: () => boolean;
  },
): PenjadwalPenutupan {
  let sekarang: Promise<void> | undefined;
  let berhenti = false;
  const lihat = () => {
    // One look at a time: a look during a long close is skipped, not queued.
    if (sekarang || opsi.bolehMenutup?.() === false) return;
    sekarang = tutupYangBerakhir(db, opsi.jam, opsi.lapor, () => berhenti).finally(() => {
      sekarang = undefined;
    });
  };
  // The first look at once: a schedule that ended while no server ran is closed without waiting a period.
  lihat();
  const timer = setInterval(lihat, opsi.periksaMs ?? PERIKSA_MS);
  timer.unref();
  return {
    berhenti: async () => {
      berhenti = true;
      clearInterval(timer);
      await sekarang;
      await penutupanSelesai(db);
    },
  };
}
