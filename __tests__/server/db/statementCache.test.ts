/**
 * SQLite statements are prepared once per SQL text and reused (src/server/db/sqliteStatements.ts): a reused statement
 * must still see every later write, survive a schema change, and the cache must keep working past its size. The
 * compiled queries' direct path reads rows as arrays and builds the objects itself: the same objects.
 */
import { sql, type Kysely } from 'kysely';
import { closeDb, createDb } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { prepareQuery } from '../../../src/server/db/compiledQuery';
import type { Database } from '../../../src/server/db/types';
import { rowBuilder } from '../../../src/server/db/sqliteStatements';

let db: Executor;
beforeEach(async () => {
  db = await createDb(':memory:');
  await sql`CREATE TABLE catatan (id INTEGER PRIMARY KEY, isi TEXT NOT NULL)`.execute(db);
});
afterEach(() => closeDb(db));

const isiOf = async (id: number) =>
  (await sql<{ isi: string }>`SELECT isi FROM catatan WHERE id = ${id}`.execute(db)).rows[0]?.isi;

describe('the SQLite statement cache', () => {
  it('a reused statement reads every later write', async () => {
    await sql`INSERT INTO catatan (id, isi) VALUES (${1}, ${'A'})`.execute(db);
    expect(await isiOf(1)).toBe('A');
    await sql`UPDATE catatan SET isi = ${'B'} WHERE id = ${1}`.execute(db);
    expect(await isiOf(1)).toBe('B');
    expect(await isiOf(2)).toBeUndefined();
  });

  it('a reused statement follows a schema change', async () => {
    await sql`INSERT INTO catatan (id, isi) VALUES (${1}, ${'A'})`.execute(db);
    const all = () => sql<Record<string, unknown>>`SELECT * FROM catatan`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, isi: 'A' }]);
    await sql`ALTER TABLE catatan ADD COLUMN nilai INTEGER NOT NULL DEFAULT 7`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, isi: 'A', nilai: 7 }]);
  });

  it('keeps answering correctly past 2,000 distinct statements (the oldest are dropped, not broken)', async () => {
    await sql`INSERT INTO catatan (id, isi) VALUES (${1}, ${'A'})`.execute(db);
    for (let n = 0; n < 2100; n += 1) {
      const rows = await sql<{ v: number }>`SELECT ${sql.raw(String(n))} AS v FROM catatan`.execute(db);
      expect(rows.rows).toEqual([{ v: n }]);
    }
    expect(await isiOf(1)).toBe('A');
  });
});

describe('rows of the direct path (compiled queries)', () => {
  type Catatan = { id: number; isi: string };
  const semua = prepareQuery((q: Kysely<Database>, p: { dari: number }) =>
    q
      .withTables<{ catatan: Catatan }>()
      .selectFrom('catatan')
      .selectAll()
      .where('id', '>=', p.dari)
      .orderBy('id'),
  );

  it('are the objects better-sqlite3 makes, and follow a schema change under SELECT *', async () => {
    await sql`INSERT INTO catatan (id, isi) VALUES (1, 'A'), (2, 'B')`.execute(db);
    expect(await semua.all(db, { dari: 1 })).toEqual([
      { id: 1, isi: 'A' },
      { id: 2, isi: 'B' },
    ]);
    expect(await semua.all(db, { dari: 3 })).toEqual([]);
    await sql`ALTER TABLE catatan ADD COLUMN nilai INTEGER NOT NULL DEFAULT 7`.execute(db);
    expect(await semua.all(db, { dari: 2 })).toEqual([{ id: 2, isi: 'B', nilai: 7 }]);
  });

  it('keep the last of two equal column names, and a column named __proto__ as a plain key', () => {
    expect(rowBuilder(['id', 'isi', 'id'])([1, 'A', 2])).toEqual({ id: 2, isi: 'A' });
    const row = rowBuilder(['__proto__', 'isi'])([{ polluted: true }, 'A']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['__proto__', 'isi']);
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
