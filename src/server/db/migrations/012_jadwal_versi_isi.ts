import type { AnyDb } from './anyDb';

/**
 * `jadwal.versi_isi`: raised by every import that writes the schedule's package (categories, subjects, questions,
 * statements), in the same transaction. A process keeps the package's definitions it read under the version of the
 * schedule row it read them with (features/tryoutPaket/isiPaket.ts); a call reads the schedule row anyway, so a
 * kept definition is used only while it is the database's.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('jadwal')
    .addColumn('versi_isi', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
