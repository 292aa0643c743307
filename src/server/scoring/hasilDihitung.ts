/**
 * Results read while a schedule's close (tugasPenutupan.ts) has not stored them: the read answers at once, "hasil
 * sedang dihitung", and when to come back (HTTP 503 with Retry-After), and starts the close in its own process
 * should no scheduler have yet; a list of a student's results shows how far each close is.
 */
import { sejauhPenutupan } from '../../contract/progresPenutupan';
import type { Executor } from '../db/executor';
import { isWindowOver } from '../domain/timing';
import { HttpError } from '../lib/httpError';
import { ensureIrtScores } from './irtScoring';
import { hasilTersimpan, type StatusPenutupan } from './penutupan';
import { jadwalBelumDitutup, PERKIRAAN_DASAR_MS, penutupanSekali, type Jam } from './tugasPenutupan';

/** The shortest and longest wait a read tells the student. */
const COBA_LAGI_MIN_S = 5;
const COBA_LAGI_MAX_S = 300;

/** A result read while the close runs: 503, the message (with how far the close is), and when to come back. */
export class HasilSedangDihitung extends HttpError {
  constructor(
    readonly cobaLagiDetik: number,
    progres: Pick<ProgresPenutupan, 'dinilai' | 'jumlah'> = { dinilai: 0, jumlah: 0 },
  ) {
    const sejauh = progres.jumlah > 0 ? `: ${sejauhPenutupan(progres.dinilai, progres.jumlah)}` : '';
    super(503, `Hasil sedang dihitung${sejauh}. Silakan buka lagi dalam ${cobaLagiDetik} detik.`, undefined, {
      'retry-after': String(cobaLagiDetik),
    });
  }
}

/** A clock that goes on from `now` (a request's time) in real time: a background close started by a read. */
function jamDari(now: number): Jam {
  const mulai = Date.now();
  return () => now + (Date.now() - mulai);
}

/** A schedule whose close runs: how far it is (answer sheets judged, of all) and when to ask again (seconds). */
export interface ProgresPenutupan {
  dinilai: number;
  jumlah: number;
  cobaLagiDetik: number;
}

/**
 * Schedules being closed, as a read sees them: their closes started in this process should none run here yet (the
 * read does not wait for them), and each one's progress and wait told from its lease (a default while no lease is
 * taken yet).
 */
async function progresDihitung(
  db: Executor,
  idJadwal: readonly number[],
  now: number,
): Promise<Map<number, ProgresPenutupan>> {
  for (const id of idJadwal) {
    penutupanSekali(db, id, jamDari(now), now).catch((error: unknown) => {
      console.error(`penutupan jadwal ${id} gagal`, error);
    });
  }
  const leases = await db
    .selectFrom('penutupan')
    .select(['id_jadwal', 'berlaku_sampai', 'perkiraan_selesai', 'dinilai', 'jumlah'])
    .where('id_jadwal', 'in', idJadwal)
    .execute();
  return new Map(
    idJadwal.map((id) => {
      const lease = leases.find((l) => l.id_jadwal === id);
      const berjalan = lease !== undefined && Number(lease.berlaku_sampai) >= now;
      const sisaMs = berjalan ? Number(lease.perkiraan_selesai) - now : PERKIRAAN_DASAR_MS;
      return [
        id,
        {
          dinilai: berjalan ? Number(lease.dinilai) : 0,
          jumlah: berjalan ? Number(lease.jumlah) : 0,
          cobaLagiDetik: Math.min(COBA_LAGI_MAX_S, Math.max(COBA_LAGI_MIN_S, Math.ceil(sisaMs / 1000))),
        },
      ];
    }),
  );
}

/** The answer to a read of schedules being closed: 503, with the longest of their waits. */
async function sedangDihitung(
  db: Executor,
  idJadwal: readonly number[],
  now: number,
): Promise<HasilSedangDihitung> {
  const progres = [...(await progresDihitung(db, idJadwal, now)).values()];
  // The close the student waits longest for, and how far it is.
  const terlama = progres.reduce((a, b) => (b.cobaLagiDetik > a.cobaLagiDetik ? b : a));
  return new HasilSedangDihitung(terlama.cobaLagiDetik, terlama);
}

/**
 * Results of a schedule made final before they are read. True when the stored rows are the results (read them),
 * false while the window is still open (compute them, as before the close); once the window and its grace are over
 * and the close has not stored them yet, throws HasilSedangDihitung at once. A closed schedule costs nothing here
 * beyond the schedule row the caller already read.
 */
export async function finalkanHasil(
  db: Executor,
  jadwal: number | ({ id: number } & StatusPenutupan),
  now: number,
): Promise<boolean> {
  const row =
    typeof jadwal === 'number'
      ? await db
          .selectFrom('jadwal')
          .select(['id', 'tgl_akhir', 'peringkat_at'])
          .where('id', '=', jadwal)
          .executeTakeFirst()
      : jadwal;
  if (!row) return false;
  if (hasilTersimpan(row)) return true;
  if (isWindowOver(Number(row.tgl_akhir), now)) throw await sedangDihitung(db, [row.id], now);
  // Inside the grace after the end: an event's scores may already be calibrated, as before.
  await ensureIrtScores(db, row.id, now);
  return false;
}

/**
 * finalkanHasil for the operator's commands, which wait: the close run here (or waited for, polling every
 * `tungguMs`, while another holder has it).
 */
export async function finalkanHasilMenunggu(
  db: Executor,
  idJadwal: number,
  now: number,
  tungguMs = 1_000,
): Promise<boolean> {
  while ((await penutupanSekali(db, idJadwal, jamDari(now), now)) === 'dipegang')
    await new Promise((resolve) => setTimeout(resolve, tungguMs));
  return finalkanHasil(db, idJadwal, now);
}

/** Before a read of one student's results: HasilSedangDihitung while a schedule of theirs waits for its close. */
export async function tutupJadwalSiswa(db: Executor, idSiswa: number, now: number): Promise<void> {
  const belum = await jadwalBelumDitutup(db, now, idSiswa);
  if (belum.length > 0) throw await sedangDihitung(db, belum, now);
}

/**
 * Before a list of one student's results: the schedules of theirs waiting for their close, with each one's
 * progress (their closes started as above). The list shows the other schedules' results meanwhile.
 */
export async function jadwalDihitungSiswa(
  db: Executor,
  idSiswa: number,
  now: number,
): Promise<Map<number, ProgresPenutupan>> {
  const belum = await jadwalBelumDitutup(db, now, idSiswa);
  return belum.length > 0 ? progresDihitung(db, belum, now) : new Map();
}
