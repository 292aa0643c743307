/**
 * Queries of the hot paths built and compiled by Kysely once, then run with new parameter values. Building and
 * compiling a query cost more than running it on SQLite (its statements are prepared once per SQL text, see
 * createDb), so an answer save spent most of its time in Kysely. The query is written with Kysely as usual; its
 * parameters are slots (`p.idJawaban`) that are filled in at each run.
 *
 * Rules for the builder: pass each slot to Kysely as a value (`where('id', '=', p.id)`, `set({x: p.x})`,
 * sql`${p.x}`), never compute with it, branch on it or pass it to `in` (a list is expanded into one parameter per
 * item when the query is built). The SQL is compiled once per dialect (SQLite `?`, PostgreSQL `$1`), on first use.
 */
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import { directPostgresOf, directSqliteOf } from './createDb';
import { directTransactionOf } from './transaction';
import type { Executor } from './executor';

/** A place in a compiled query's parameters taken by a value given at run time. */
class Slot {
  constructor(readonly name: string) {}
}

interface Compiled {
  query: CompiledQuery<unknown>;
  /** For each parameter of the SQL, the slot that fills it, or null for a value fixed when it was built. */
  slots: (string | null)[];
}

/** Where the dialect is fixed: shared by a Kysely instance and every transaction opened from it. */
function dialectKey(q: Executor): object {
  return q.getExecutor().adapter;
}

export interface PreparedQuery<P extends object, R> {
  /** The rows the query returns (SELECT, or a write with RETURNING). */
  all(q: Executor, params: P): Promise<R[]>;
  /** The first row, or undefined. */
  first(q: Executor, params: P): Promise<R | undefined>;
  /** Runs a write; the number of rows it changed. */
  run(q: Executor, params: P): Promise<number>;
  /** The SQL text and parameters a run with these values sends (for tests and logs). */
  compile(q: Executor, params: P): CompiledQuery<R>;
}

/** Prepared queries made so far: each gets its own statement name. */
let preparedCount = 0;

/**
 * A query compiled once: `build(q, p)` writes it with Kysely on `q`, taking its run-time values from the slots
 * of `p`. Works on both dialects and inside transactions (`trx` runs it on the transaction's connection).
 */
export function prepareQuery<P extends object, R>(
  build: (q: Executor, p: P) => Compilable<R>,
): PreparedQuery<P, R> {
  const byDialect = new WeakMap<object, Compiled>();
  // The statement's name on a PostgreSQL connection: one per prepared query, whose SQL is fixed.
  const statementName = `siaptes_${++preparedCount}`;

  function compiledFor(q: Executor): Compiled {
    const key = dialectKey(q);
    let compiled = byDialect.get(key);
    if (compiled === undefined) {
      const slots = new Proxy({} as P, {
        get: (_target, name) => (typeof name === 'string' ? new Slot(name) : undefined),
      });
      const query = build(q, slots).compile() as CompiledQuery<unknown>;
      compiled = {
        query,
        slots: query.parameters.map((value) => (value instanceof Slot ? value.name : null)),
      };
      byDialect.set(key, compiled);
    }
    return compiled;
  }

  function compile(q: Executor, params: P): CompiledQuery<R> {
    const { query, slots } = compiledFor(q);
    const parameters = query.parameters.map((fixed, i) => {
      const name = slots[i];
      if (name === null) return fixed;
      const value = (params as Record<string, unknown>)[name];
      if (value === undefined) throw new Error(`prepared query: no value for parameter "${name}"`);
      return value;
    });
    return { query: query.query, queryId: query.queryId, sql: query.sql, parameters } as CompiledQuery<R>;
  }

  async function execute(q: Executor, params: P): Promise<QueryResult<R>> {
    const compiled = compile(q, params);
    // SQLite runs one statement at a time, synchronously: when no transaction is open on the connection, the
    // statement runs at once, without Kysely's executor and its connection lock. Inside a transaction (another
    // request's), it waits for the connection through Kysely like every other query, so it never runs inside it.
    // In a transaction opened by transaction.ts, its own queries run at once too.
    const root = directSqliteOf(q);
    const direct = directTransactionOf(q) ?? (root && !root.inTransaction ? root : undefined);
    if (direct) {
      const statement = direct.statement(compiled.sql);
      if (statement.reader) return { rows: statement.all(compiled.parameters) as R[] };
      return { rows: [], numAffectedRows: BigInt(statement.run(compiled.parameters)) };
    }
    const pg = directPostgresOf(q);
    if (pg) {
      const result = await pg.query(statementName, compiled.sql, compiled.parameters);
      return { rows: result.rows as R[], numAffectedRows: BigInt(result.rowCount) };
    }
    return q.executeQuery<R>(compiled);
  }

  return {
    all: async (q, params) => (await execute(q, params)).rows,
    first: async (q, params) => (await execute(q, params)).rows[0],
    run: async (q, params) => Number((await execute(q, params)).numAffectedRows ?? 0),
    compile,
  };
}
