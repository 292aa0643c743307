/**
 * Look-ups read together on SQLite: the look-ups asked for in one turn of the event loop (a session, a save's
 * target, a start's attempts) run at the check phase inside one read transaction, each as its own statement. A read
 * outside a transaction opens and ends a read transaction of its own (the log's read lock, the file's shared lock,
 * the log's index after each commit), which cost more than the save's look-up itself: 17.7 µs alone, 7.0 µs inside
 * a transaction (a 10,000-student event). PostgreSQL's counterpart is one statement per kind (bacaBersama.ts).
 *
 * The transaction begins and ends in one synchronous step, nothing else running in between: each look-up sees the
 * newest commit at that moment, as it would read alone one turn later. No snapshot is kept across turns.
 */
import type { DirectSqlite } from '../createDb';
import type { PreparedQuery } from '../compiledQuery';
import type { Executor } from '../executor';
import { run } from '../transaction';
import { readBatchRows } from '../../lib/metrics';
import { antrianPutaran, sePutaran } from './sePutaran';

interface Menunggu {
  /** Reads its rows on the connection, inside the shared transaction. */
  baca: () => unknown[];
  /** Reads its rows the usual way (through Kysely when a transaction of another request is open). */
  sendiri: () => Promise<unknown[]>;
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

const antrian = antrianPutaran<DirectSqlite, Menunggu>();

/** The rows of `query` with `params`, read at the end of this turn with the turn's other look-ups. */
export function bacaSeTransaksi<P extends object, R>(
  q: Executor,
  direct: DirectSqlite,
  query: PreparedQuery<P, R>,
  params: P,
): Promise<R[]> {
  return new Promise<R[]>((resolve, reject) => {
    const menunggu: Menunggu = {
      baca: () => {
        const compiled = query.compile(q, params);
        return direct.statement(compiled.sql).all(compiled.parameters);
      },
      sendiri: () => query.all(q, params),
      resolve: resolve as (rows: unknown[]) => void,
      reject,
    };
    sePutaran(antrian, direct, menunggu, (batch) => bacaSemua(direct, batch));
  });
}

async function bacaSemua(direct: DirectSqlite, batch: readonly Menunggu[]): Promise<void> {
  // Another request's transaction is open (one awaiting between its statements): a read now would run inside it and
  // see its uncommitted rows, so each waits for the connection as a read alone does.
  if (direct.inTransaction || batch.length === 1) {
    for (const m of batch) m.sendiri().then(m.resolve, m.reject);
    return;
  }
  readBatchRows.observe({ read: 'sqlite' }, batch.length);
  run(direct, 'BEGIN');
  try {
    // Resolved here, their callers run after COMMIT: a promise's continuation never runs inside this loop.
    for (const m of batch) {
      try {
        m.resolve(m.baca());
      } catch (error) {
        m.reject(error);
      }
    }
  } finally {
    // A read transaction holds no change; should SQLite have ended it already, there is nothing to end.
    if (direct.inTransaction) run(direct, 'COMMIT');
  }
}
