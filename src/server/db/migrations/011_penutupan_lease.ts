import type { AnyDb } from './anyDb';

/**
 * The lease of a schedule's close (scoring/tugasPenutupan.ts): one row per schedule whose close was ever started,
 * naming the process that holds it and until when. A process closes a schedule only after it wrote itself into the
 * row while the row was free (`berlaku_sampai` passed), and keeps it by writing a later time while it works, so
 * the close runs once across every process and machine of one database, and a holder that died is taken over once
 * its time has passed. `perkiraan_selesai` is when the holder expects to be done (what a result read tells the
 * student); `selesai_at` when the last close of the schedule ended.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('penutupan')
    .addColumn('id_jadwal', 'integer', (c) => c.primaryKey().references('jadwal.id').onDelete('cascade'))
    .addColumn('pemegang', 'text', (c) => c.notNull())
    .addColumn('berlaku_sampai', 'bigint', (c) => c.notNull())
    .addColumn('mulai_at', 'bigint', (c) => c.notNull())
    .addColumn('perkiraan_selesai', 'bigint', (c) => c.notNull())
    .addColumn('selesai_at', 'bigint')
    .execute();
}
