import type { AnyDb } from './anyDb';

/**
 * Each student's own order (domain/acak.ts): a package says whether it shuffles its questions and options, a
 * question may pin one option last, and an attempt keeps the seed its order was drawn with (null: the package's
 * order) and what it shuffles, so a reload, a second device or a replayed start shows the same order.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('jadwal')
    .addColumn('acak_soal', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('jadwal')
    .addColumn('acak_opsi', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('soal')
    .addColumn('opsi_tetap', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('hasil_to').addColumn('acak_seed', 'integer').execute();
  await db.schema
    .alterTable('hasil_to')
    .addColumn('acak', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
