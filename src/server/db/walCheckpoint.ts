/**
 * SQLite in WAL mode copies the log back into the database file (a checkpoint) on the connection that commits once
 * the log passes 1,000 pages: on the server that is the event loop, in the middle of a request, with an fsync. A
 * start writes a few dozen pages, so during a start spike one start in a handful paid for a checkpoint (about 40% of
 * what a start's writes cost, measured). Here a worker thread with a connection of its own checkpoints every `intervalMs`
 * (PASSIVE: it never waits for, nor blocks, the server's readers and writer), and the server's connection only
 * checkpoints itself past SAFETY_NET_PAGES, should the worker stop or fall behind.
 */
import { Worker } from 'node:worker_threads';

/** Log pages (4 KiB) past which the server's own connection checkpoints after all (SQLite's default: 1,000). */
export const SAFETY_NET_PAGES = 20_000;

/** How often the worker checkpoints. */
export const CHECKPOINT_INTERVAL_MS = 500;

// Plain JavaScript run by the worker (eval), so that it runs the same from the sources (tsx, Jest) and the build.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.path, { fileMustExist: true });
database.pragma('busy_timeout = 1000');
const checkpoint = database.prepare('PRAGMA wal_checkpoint(PASSIVE)');
setInterval(() => {
  try {
    checkpoint.all();
  } catch {
    // Busy or the file being replaced: the next round tries again, and the server's safety net remains.
  }
}, workerData.intervalMs);
`;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/** Checkpoints the WAL of the SQLite file at `path` from a worker thread until stopped. */
export function startWalCheckpointer(path: string, intervalMs = CHECKPOINT_INTERVAL_MS): WalCheckpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, intervalMs, driver: require.resolve('better-sqlite3') },
  });
  // Never keeps the process alive; an error in the worker leaves the server's own checkpoints to do the work.
  worker.unref();
  worker.on('error', () => undefined);
  return {
    stop: async () => {
      await worker.terminate();
    },
  };
}
