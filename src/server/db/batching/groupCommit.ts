/**
 * The group commit of SQLite: the saves and starts of one turn of the event loop committed as one transaction
 * (transaction.ts), each in a savepoint of its own. On PostgreSQL, which groups commits itself, each goes alone.
 */
import { directSqliteOf, type DirectSqlite } from '../createDb';
import type { Executor } from '../executor';
import { directTransactionOf, run, transaction } from '../transaction';

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
  if (!direct || directTransactionOf(q)) return transaction(q, work);
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
  if (!direct || directTransactionOf(q)) return write(q);
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
