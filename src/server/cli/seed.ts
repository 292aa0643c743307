/**
 * `npm run seed` seeds the demo data when the database has no student; `npm run seed -- --reset` empties every
 * table first and seeds again. Uses DATABASE_URL like the server.
 */
import { sql } from 'kysely';
import { loadConfig } from '../config';
import { closeDb, createDb, dialectOf } from '../db/createDb';
import type { Executor } from '../db/executor';
import { migrateToLatest } from '../db/migrate';
import { DEMO, seedDemo, type SeedSummary } from '../demo';
import type { Database } from '../db/types';

/** Children before parents, so deleting in this order never breaks a foreign key. */
const TABLES: (keyof Database)[] = [
  'materi_jawaban',
  'materi_hasil',
  'materi_soal',
  'materi',
  'materi_mapel',
  'materi_kategori',
  'pilihan_siswa',
  'prodi',
  'hasil_mapel',
  'mapel_waktu',
  'jawaban_group',
  'jawaban',
  'hasil_to',
  'irt_item',
  'soal_group',
  'soal',
  'mapel',
  'kategori',
  'jadwal_peserta',
  'jadwal',
  'sesi',
  'login_percobaan',
  'siswa',
];

async function emptyAll(db: Executor): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // One statement, and RESTART IDENTITY so the demo ids start at 1 again.
    await sql`TRUNCATE ${sql.join(TABLES.map((t) => sql.table(t)))} RESTART IDENTITY CASCADE`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    for (const table of TABLES) await trx.deleteFrom(table).execute();
    // sqlite_sequence exists only once an AUTOINCREMENT table has been written.
    const seq = await sql<{
      name: string;
    }>`SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'`.execute(trx);
    if (seq.rows.length > 0) await sql`DELETE FROM sqlite_sequence`.execute(trx);
  });
}

function print(summary: SeedSummary, ms: number): void {
  const lines = [
    `Data demo SiapTes dibuat dalam ${ms} ms.`,
    `Akun (kata sandi "${DEMO.password}"): ${Object.values(DEMO.usernames).join(', ')}`,
    `Jadwal: ${Object.entries(summary.jadwal)
      .map(([role, j]) => `Paket #${j.paket} (${role}, id ${j.id})`)
      .join(', ')}`,
    `Peserta sintetis: ${summary.participants}; percobaan selesai: ${summary.attempts}`,
  ];
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const reset = process.argv.slice(2).includes('--reset');
  const config = loadConfig();
  const db = await createDb(config.databaseUrl, { pooler: config.databasePooler });
  try {
    await migrateToLatest(db);
    if (reset) {
      await emptyAll(db);
    } else if (await db.selectFrom('siswa').select('id').limit(1).executeTakeFirst()) {
      console.log('Database sudah berisi data; tidak ada yang diubah. Pakai --reset untuk mengisi ulang.');
      return;
    }
    const started = Date.now();
    const summary = await seedDemo(db, { rules: config });
    print(summary, Date.now() - started);
  } finally {
    await closeDb(db);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
