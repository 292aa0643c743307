/**
 * Prepared SQLite statements kept per SQL text, for Kysely's driver and for the compiled queries' direct path
 * (compiledQuery.ts). Kysely prepares every query anew; on the save path preparing cost as much as running. A
 * prepared statement is reusable (better-sqlite3 runs one at a time on its one connection, and SQLite re-prepares it
 * itself after a schema change), so each distinct SQL text is prepared once. Oldest first out when a cache is full.
 */
import type { Database as BetterSqlite3Database, Statement } from 'better-sqlite3';

/** Statements kept per SQL text; the few hundred distinct queries of the app fit many times over. */
const STATEMENT_CACHE_SIZE = 2000;

function lruBySql<T>(make: (sqlText: string) => T): (sqlText: string) => T {
  const kept = new Map<string, T>();
  return (sqlText) => {
    let value = kept.get(sqlText);
    if (value === undefined) {
      value = make(sqlText);
      if (kept.size >= STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value as string);
      kept.set(sqlText, value);
    }
    return value;
  };
}

/** Kysely's statements: rows as better-sqlite3 makes them. */
export function statementCache(database: BetterSqlite3Database): (sqlText: string) => Statement {
  return lruBySql((sqlText) => database.prepare(sqlText));
}

/** A statement of the direct path: reads answer plain row objects, writes the number of rows they changed. */
export interface DirectStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): Record<string, unknown>[];
  run(parameters: readonly unknown[]): number;
}

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * A function that turns one row's values into an object with these keys. better-sqlite3 builds each row object
 * through V8's API, key by key: half of the time of the answer save's look-up (4 rows of 22 columns) went there.
 * An object literal of fixed keys is built by V8's own fast path, so the function is written for the columns.
 * The keys are the statement's own column names (our SQL, never a caller's input), quoted by JSON.stringify; a
 * column named `__proto__` (which a literal would take as the prototype) gets the plain loop instead.
 */
export function rowBuilder(columns: readonly string[]): RowBuilder {
  if (columns.includes('__proto__')) {
    return (values) => {
      const row: Record<string, unknown> = {};
      columns.forEach((name, i) => Object.defineProperty(row, name, { value: values[i], enumerable: true }));
      return row;
    };
  }
  const fields = columns.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  return new Function('values', `return { ${fields} };`) as RowBuilder;
}

/** The direct path's statements: their own (raw) statement objects, never shared with Kysely's driver. */
export function directStatementCache(database: BetterSqlite3Database): (sqlText: string) => DirectStatement {
  return lruBySql((sqlText) => {
    const statement = database.prepare(sqlText);
    if (!statement.reader) {
      return { reader: false, all: () => [], run: (parameters) => statement.run(parameters).changes };
    }
    statement.raw(true);
    let columns = statement.columns().map((column) => column.name);
    let build = rowBuilder(columns);
    return {
      reader: true,
      all: (parameters) => {
        const rows = statement.all(parameters) as unknown[][];
        // A schema change re-prepares the statement inside SQLite: `SELECT *` may then have other columns.
        if (rows.length > 0 && rows[0].length !== columns.length) {
          columns = statement.columns().map((column) => column.name);
          build = rowBuilder(columns);
        }
        return rows.map(build);
      },
      run: () => {
        throw new Error('a read statement is run with all()');
      },
    };
  });
}
