/**
 * The schedule window closes everything (README "Rules of the tryout"): once `tgl_akhir` plus the grace is over,
 * an attempt still running is ended by the server, its open subjects closed and its classical subject rows written,
 * so results are final. Nobody has to be online for it: it happens lazily, on the next touch of the schedule and
 * before every read of results (result calls, rankings, result PDFs, the operator's export). Each attempt is ended
 * in one transaction, and only once (the update is conditional), so a reader never sees a half-ended attempt.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import { GRACE_SECONDS, isWindowOver } from '../domain/timing';
import { tandaiSelesai, writeHasilMapel } from './hasilMapel';

/**
 * Which running attempts to look at: those of one schedule, or those of the schedules one student takes part in. A
 * caller that has just read the schedule's row hands it in (`jadwal`): while its window is open nothing is looked up.
 */
export type Lingkup =
  { idJadwal: number } | { jadwal: { id: number; tgl_akhir: number } } | { idSiswa: number };

/**
 * Ends the running attempts, within `lingkup`, of every schedule whose window and grace are over at `now`. Returns
 * the ids of the schedules where something was ended.
 */
export async function akhiriJadwalBerakhir(db: Executor, lingkup: Lingkup, now: number): Promise<number[]> {
  if ('jadwal' in lingkup) {
    if (!isWindowOver(lingkup.jadwal.tgl_akhir, now)) return [];
    return akhiriJadwalBerakhir(db, { idJadwal: lingkup.jadwal.id }, now);
  }
  // isWindowOver(tgl_akhir, now) ⇔ now − tgl_akhir > grace ⇔ tgl_akhir < now − grace.
  const batas = now - GRACE_SECONDS * 1000;
  // First the schedules whose window is over (by key, cheap on every call), then their running attempts (the
  // partial index hasil_to_berjalan), so a schedule still open costs one look-up and a closed one no scan.
  let closed = db.selectFrom('jadwal').select(['id', 'tgl_akhir']).where('tgl_akhir', '<', batas);
  closed =
    'idJadwal' in lingkup
      ? closed.where('id', '=', lingkup.idJadwal)
      : closed.where('id', 'in', (eb) =>
          eb
            .selectFrom('hasil_to')
            .select('hasil_to.id_jadwal')
            .where('hasil_to.id_siswa', '=', lingkup.idSiswa)
            .union(
              eb
                .selectFrom('jadwal_peserta')
                .select('jadwal_peserta.id_jadwal')
                .where('jadwal_peserta.id_siswa', '=', lingkup.idSiswa),
            ),
        );
  const jadwal = await closed.execute();
  if (jadwal.length === 0) return [];
  const tglAkhirOf = new Map(jadwal.map((j) => [j.id, Number(j.tgl_akhir)]));
  const running = (
    await db
      .selectFrom('hasil_to')
      .select(['id', 'id_jadwal'])
      // A literal, so that SQLite's planner matches the partial index's own condition.
      .where('is_selesai', '=', sql.lit(0))
      .where('id_jadwal', 'in', [...tglAkhirOf.keys()])
      .orderBy('id')
      .execute()
  ).map((attempt) => ({ ...attempt, tgl_akhir: tglAkhirOf.get(attempt.id_jadwal) as number }));

  const ended = new Set<number>();
  for (const attempt of running) {
    await db.transaction().execute(async (trx) => {
      if (!(await tandaiSelesai(trx, attempt.id, now))) return; // another reader ended it first
      // The subjects still open stopped when the window closed.
      await trx
        .updateTable('mapel_waktu')
        .set({ status: 1, sisa_waktu: 0, last_seen_at: Number(attempt.tgl_akhir) })
        .where('id_hasil_to', '=', attempt.id)
        .where('status', '=', 0)
        .execute();
      await writeHasilMapel(trx, attempt.id);
      ended.add(attempt.id_jadwal);
    });
  }
  return [...ended];
}
