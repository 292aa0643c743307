/**
 * Transactions of the hot paths. Kysely's transaction sends BEGIN, COMMIT and every query through its executor
 * and driver; on SQLite these run on the connection directly (compiledQuery.ts runs the compiled queries of the
 * work there too), while the connection is held through Kysely, so that every other query, compiled or not, waits
 * for the commit as it does for Kysely's own transactions. On PostgreSQL, Kysely's transaction.
 */
import { BUSY_TIMEOUT_MS, directSqliteOf, type DirectSqlite } from './createDb';
import type { Executor } from './executor';

/** Connection-bound Kysely instances inside a transaction opened here on SQLite. */
const directTransactions = new WeakMap<Executor, DirectSqlite>();

/** The SQLite connection of a transaction opened here, for its compiled queries; undefined otherwise. */
export function directTransactionOf(q: Executor): DirectSqlite | undefined {
  return directTransactions.get(q);
}

function run(direct: DirectSqlite, statement: string): void {
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

interface Waiting {
  work: (trx: Executor) => Promise<unknown>;
  /** A work of one statement needs no savepoint: SQLite undoes a failed statement alone. */
  savepoint: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Works gathered for one shared commit, and when the first of them was. */
interface Batch {
  q: Executor;
  direct: DirectSqlite;
  waiting: Waiting[];
  gatheredAt: number;
}

/** The batch still gathering works, per database. */
const batches = new WeakMap<Executor, Batch>();
/** Every batch not yet committed, to find the late ones. */
const open = new Set<Batch>();

/**
 * How long a batch may wait for the loop's check phase before a request read meanwhile commits it (ms). A loop with
 * more ready sockets than one poll reads (1,024) polls again and again before the check phase: under a flood of
 * saves that was 0.4 s, while the saves already taken on waited and the save limit refused every other.
 */
export const BATCH_LATE_MS = 10;

/**
 * How many works wait for the next shared commit of a database: the saves and starts that arrived since the last
 * one. The commit runs once the event loop has read what arrived, so this is the load of the current turn.
 */
export function groupCommitWaiting(q: Executor): number {
  return batches.get(q)?.waiting.length ?? 0;
}

/** Commits every batch gathered BATCH_LATE_MS or more before `now`; for a caller that runs while the loop polls. */
export function commitLateBatches(now = performance.now()): void {
  for (const batch of open) if (now - batch.gatheredAt >= BATCH_LATE_MS) commitBatch(batch);
}

function commitBatch(batch: Batch): void {
  // Committed already (late, or by its setImmediate); a batch still open is its database's gathering one.
  if (!open.delete(batch)) return;
  batches.delete(batch.q);
  void commitTogether(batch.q, batch.direct, batch.waiting);
}

/**
 * `work` as a transaction of its own in effect, committed together with the others asked for within the same turn of
 * the event loop (a group commit). A commit writes every page the transaction changed: the first starts of a spike
 * all add to the same last pages of the answer table and its indexes, so that one commit for a few starts writes
 * about what one start wrote alone. Each work runs in a savepoint: one that throws is undone alone and rejects
 * alone; the others resolve once the commit is done (never earlier: nothing is acknowledged before it is durable).
 * A failed commit rejects them all (none was written). `work` may only query the database (the connection is held
 * meanwhile). On PostgreSQL, which groups commits itself, a transaction per work.
 */
export function batchedTransaction<T>(q: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  const direct = directSqliteOf(q);
  if (!direct || directTransactions.has(q)) return transaction(q, work);
  return joinBatch(q, direct, work, true);
}

/**
 * A write of one statement (`write` runs exactly one query), committed with the others of the same turn of the event
 * loop on SQLite as batchedTransaction's works are: an answer save's commit wrote a page of the log and took the
 * log's locks for one row, and a few saves a turn change rows on the same pages. Resolves once committed. On
 * PostgreSQL, and inside a transaction, the statement runs as it is (a lone statement commits by itself).
 */
export function batchedStatement<T>(q: Executor, write: (trx: Executor) => Promise<T>): Promise<T> {
  const direct = directSqliteOf(q);
  if (!direct || directTransactions.has(q)) return write(q);
  return joinBatch(q, direct, write, false);
}

function joinBatch<T>(
  q: Executor,
  direct: DirectSqlite,
  work: (trx: Executor) => Promise<T>,
  savepoint: boolean,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let batch = batches.get(q);
    if (batch === undefined) {
      const gathering: Batch = { q, direct, waiting: [], gatheredAt: performance.now() };
      batches.set(q, gathering);
      open.add(gathering);
      setImmediate(() => commitBatch(gathering));
      batch = gathering;
    }
    batch.waiting.push({ work, savepoint, resolve: resolve as (value: unknown) => void, reject });
  });
}

async function commitTogether(q: Executor, direct: DirectSqlite, waiting: readonly Waiting[]): Promise<void> {
  const outcomes: { ok: boolean; value: unknown }[] = [];
  try {
    await transaction(q, async (trx) => {
      for (const item of waiting) {
        if (item.savepoint) run(direct, 'SAVEPOINT siaptes_batch');
        try {
          outcomes.push({ ok: true, value: await item.work(trx) });
          if (item.savepoint) run(direct, 'RELEASE siaptes_batch');
        } catch (error) {
          // An error that ended the whole transaction (SQLite does so on a full disk, say) fails every work.
          if (!direct.inTransaction) throw error;
          if (item.savepoint) {
            run(direct, 'ROLLBACK TO siaptes_batch');
            run(direct, 'RELEASE siaptes_batch');
          }
          outcomes.push({ ok: false, value: error });
        }
      }
    });
  } catch (error) {
    for (const item of waiting) item.reject(error);
    return;
  }
  waiting.forEach((item, i) => {
    const outcome = outcomes[i];
    if (outcome.ok) item.resolve(outcome.value);
    else item.reject(outcome.value);
  });
}
