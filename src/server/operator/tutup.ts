/**
 * `siaptes close`: closes a schedule now (its window ends, open attempts end with the answers they saved) and
 * re-scores it whole: every finished attempt's classical subject scores, then — for an event — the IRT calibration,
 * with the shared scoring code the server itself uses — then the close of scoring/penutupan.ts stores every rank and
 * PTN status. The summary reports them. It runs under the schedule's close lease (scoring/tugasPenutupan.ts), so it
 * never runs beside a server's close of the same schedule: while another process holds the lease, it waits.
 */
import type { Executor } from '../db/executor';
import { chunks } from '../db/batch';
import { tutupHasil } from '../scoring/penutupan';
import { denganLease, laporProgres } from '../scoring/tugasPenutupan';
import { cariJadwal } from './hasilJadwal';

export interface RingkasanTutup {
  idJadwal: number;
  paket: number;
  /** The window was moved to end now (it was still open). */
  ditutupSekarang: boolean;
  /** Attempts still running that were ended. */
  percobaanDiakhiri: number;
  /** Finished attempts re-scored. */
  percobaanDinilai: number;
  /** Subjects calibrated by IRT / subjects of the event (0/0 for a regular package). */
  mapelIrt: { calibrated: number; total: number };
  /** Students with a finished package (ranked). */
  peserta: number;
  skorTertinggi: number | null;
  lulusPtn: number;
}

export interface OpsiTutup {
  onProgress?: (done: number, total: number) => void;
  /** Called once when another process holds the lease and this close waits for it. */
  onTunggu?: () => void;
  /** How often the lease is asked for again while another process holds it (ms). */
  tungguMs?: number;
}

/** What the operator's close is expected to take, told to students reading results meanwhile. */
const PERKIRAAN_TUTUP_MS = 60_000;

export async function tutupJadwal(
  db: Executor,
  idJadwal: number,
  now: number,
  opsi: OpsiTutup = {},
): Promise<RingkasanTutup> {
  await cariJadwal(db, idJadwal);
  const mulai = Date.now();
  const jam = () => now + (Date.now() - mulai);
  let menunggu = false;
  for (;;) {
    // The progress goes to the operator's screen and into the lease, where the students' result lists read it.
    const keLease = laporProgres(db, idJadwal);
    const ditutup = await denganLease(db, idJadwal, jam, PERKIRAAN_TUTUP_MS, () =>
      tutupDenganLease(db, idJadwal, now, (done, total) => {
        keLease(done, total);
        opsi.onProgress?.(done, total);
      }),
    );
    if (ditutup) return ditutup.hasil;
    if (!menunggu) opsi.onTunggu?.();
    menunggu = true;
    await new Promise((resolve) => setTimeout(resolve, opsi.tungguMs ?? 1_000));
  }
}

async function tutupDenganLease(
  db: Executor,
  idJadwal: number,
  now: number,
  onProgress?: (done: number, total: number) => void,
): Promise<RingkasanTutup> {
  const jadwal = await cariJadwal(db, idJadwal);
  const ditutupSekarang = jadwal.tgl_akhir > now;
  const open = await db
    .selectFrom('hasil_to')
    .select('id')
    .where('id_jadwal', '=', idJadwal)
    .where('is_selesai', '=', 0)
    .execute();
  await db.transaction().execute(async (trx) => {
    if (ditutupSekarang)
      await trx.updateTable('jadwal').set({ tgl_akhir: now }).where('id', '=', idJadwal).execute();
    for (const chunk of chunks(open.map((o) => o.id))) {
      await trx.updateTable('mapel_waktu').set({ status: 1 }).where('id_hasil_to', 'in', chunk).execute();
      await trx
        .updateTable('hasil_to')
        .set({ is_selesai: 1, ended_at: now })
        .where('id', 'in', chunk)
        .where('is_selesai', '=', 0)
        .execute();
    }
  });

  // The close itself (shared with the server): every finished attempt scored again in bulk, an event calibrated,
  // ranks and statuses stored.
  const ditutup = await tutupHasil(db, idJadwal, now, { nilaiUlang: true, onProgress });
  const mapelIrt = ditutup.calibration?.mapel ?? [];
  return {
    idJadwal,
    paket: jadwal.paket,
    ditutupSekarang,
    percobaanDiakhiri: open.length,
    percobaanDinilai: ditutup.dinilai,
    mapelIrt: {
      calibrated: mapelIrt.filter((m) => m.calibrated).length,
      total: mapelIrt.length,
    },
    peserta: ditutup.peserta,
    skorTertinggi: ditutup.skorTertinggi,
    lulusPtn: ditutup.lulusPtn,
  };
}
