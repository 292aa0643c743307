/**
 * SQLite's reads of one turn of the event loop share one read transaction (src/server/db/batching/readTurn.ts):
 * they see the database as at the turn's first read, and the next turn sees what another connection committed
 * meanwhile. Whatever writes is never held in it: a write that follows a read in the same turn is committed, for
 * every other connection to see, when its promise resolves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { closeDb, createDb } from '../../../../src/server/db/createDb';
import { prepareQuery } from '../../../../src/server/db/compiledQuery';
import type { Executor } from '../../../../src/server/db/executor';
import { batchedStatement } from '../../../../src/server/db/batching/groupCommit';
import { transaction } from '../../../../src/server/db/transaction';
import type { Database } from '../../../../src/server/db/types';

type Catatan = { id: number; isi: string };
type WithCatatan = Kysely<Database & { catatan: Catatan }>;

const isiOf = prepareQuery((q: Executor, p: { id: number }) =>
  (q as unknown as WithCatatan).selectFrom('catatan').select('isi').where('id', '=', p.id),
);
const ubah = prepareQuery((q: Executor, p: { id: number; isi: string }) =>
  (q as unknown as WithCatatan).updateTable('catatan').set({ isi: p.isi }).where('id', '=', p.id),
);
const tambahKembali = prepareQuery((q: Executor, p: { id: number; isi: string }) =>
  (q as unknown as WithCatatan).insertInto('catatan').values({ id: p.id, isi: p.isi }).returning('id'),
);

let dir: string;
let db: Executor;
/** Another connection to the same file: another process, as it sees the database. */
let other: BetterSqlite3.Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'siaptes-readturn-'));
  const path = join(dir, 'app.db');
  db = await createDb(path, { walCheckpointer: false });
  await sql`CREATE TABLE catatan (id INTEGER PRIMARY KEY, isi TEXT NOT NULL)`.execute(db);
  await sql`INSERT INTO catatan (id, isi) VALUES (1, 'A')`.execute(db);
  other = new BetterSqlite3(path);
});

afterEach(async () => {
  other.close();
  await closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

const seenElsewhere = (id: number) =>
  (other.prepare('SELECT isi FROM catatan WHERE id = ?').get(id) as { isi: string } | undefined)?.isi;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("a turn's reads on SQLite", () => {
  /** The clock the turn's age is read from, held still unless a test moves it. */
  let clockMs = 1_000;
  beforeEach(() => {
    jest.spyOn(performance, 'now').mockImplementation(() => clockMs);
  });
  afterEach(() => jest.restoreAllMocks());

  it('see one snapshot; the next turn sees what another connection committed meanwhile', async () => {
    expect(await isiOf.first(db, { id: 1 })).toEqual({ isi: 'A' });
    // The other connection writes while this turn's read transaction is open: readers lock out no writer.
    other.prepare("UPDATE catatan SET isi = 'B' WHERE id = 1").run();
    expect(await isiOf.first(db, { id: 1 })).toEqual({ isi: 'A' });
    await nextTurn();
    expect(await isiOf.first(db, { id: 1 })).toEqual({ isi: 'B' });
  });

  it('see a snapshot at most 2 ms old', async () => {
    expect(await isiOf.first(db, { id: 1 })).toEqual({ isi: 'A' });
    other.prepare("UPDATE catatan SET isi = 'B' WHERE id = 1").run();
    clockMs += 2;
    expect(await isiOf.first(db, { id: 1 })).toEqual({ isi: 'A' });
    clockMs += 0.5;
    expect(await isiOf.first(db, { id: 1 })).toEqual({ isi: 'B' });
  });

  it('find a row another connection made after the turn began (a session opened through another worker)', async () => {
    expect(await isiOf.first(db, { id: 1 })).toEqual({ isi: 'A' });
    other.prepare("INSERT INTO catatan (id, isi) VALUES (5, 'baru')").run();
    expect(await isiOf.first(db, { id: 5 })).toEqual({ isi: 'baru' });
    other.prepare("INSERT INTO catatan (id, isi) VALUES (6, 'lewat Kysely')").run();
    const lewatKysely = await sql<Catatan>`SELECT isi FROM catatan WHERE id = 6`.execute(db);
    expect(lewatKysely.rows).toEqual([{ isi: 'lewat Kysely' }]);
  });

  it('never hold a write that follows them: each is committed when it resolves', async () => {
    await isiOf.first(db, { id: 1 });
    await ubah.run(db, { id: 1, isi: 'lewat jalan langsung' });
    expect(seenElsewhere(1)).toBe('lewat jalan langsung');

    await isiOf.first(db, { id: 1 });
    // Returns rows, yet writes: not a read.
    await tambahKembali.all(db, { id: 2, isi: 'RETURNING' });
    expect(seenElsewhere(2)).toBe('RETURNING');

    await isiOf.first(db, { id: 1 });
    await sql`INSERT INTO catatan (id, isi) VALUES (3, 'Kysely')`.execute(db);
    expect(seenElsewhere(3)).toBe('Kysely');
  });

  it('leave a pragma prepared after them in the same turn its effect (a migration switches foreign keys off)', async () => {
    await isiOf.first(db, { id: 1 });
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    await nextTurn();
    expect((await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db)).rows).toEqual([
      { foreign_keys: 0 },
    ]);
  });

  it('let a transaction, a group commit and a Kysely transaction begin after them in the same turn', async () => {
    await isiOf.first(db, { id: 1 });
    await transaction(db, (trx) => ubah.run(trx, { id: 1, isi: 'transaksi' }));
    expect(seenElsewhere(1)).toBe('transaksi');

    await isiOf.first(db, { id: 1 });
    await batchedStatement(db, (trx) => ubah.run(trx, { id: 1, isi: 'bersama' }));
    expect(seenElsewhere(1)).toBe('bersama');

    await isiOf.first(db, { id: 1 });
    await (db as unknown as WithCatatan)
      .transaction()
      .execute((trx) => trx.updateTable('catatan').set({ isi: 'Kysely' }).where('id', '=', 1).execute());
    expect(seenElsewhere(1)).toBe('Kysely');
  });
});
