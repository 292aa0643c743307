/** Multi-row statements in slices (the seed and the IRT write-back). */
import type { Insertable, Transaction } from 'kysely';
import type { Database } from './types';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits for our widest table. */
export const BATCH_SIZE = 500;

type Table = keyof Database;
type Trx = Transaction<Database>;

/** The rows in slices of at most `size` (BATCH_SIZE by default). */
export function chunks<T>(rows: readonly T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Multi-row inserts of at most BATCH_SIZE rows. */
export async function insertRows<T extends Table>(
  trx: Trx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (const chunk of chunks(rows)) {
    // Kysely's generic insert typing cannot follow a table type parameter; the rows are checked by the signature.
    await trx
      .insertInto(table)
      .values(chunk as never)
      .execute();
  }
}

type TableWithId = {
  [K in Table]: Database[K] extends { id: unknown } ? K : never;
}[Table];

/**
 * Inserts rows of a table with a generated id and returns the ids in the order of `rows`. Ids of one statement are
 * handed out in VALUES order on both databases; RETURNING does not promise an order, so the ids are sorted.
 */
export async function insertRowsReturningIds<T extends TableWithId>(
  trx: Trx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunks(rows)) {
    const returned = (await trx
      .insertInto(table)
      .values(chunk as never)
      .returning('id' as never)
      .execute()) as unknown as { id: number }[];
    ids.push(...returned.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
}
