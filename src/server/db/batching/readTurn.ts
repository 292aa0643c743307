/**
 * SQLite's reads of one turn of the event loop in one read transaction. A read outside a transaction opens and
 * ends a read transaction of its own, and that costs more than most of the app's reads themselves: the WAL's
 * read lock and the file's shared lock taken and given back, the log's index looked at again after every commit
 * (the answer save's look-up: 17.7 µs alone, 7.0 µs inside a transaction, measured on a 10,000-student event; an
 * attempt's key alone 9.1 against 1.4). So the first read of a turn opens one (`BEGIN`, deferred: it writes
 * nothing and locks out no writer) and the turn's later reads share it, until the check phase, until anything
 * else runs on the connection, or until it is READ_TURN_MAX_MS old, whichever is first.
 *
 * What may run inside it is only a statement that reads and changes nothing (`reader` and `readonly`, which
 * better-sqlite3 takes from SQLite itself: an `INSERT … RETURNING` returns rows but is not read-only). Every other
 * statement — a write, `BEGIN`, a savepoint, a pragma — ends it first, so that a write commits when its own
 * statement or transaction does, never later with the reads: nothing is acknowledged before it is durable.
 *
 * A shared read sees the database as it was at the turn's first read, up to READ_TURN_MAX_MS earlier. What another
 * process committed meanwhile is then seen a moment later, as if the request had been read a moment earlier — with
 * one exception a caller would notice: a row made elsewhere just before this request was sent (a session opened
 * through another worker, an attempt started there) must be found. So a read that finds nothing in a snapshot
 * older than itself is read again at the newest commit.
 */
import type { Database as BetterSqlite3Database, Statement } from 'better-sqlite3';

/** The oldest a shared read's snapshot may be (ms). A turn of the saves' load is a few milliseconds. */
export const READ_TURN_MAX_MS = 2;

export interface ReadTurn {
  /** Runs a read-only statement's `read` in the turn's read transaction (or inside the transaction open). */
  read<R>(read: () => R[]): R[];
  /** Before any other statement: ends the turn's read transaction when one is open. */
  end(): void;
  /** A transaction other than the turn's read transaction is open (a statement would run inside it). */
  readonly inOtherTransaction: boolean;
}

export function readTurn(database: BetterSqlite3Database): ReadTurn {
  const begin = database.prepare('BEGIN');
  const commit = database.prepare('COMMIT');
  let open = false;
  let openedAt = 0;
  let endPlanned = false;
  const end = () => {
    if (!open) return;
    open = false;
    // SQLite may have ended it already (an error that rolls back ends every transaction).
    if (database.inTransaction) commit.run();
  };
  const endOfTurn = () => {
    endPlanned = false;
    end();
  };
  const start = () => {
    begin.run();
    open = true;
    openedAt = performance.now();
    if (!endPlanned) {
      endPlanned = true;
      setImmediate(endOfTurn);
    }
  };
  return {
    read(read) {
      if (database.inTransaction && !open) return read();
      if (open && performance.now() - openedAt > READ_TURN_MAX_MS) end();
      if (!open) {
        start();
        return read();
      }
      const rows = read();
      if (rows.length > 0) return rows;
      end();
      start();
      return read();
    },
    end,
    get inOtherTransaction() {
      return database.inTransaction && !open;
    },
  };
}

/** Whether a statement only reads: it may run inside the turn's read transaction. */
export function onlyReads(statement: Pick<Statement, 'reader' | 'readonly'>): boolean {
  return statement.reader && statement.readonly;
}
