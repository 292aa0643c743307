/**
 * The close of a schedule (scoring/penutupan.ts) as a job, off the request path (README "Several processes and
 * machines"). It runs once across every process and machine of one database, under a lease (the `penutupan` row,
 * migration 011) that its holder keeps by writing a later time into it while it works and that another process
 * takes over once that time has passed (the holder died). Who starts it: every server process's scheduler once the
 * window and its grace are over (penjadwalPenutupan.ts), a read of results meanwhile (hasilDihitung.ts), and
 * `siaptes close`, which takes the same lease (operator/tutup.ts).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Executor } from '../db/executor';
import { GRACE_SECONDS, isWindowOver } from '../domain/timing';
import { scoringDuration, timed } from '../lib/metrics';
import { hasilTersimpan, tutupHasil, type StatusPenutupan } from './penutupan';

/** How long a lease stands after its last heartbeat: a holder that died is taken over this long after it. */
export const LEASE_MS = 60_000;
/** How often a holder writes a later time into its lease (several heartbeats fit in one lease). */
const DETAK_MS = 10_000;
/** A close that failed is tried again this long after (by the scheduler, or a read). */
const ULANG_GAGAL_MS = 60_000;
/**
 * What a close is expected to take, told to the students waiting for it: a fixed part and a part per attempt
 * (100,000 attempts close in about 20 s on SQLite and 30 s on PostgreSQL in the bench, README "Performance").
 */
export const PERKIRAAN_DASAR_MS = 3_000;
const PERKIRAAN_PER_PERCOBAAN_MS = 0.3;
/** The server's clock (epoch ms): the job's times are read from it, so tests can move it. */
export type Jam = () => number;

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

/** Schedules whose window and grace are over at `now` and whose results are not stored yet, within `idSiswa`'s. */
export async function jadwalBelumDitutup(db: Executor, now: number, idSiswa?: number): Promise<number[]> {
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
