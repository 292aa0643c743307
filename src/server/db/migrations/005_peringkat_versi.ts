import type { AnyDb } from './anyDb';

/**
 * A version of a schedule's stored results, raised by every write of them (scoring/penutupan.ts simpanPeringkat):
 * a process that keeps a built ranking list (scoring/daftarPeringkat.ts) sees from one key look-up whether the rows
 * changed since, whichever process or machine wrote them. `peringkat_at` alone is kept when an import rewrites the
 * rows, so it cannot tell.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('jadwal')
    .addColumn('peringkat_versi', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
