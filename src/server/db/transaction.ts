/**
 * Transactions of the hot paths. Kysely's transaction sends BEGIN, COMMIT and every query through its executor
 * and driver; on SQLite these run on the connection directly (compiledQuery.ts runs the compiled queries of the
 * work there too), while the connection is held through Kysely, so that every other query, compiled or not, waits
 * for the commit as it does for Kysely's own transactions. On PostgreSQL, Kysely's transaction. The group commit
 * built on it is in batching/groupCommit.ts.
 */
import { BUSY_TIMEOUT_MS, directSqliteOf, type DirectSqlite } from './createDb';
import type { Executor } from './executor';

/** Connection-bound Kysely instances inside a transaction opened here on SQLite. */
const directTransactions = new WeakMap<Executor, DirectSqlite>();

/** The SQLite connection of a transaction opened here, for its compiled queries; undefined otherwise. */
export function directTransactionOf(q: Executor): DirectSqlite | undefined {
  return directTransactions.get(q);
}

/** Runs a statement of no result (BEGIN's partners, savepoints) on the connection. */
export function run(direct: DirectSqlite, statement: string): void {
  direct.statement(statement).run([]);
}

/** How long a transaction waits between two tries for the write lock that another process holds. */
const LOCK_RETRY_MS = 1;

/**
 * Opens the transaction with the write lock taken (BEGIN IMMEDIATE), waiting for another process's write (a second
 * worker) on a timer, so that the event loop meanwhile reads and checks the next requests (which then join the next
 * commit). Taken at BEGIN, the lock is never asked for in the middle of the work: a transaction that read first and
 * then wrote would fail, not wait, once another process had committed in between. Fails with SQLITE_BUSY, as
 * SQLite's own wait does, after BUSY_TIMEOUT_MS.
 */
async function begin(direct: DirectSqlite): Promise<void> {
  const giveUpAt = Date.now() + BUSY_TIMEOUT_MS;
  while (!direct.tryBegin()) {
    if (Date.now() >= giveUpAt) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

/**
 * `work` as one transaction: committed when it resolves, rolled back when it throws. Queries built with Kysely
 * inside `work` run on the same connection, inside the transaction.
 */
export async function transaction<T>(q: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  if (directTransactions.has(q)) return work(q);
  const direct = directSqliteOf(q);
  if (!direct) return q.transaction().execute(work);
  return q.connection().execute(async (connection) => {
    await begin(direct);
    directTransactions.set(connection, direct);
    try {
      const result = await work(connection);
      run(direct, 'COMMIT');
      return result;
    } catch (error) {
      // SQLite may have rolled back already (a failed COMMIT, some errors): only an open transaction is undone.
      if (direct.inTransaction) run(direct, 'ROLLBACK');
      throw error;
    } finally {
      directTransactions.delete(connection);
    }
  });
}
