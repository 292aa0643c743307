import type { AnyDb } from './anyDb';

/**
 * How far the running close of a schedule is (scoring/tugasPenutupan.ts): the answer sheets judged so far and all
 * of them, written into its lease by the holder as it goes, so that every process's result list can tell the
 * waiting students the same progress.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('penutupan')
    .addColumn('dinilai', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('penutupan')
    .addColumn('jumlah', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
