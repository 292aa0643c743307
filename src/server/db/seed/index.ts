import type { Db } from '../createDb';
import { DEMO, DEMO_ROLES, demoAccountRows, type DemoRole } from './accounts';
import type { JadwalRole } from './catalog';
import { insertRowsReturningIds } from './batch';
import { enrol, insertPackages } from './packages';
import { Rng } from './random';

export { DEMO } from './accounts';
export type { DemoRole } from './accounts';
export type { JadwalRole } from './catalog';

/** The fixed seed of the demo data: the same `now` gives the same rows (password salts aside). */
export const SEED = 20_250_421;

export interface SeedOptions {
  /** Epoch ms the schedules are placed around; default Date.now(). */
  now?: number;
  /** Synthetic participants (default 300). */
  participants?: number;
}

export interface KategoriRingkas {
  id: number;
  nama: string;
  hash: string;
  mapel: { id: number; nama: string; waktu: number; jumlahSoal: number }[];
}

export interface JadwalRingkas {
  id: number;
  paket: number;
  isEvent: boolean;
  kategori: KategoriRingkas[];
}

/** What tests and the CLI need to find the demo rows again. */
export interface SeedSummary {
  now: number;
  siswa: Record<DemoRole, number>;
  jadwal: Record<JadwalRole, JadwalRingkas>;
  participants: number;
}

export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const now = options.now ?? Date.now();
  const rng = new Rng(SEED);
  // Hashing is slow on purpose (scrypt); do it before the transaction so the write lock is held briefly.
  const accounts = await demoAccountRows();

  return db.kysely.transaction().execute(async (trx) => {
    const accountIds = await insertRowsReturningIds(trx, 'siswa', accounts);
    const siswa = Object.fromEntries(DEMO_ROLES.map((role, i) => [role, accountIds[i]])) as Record<
      DemoRole,
      number
    >;

    const jadwal = await insertPackages(trx, rng.fork('paket'), now);
    const regularRoles: JadwalRole[] = ['selesai', 'terlewat', 'berjalan', 'berikutnya', 'akanDatang'];
    const eventRoles: JadwalRole[] = ['eventSelesai', 'eventBerjalan'];
    await enrol(trx, [
      ...regularRoles.flatMap((role) =>
        [siswa.reguler, siswa.tutor, siswa.umum].map((id_siswa) => ({
          id_jadwal: jadwal[role].id,
          id_siswa,
        })),
      ),
      ...eventRoles.map((role) => ({ id_jadwal: jadwal[role].id, id_siswa: siswa.akbar })),
    ]);

    const ringkas = Object.fromEntries(
      Object.entries(jadwal).map(([role, j]) => [
        role,
        {
          id: j.id,
          paket: j.paket,
          isEvent: j.isEvent,
          kategori: j.kategori.map((k) => ({
            id: k.id,
            nama: k.nama,
            hash: k.hash,
            mapel: k.mapel.map((m) => ({
              id: m.id,
              nama: m.nama,
              waktu: m.waktu,
              jumlahSoal: m.soal.length,
            })),
          })),
        },
      ]),
    ) as Record<JadwalRole, JadwalRingkas>;
    return { now, siswa, jadwal: ringkas, participants: 0 };
  });
}

/** Seeds the demo data when the database has no student yet; true when it seeded. */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const any = await db.kysely.selectFrom('siswa').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await seedDemo(db, options);
  return true;
}

export const DEMO_PASSWORD = DEMO.password;
