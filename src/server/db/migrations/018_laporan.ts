import type { AnyDb } from './anyDb';

/**
 * Students' problem reports (features/laporan, README "Support"): the student's sentence, the page load's Redux
 * DevTools export byte for byte, and what support needs beside it. `kode` is what the student quotes. Deleted by
 * the server after LAPORAN_SIMPAN_HARI days.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('laporan')
    .addColumn('kode', 'text', (c) => c.primaryKey())
    .addColumn('id_siswa', 'integer', (c) => c.notNull().references('siswa.id').onDelete('cascade'))
    .addColumn('dibuat_at', 'bigint', (c) => c.notNull())
    .addColumn('pesan', 'text', (c) => c.notNull())
    .addColumn('versi', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('request_ids', 'text', (c) => c.notNull())
    .addColumn('devtools', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('laporan_siswa_waktu')
    .on('laporan')
    .columns(['id_siswa', 'dibuat_at'])
    .execute();
  await db.schema.createIndex('laporan_waktu').on('laporan').column('dibuat_at').execute();
}
