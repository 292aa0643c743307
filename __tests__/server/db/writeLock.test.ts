/**
 * A group-committed write (src/server/db/batching/groupCommit.ts) that meets another connection's write (on SQLite another
 * process, a second worker, holding the write lock; on PostgreSQL a row lock) waits for it without stopping the
 * process: the event loop runs on meanwhile, and the write is done once the other one ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { closeDb, createDb } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { transaction } from '../../../src/server/db/transaction';
import { batchedStatement, batchedTransaction } from '../../../src/server/db/batching/groupCommit';
import { createTestDb } from '../../helpers/buildTestApp';

interface Catatan {
  id: number;
  isi: string;
}

const onSqlite = !/^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '');
const dir = mkdtempSync(join(tmpdir(), 'kunci-'));
let db: Executor;
/** Another connection to the same database: on SQLite a second one to the file, on PostgreSQL the pool itself. */
let other: Executor;
const catatan = (k: Executor) => k.withTables<{ catatan: Catatan }>();
const isiOf = async (id: number) =>
  (await catatan(db).selectFrom('catatan').select('isi').where('id', '=', id).executeTakeFirst())?.isi;

beforeAll(async () => {
  const url = `file:${join(dir, 'kunci.db')}`;
  db = onSqlite ? await createDb(url) : await createTestDb();
  other = onSqlite ? await createDb(url) : db;
  await sql`CREATE TABLE catatan (id integer PRIMARY KEY, isi text NOT NULL)`.execute(db);
});
afterAll(async () => {
  if (other !== db) await closeDb(other);
  await closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await catatan(db).deleteFrom('catatan').execute();
  await catatan(db)
    .insertInto('catatan')
    .values([
      { id: 1, isi: 'satu' },
      { id: 2, isi: 'dua' },
    ])
    .execute();
});

/** Row 1 written by the other connection in a transaction that stays open until `release` is called. */
async function holdRowOne(): Promise<{ release: () => void; done: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const done = transaction(other, async (trx) => {
    await catatan(trx).updateTable('catatan').set({ isi: 'lain' }).where('id', '=', 1).execute();
    locked();
    await released;
  });
  await lockTaken;
  return { release, done };
}

/** Whether the promise has settled (either way) by now. */
function watch(promise: Promise<unknown>): () => boolean {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return () => settled;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a write that meets another connection’s write', () => {
  it.each([
    ['a statement (batchedStatement)', batchedStatement],
    ['a transaction (batchedTransaction)', batchedTransaction],
  ])('%s waits for it while the process runs on, then is written', async (_what, commit) => {
    const other = await holdRowOne();
    const write = commit(db, async (w) => {
      await catatan(w).updateTable('catatan').set({ isi: 'ini' }).where('id', '=', 1).execute();
    });
    const settled = watch(write);
    // Timers of this process still fire while the write waits: it neither blocked the event loop nor gave up.
    await pause(100);
    expect(settled()).toBe(false);
    other.release();
    await other.done;
    await write;
    expect(await isiOf(1)).toBe('ini');
    expect(await isiOf(2)).toBe('dua');
  });
});
