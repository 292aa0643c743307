/**
 * Multi-row statements in slices (the seed and the IRT write-back); on PostgreSQL, a whole set of rows in one
 * statement with one array per column (the close's stored results).
 */
import { sql, type Insertable, type RawBuilder, type Transaction } from 'kysely';
import { dialectOf } from './createDb';
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

/** PostgreSQL's type of each column an unnest write sends, by table. */
export type KolomPg<T extends Table> = {
  [K in keyof Insertable<Database[T]>]-?: 'integer' | 'bigint' | 'double precision' | 'text';
};

/** One element of a PostgreSQL array literal: numbers as they are, anything else quoted as node-postgres does. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * A column's values as the text of a PostgreSQL array (`{1,2,NULL,"irt"}`), bound as one string: node-postgres
 * would quote and escape every element of a JS array with two regular expressions, seconds of this process's time
 * for the 700,000 subject rows of an event's close. PostgreSQL reads the same array either way.
 */
export function arrayLiteral(values: readonly unknown[]): string {
  return `{${values.map(arrayElement).join(',')}}`;
}

/**
 * PostgreSQL: the rows as a relation `(SELECT … FROM unnest($1::integer[], …) AS v(col, …))`: one bound array per
 * column, however many rows (a 500-row VALUES slice binds one parameter per cell, and 100,000 rows took 200
 * statements), each sent as the text of the array (arrayLiteral).
 */
export function unnestRows<T extends Table>(
  columns: KolomPg<T>,
  rows: readonly Insertable<Database[T]>[],
): { names: RawBuilder<unknown>; relation: RawBuilder<unknown> } {
  const names = Object.keys(columns) as (keyof Insertable<Database[T]> & string)[];
  const arrays = names.map(
    (name) =>
      sql`CAST(${arrayLiteral(rows.map((row) => (row as Record<string, unknown>)[name]))} AS ${sql.raw(columns[name])}[])`,
  );
  const list = sql.join(names.map((name) => sql.ref(name)));
  return {
    names: list,
    relation: sql`(SELECT * FROM unnest(${sql.join(arrays)}) AS v (${list}))`,
  };
}

/**
 * Multi-row inserts: on PostgreSQL with `columns`, one statement for all rows (unnestRows); otherwise slices of at
 * most BATCH_SIZE rows.
 */
export async function insertRows<T extends Table>(
  trx: Trx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  columns?: KolomPg<T>,
): Promise<void> {
  if (rows.length === 0) return;
  if (columns && dialectOf(trx) === 'postgres') {
    const { names, relation } = unnestRows(columns, rows);
    await sql`INSERT INTO ${sql.table(table)} (${names}) SELECT * FROM ${relation} AS v`.execute(trx);
    return;
  }
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
