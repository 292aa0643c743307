/**
 * The close of a schedule (scoring/penutupan.ts) as a job, off the request path (README "Several processes and
 * machines"). A scheduler in every server process starts it once the window and its grace are over; it runs once
 * across every process and machine of one database, under a lease (the `penutupan` row, migration 011) that its
 * holder keeps by writing a later time into it while it works and that another process takes over once that time
 * has passed (the holder died). A result read meanwhile answers at once: "hasil sedang dihitung", and when to come
 * back (HTTP 503 with Retry-After); it also starts the close in its own process should no scheduler have yet.
 * `siaptes close` takes the same lease (operator/tutup.ts).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Executor } from '../db/executor';
import { GRACE_SECONDS, isWindowOver } from '../domain/timing';
import { scoringDuration, timed } from '../lib/metrics';
import { HttpError } from '../lib/httpError';
import { ensureIrtScores } from './irtScoring';
import { hasilTersimpan, tutupHasil, type StatusPenutupan } from './penutupan';

/** How long a lease stands after its last heartbeat: a holder that died is taken over this long after it. */
export const LEASE_MS = 60_000;
/** How often a holder writes a later time into its lease (several heartbeats fit in one lease). */
const DETAK_MS = 10_000;
/** How often a server process's scheduler looks for a schedule to close. */
export const PERIKSA_MS = 5_000;
/** A close that failed is tried again this long after (by the scheduler, or a read). */
const ULANG_GAGAL_MS = 60_000;
/**
 * What a close is expected to take, told to the students waiting for it: a fixed part and a part per attempt
 * (100,000 attempts close in about 20 s on SQLite and 30 s on PostgreSQL in the bench, README "Performance").
 */
const PERKIRAAN_DASAR_MS = 3_000;
const PERKIRAAN_PER_PERCOBAAN_MS = 0.3;
/** The shortest and longest wait a read tells the student. */
const COBA_LAGI_MIN_S = 5;
const COBA_LAGI_MAX_S = 300;

/** The server's clock (epoch ms): the job's times are read from it, so tests can move it. */
export type Jam = () => number;

/** A result read while the close runs: 503, the message, and when to come back. */
export class HasilSedangDihitung extends HttpError {
  constructor(readonly cobaLagiDetik: number) {
    super(503, `Hasil sedang dihitung. Silakan buka lagi dalam ${cobaLagiDetik} detik.`, undefined, {
      'retry-after': String(cobaLagiDetik),
    });
  }
}

/** Who holds a lease: one name per database handle (a process normally has one; tests open several). */
const pemegangDb = new WeakMap<Executor, string>();

export function pemegangOf(db: Executor): string {
  let pemegang = pemegangDb.get(db);
  if (pemegang === undefined) {
    pemegang = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    pemegangDb.set(db, pemegang);
  }
  return pemegang;
}

/**
 * What a close is expected to take (ms), or how to work it out: asked for only when the lease is free, since the
 * scheduler of every process asks for the lease every few seconds while one holder closes.
 */
export type Perkiraan = number | (() => Promise<number>);

/**
 * Takes the lease of a schedule's close when it is free at `now` (no row yet, or its time passed); true when this
 * holder has it now. One statement, so two processes asking at once cannot both get it.
 */
export async function ambilLease(
  db: Executor,
  idJadwal: number,
  now: number,
  perkiraan: Perkiraan,
): Promise<boolean> {
  // Read first: a lease another holder keeps is seen without asking for a write (on SQLite a write would wait, the
  // process's event loop with it, for the holder's close to commit its transaction).
  const lease = await db
    .selectFrom('penutupan')
    .select('berlaku_sampai')
    .where('id_jadwal', '=', idJadwal)
    .executeTakeFirst();
  if (lease && Number(lease.berlaku_sampai) >= now) return false;
  const perkiraanMs = typeof perkiraan === 'number' ? perkiraan : await perkiraan();
  const diambil = await db
    .insertInto('penutupan')
    .values({
      id_jadwal: idJadwal,
      pemegang: pemegangOf(db),
      berlaku_sampai: now + LEASE_MS,
      mulai_at: now,
      perkiraan_selesai: now + perkiraanMs,
      selesai_at: null,
    })
    .onConflict((oc) =>
      oc
        .column('id_jadwal')
        .doUpdateSet((eb) => ({
          pemegang: eb.ref('excluded.pemegang'),
          berlaku_sampai: eb.ref('excluded.berlaku_sampai'),
          mulai_at: eb.ref('excluded.mulai_at'),
          perkiraan_selesai: eb.ref('excluded.perkiraan_selesai'),
          dinilai: 0,
          jumlah: 0,
        }))
        .where('penutupan.berlaku_sampai', '<', now),
    )
    .returning('id_jadwal')
    .executeTakeFirst();
  return diambil !== undefined;
}

/** Writes into a lease this holder still has: a later heartbeat, the release, or the progress. */
async function aturLease(
  db: Executor,
  idJadwal: number,
  nilai: { berlaku_sampai?: number; selesai_at?: number; dinilai?: number; jumlah?: number },
): Promise<void> {
  await db
    .updateTable('penutupan')
    .set(nilai)
    .where('id_jadwal', '=', idJadwal)
    .where('pemegang', '=', pemegangOf(db))
    .execute();
}

/**
 * `kerja` under the schedule's lease: undefined when another holder has it; otherwise its result, with the lease
 * kept alive meanwhile and released after (free at once when `kerja` succeeded; after ULANG_GAGAL_MS when it
 * threw, so a failing close is not retried in a loop). A heartbeat that fails (or comes late, the process being
 * busy) lets another process take over; the close is idempotent (penutupan.ts), so the worst case is a second
 * close writing the same rows.
 */
export async function denganLease<T>(
  db: Executor,
  idJadwal: number,
  jam: Jam,
  perkiraan: Perkiraan,
  kerja: () => Promise<T>,
  detakMs = DETAK_MS,
): Promise<{ hasil: T } | undefined> {
  if (!(await ambilLease(db, idJadwal, jam(), perkiraan))) return undefined;
  const detak = setInterval(() => {
    aturLease(db, idJadwal, { berlaku_sampai: jam() + LEASE_MS }).catch(() => {
      // The next heartbeat tries again (see above).
    });
  }, detakMs);
  detak.unref();
  try {
    const hasil = await kerja();
    clearInterval(detak);
    await aturLease(db, idJadwal, { berlaku_sampai: 0, selesai_at: jam() });
    return { hasil };
  } catch (error) {
    clearInterval(detak);
    await aturLease(db, idJadwal, { berlaku_sampai: jam() + ULANG_GAGAL_MS }).catch(() => undefined);
    throw error;
  }
}

/** The shortest time between two writes of a close's progress into its lease. */
const PROGRES_MS = 1_000;

/**
 * The close's progress (answer sheets judged, of all) as its lease tells every process: written at most every
 * PROGRES_MS and at the last sheet, one write at a time (a report during a write is written after it), never
 * waited for (a failed write only leaves the figure older).
 */
export function laporProgres(db: Executor, idJadwal: number): (dinilai: number, jumlah: number) => void {
  let terakhir = 0;
  let menulis = false;
  let menunggu: { dinilai: number; jumlah: number } | null = null;
  const tulis = (nilai: { dinilai: number; jumlah: number }) => {
    terakhir = Date.now();
    menulis = true;
    aturLease(db, idJadwal, nilai)
      .catch(() => undefined)
      .finally(() => {
        menulis = false;
        const berikut = menunggu;
        menunggu = null;
        if (berikut) tulis(berikut);
      });
  };
  return (dinilai, jumlah) => {
    const akhir = dinilai >= jumlah;
    if (!akhir && Date.now() - terakhir < PROGRES_MS) return;
    if (menulis) menunggu = { dinilai, jumlah };
    else tulis({ dinilai, jumlah });
  };
}

/** What a close is expected to take for the schedule's attempts now. */
async function perkiraanPenutupan(db: Executor, idJadwal: number): Promise<number> {
  const row = await db
    .selectFrom('hasil_to')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id_jadwal', '=', idJadwal)
    .executeTakeFirst();
  return PERKIRAAN_DASAR_MS + Math.round(Number(row?.n ?? 0) * PERKIRAAN_PER_PERCOBAAN_MS);
}

async function statusJadwal(db: Executor, idJadwal: number): Promise<StatusPenutupan | undefined> {
  return db
    .selectFrom('jadwal')
    .select(['tgl_akhir', 'peringkat_at'])
    .where('id', '=', idJadwal)
    .executeTakeFirst();
}

export type HasilTugas = 'ditutup' | 'sudah' | 'belum' | 'dipegang';

/**
 * The close of a schedule whose window and grace are over at `now`, once: 'sudah' when its results are stored
 * already, 'belum' while its window is open, 'dipegang' while another holder has the lease, 'ditutup' when this call
 * closed it (its rows stamped `now`; the lease's times follow `jam`). The results are looked at again once the lease
 * is held, so a close that another holder finished just before is not run again.
 */
export async function jalankanPenutupan(
  db: Executor,
  idJadwal: number,
  jam: Jam,
  now = jam(),
): Promise<HasilTugas> {
  const sebelum = await statusJadwal(db, idJadwal);
  if (!sebelum || hasilTersimpan(sebelum)) return 'sudah';
  if (!isWindowOver(Number(sebelum.tgl_akhir), now)) return 'belum';
  const dijalankan = await denganLease(
    db,
    idJadwal,
    jam,
    // Counting the schedule's attempts costs a scan of them (100,000 at an event): only when the lease is free.
    () => perkiraanPenutupan(db, idJadwal),
    async () => {
      const jadwal = await statusJadwal(db, idJadwal);
      if (!jadwal || hasilTersimpan(jadwal)) return 'sudah' as const;
      await timed(scoringDuration, 'close', () =>
        tutupHasil(db, idJadwal, now, { onProgress: laporProgres(db, idJadwal) }),
      );
      return 'ditutup' as const;
    },
  );
  return dijalankan?.hasil ?? 'dipegang';
}

/** Closes running in this process, by database and schedule: the scheduler and the reads start one at a time. */
const berjalan = new WeakMap<Executor, Map<number, Promise<HasilTugas>>>();

/** jalankanPenutupan, at most one at a time per schedule in this process. */
export function penutupanSekali(db: Executor, idJadwal: number, jam: Jam, now = jam()): Promise<HasilTugas> {
  let perDb = berjalan.get(db);
  if (!perDb) berjalan.set(db, (perDb = new Map()));
  const running = perDb.get(idJadwal);
  if (running) return running;
  const close = jalankanPenutupan(db, idJadwal, jam, now).finally(() => perDb.delete(idJadwal));
  perDb.set(idJadwal, close);
  return close;
}

/** Resolves once every close running in this process has ended (a graceful stop waits for them). */
export async function penutupanSelesai(db: Executor): Promise<void> {
  await Promise.allSettled([...(berjalan.get(db)?.values() ?? [])]);
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
  const progres = await progresDihitung(db, idJadwal, now);
  return new HasilSedangDihitung(Math.max(...[...progres.values()].map((p) => p.cobaLagiDetik)));
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

/** Schedules whose window and grace are over at `now` and whose results are not stored yet, within `idSiswa`'s. */
async function jadwalBelumDitutup(db: Executor, now: number, idSiswa?: number): Promise<number[]> {
  let query = db
    .selectFrom('jadwal')
    .select('id')
    // isWindowOver(tgl_akhir, now) ⇔ tgl_akhir < now − grace.
    .where('tgl_akhir', '<', now - GRACE_SECONDS * 1000)
    .where((eb) => eb.or([eb('peringkat_at', 'is', null), eb('peringkat_at', '<', eb.ref('tgl_akhir'))]));
  if (idSiswa !== undefined)
    query = query.where('id', 'in', (eb) =>
      eb
        .selectFrom('hasil_to')
        .select('hasil_to.id_jadwal')
        .where('hasil_to.id_siswa', '=', idSiswa)
        .union(
          eb
            .selectFrom('jadwal_peserta')
            .select('jadwal_peserta.id_jadwal')
            .where('jadwal_peserta.id_siswa', '=', idSiswa),
        ),
    );
  return (await query.orderBy('tgl_akhir').execute()).map((j) => j.id);
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
