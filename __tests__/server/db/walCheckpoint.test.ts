/**
 * A file SQLite database is checkpointed by a worker thread (src/server/db/walCheckpoint.ts), not by the connection
 * that commits: what is written reaches the database file itself (not only its write-ahead log) while the server's
 * connection stays below its own checkpoint threshold.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { closeDb, createDb } from '../../../src/server/db/createDb';
import { CHECKPOINT_INTERVAL_MS } from '../../../src/server/db/walCheckpoint';
import type { Executor } from '../../../src/server/db/executor';

let dir: string;
let db: Executor;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'siaptes-wal-'));
  db = await createDb(`file:${join(dir, 'data.db')}`);
  await sql`CREATE TABLE catatan (id INTEGER PRIMARY KEY, isi TEXT NOT NULL)`.execute(db);
});
afterEach(async () => {
  await closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

/** Rows of the database file alone, as a copy without its write-ahead log reads them. */
function rowsInFile(file = 'data.db'): number {
  const copy = join(dir, `copy-${Date.now()}.db`);
  copyFileSync(join(dir, file), copy);
  const reader = new BetterSqlite3(copy, { readonly: true });
  try {
    const exists = reader.prepare("SELECT 1 FROM sqlite_master WHERE name = 'catatan'").get();
    return exists ? (reader.prepare('SELECT COUNT(*) AS n FROM catatan').get() as { n: number }).n : 0;
  } finally {
    reader.close();
  }
}

describe('checkpoints of a file database', () => {
  it('the rows written reach the database file without the server connection checkpointing', async () => {
    for (let i = 1; i <= 20; i++) {
      await sql`INSERT INTO catatan (id, isi) VALUES (${i}, ${`catatan ${i}`})`.execute(db);
    }
    // 20 small commits are far below the connection's own threshold: only the worker moves them into the file.
    const deadline = Date.now() + 10_000;
    while (rowsInFile() < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(rowsInFile()).toBe(20);
    const stored = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM catatan`.execute(db);
    expect(Number(stored.rows[0].n)).toBe(20);
  });

  it('a handle opened without the checkpointer (the bench beside a server) leaves its log to SQLite', async () => {
    const quiet = await createDb(`file:${join(dir, 'bench.db')}`, { walCheckpointer: false });
    try {
      await sql`CREATE TABLE catatan (id INTEGER PRIMARY KEY, isi TEXT NOT NULL)`.execute(quiet);
      for (let i = 1; i <= 20; i++) {
        await sql`INSERT INTO catatan (id, isi) VALUES (${i}, ${`catatan ${i}`})`.execute(quiet);
      }
      // Three of the worker's rounds: nothing moves the 20 small commits into the file.
      await new Promise((r) => setTimeout(r, 3 * CHECKPOINT_INTERVAL_MS));
      expect(rowsInFile('bench.db')).toBe(0);
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(quiet);
      expect(rowsInFile('bench.db')).toBe(20);
    } finally {
      await closeDb(quiet);
    }
  });
});
