/**
 * A group commit on SQLite (src/server/db/batching/groupCommit.ts) runs in the event loop's check phase; a loop that keeps
 * polling (a flood of requests on more sockets than one poll reads) would hold the saves it took on. A request read
 * meanwhile asks for the late batches: one gathered 10 ms ago or more is committed then, a younger one is left to the
 * check phase. (On PostgreSQL a write is not batched; these run on an in-memory SQLite whatever DATABASE_URL says.)
 */
import { sql } from 'kysely';
import { closeDb, createDb } from '../../../../src/server/db/createDb';
import type { Executor } from '../../../../src/server/db/executor';
import {
  batchedStatement,
  batchedTransaction,
  commitLateBatches,
} from '../../../../src/server/db/batching/groupCommit';

let db: Executor;
const catatan = (k: Executor) => k.withTables<{ catatan: { id: number; isi: string } }>();

beforeAll(async () => {
  db = await createDb(':memory:');
  await sql`CREATE TABLE catatan (id integer PRIMARY KEY, isi text NOT NULL)`.execute(db);
});
afterAll(async () => {
  await closeDb(db);
});
beforeEach(async () => {
  await catatan(db).deleteFrom('catatan').execute();
});

const write = {
  statement: (id: number) =>
    batchedStatement(db, (trx) => catatan(trx).insertInto('catatan').values({ id, isi: 'x' }).execute()),
  transaction: (id: number) =>
    batchedTransaction(db, (trx) => catatan(trx).insertInto('catatan').values({ id, isi: 'x' }).execute()),
};

/**
 * Asks for two writes, then for the late batches as if `ms` had passed since they were asked for; whether they were
 * committed before the loop's check phase (a setImmediate queued before the batch's own looks), and then that they are.
 */
async function committedBeforeCheckPhase(kind: keyof typeof write, ms: number): Promise<boolean> {
  let done = 0;
  const looked = new Promise<boolean>((resolve) => setImmediate(() => resolve(done === 2)));
  const before = performance.now();
  const writes = [write[kind](1), write[kind](2)].map((w) => w.then(() => (done += 1)));
  const after = performance.now();
  // Exactly `ms` after the batch was gathered cannot be pinned: asked at `ms` after its latest possible start (when
  // ≥ 10 ms counts) or after its earliest (when < 10 ms counts).
  commitLateBatches((ms >= 10 ? after : before) + ms);
  const early = await looked;
  await Promise.all(writes);
  const rows = await catatan(db).selectFrom('catatan').select('id').orderBy('id').execute();
  expect(rows.map((r) => r.id)).toEqual([1, 2]);
  return early;
}

it.each(['statement', 'transaction'] as const)(
  'commits a batch of %s writes gathered 10 ms ago when asked',
  async (kind) => {
    expect(await committedBeforeCheckPhase(kind, 10)).toBe(true);
  },
);

it.each(['statement', 'transaction'] as const)(
  'leaves a batch of %s writes gathered 9 ms ago to the check phase',
  async (kind) => {
    expect(await committedBeforeCheckPhase(kind, 9)).toBe(false);
  },
);

it('runs a late batch’s work once, and commits a write asked for after it in a batch of its own', async () => {
  let runs = 0;
  const late = batchedStatement(db, (trx) => {
    runs += 1;
    return catatan(trx).insertInto('catatan').values({ id: 1, isi: 'x' }).execute();
  });
  commitLateBatches(performance.now() + 10);
  await late;
  await write.statement(2);
  // The batch's own check phase has come and gone.
  await new Promise((resolve) => setImmediate(resolve));
  expect(runs).toBe(1);
  expect(await catatan(db).selectFrom('catatan').select('id').orderBy('id').execute()).toEqual([
    { id: 1 },
    { id: 2 },
  ]);
});
