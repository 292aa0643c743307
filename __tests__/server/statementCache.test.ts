/**
 * SQLite statements are prepared once per SQL text and reused (src/server/db/createDb.ts): a reused statement must
 * still see every later write, survive a schema change, and the cache must keep working past its size.
 */
import { sql } from 'kysely';
import { createDb, type Db } from '../../src/server/db/createDb';

let db: Db;
beforeEach(async () => {
  db = await createDb(':memory:');
  await sql`CREATE TABLE catatan (id INTEGER PRIMARY KEY, isi TEXT NOT NULL)`.execute(db.kysely);
});
afterEach(() => db.close());

const isiOf = async (id: number) =>
  (await sql<{ isi: string }>`SELECT isi FROM catatan WHERE id = ${id}`.execute(db.kysely)).rows[0]?.isi;

describe('the SQLite statement cache', () => {
  it('a reused statement reads every later write', async () => {
    await sql`INSERT INTO catatan (id, isi) VALUES (${1}, ${'A'})`.execute(db.kysely);
    expect(await isiOf(1)).toBe('A');
    await sql`UPDATE catatan SET isi = ${'B'} WHERE id = ${1}`.execute(db.kysely);
    expect(await isiOf(1)).toBe('B');
    expect(await isiOf(2)).toBeUndefined();
  });

  it('a reused statement follows a schema change', async () => {
    await sql`INSERT INTO catatan (id, isi) VALUES (${1}, ${'A'})`.execute(db.kysely);
    const all = () => sql<Record<string, unknown>>`SELECT * FROM catatan`.execute(db.kysely);
    expect((await all()).rows).toEqual([{ id: 1, isi: 'A' }]);
    await sql`ALTER TABLE catatan ADD COLUMN nilai INTEGER NOT NULL DEFAULT 7`.execute(db.kysely);
    expect((await all()).rows).toEqual([{ id: 1, isi: 'A', nilai: 7 }]);
  });

  it('keeps answering correctly past 2,000 distinct statements (the oldest are dropped, not broken)', async () => {
    await sql`INSERT INTO catatan (id, isi) VALUES (${1}, ${'A'})`.execute(db.kysely);
    for (let n = 0; n < 2100; n += 1) {
      const rows = await sql<{ v: number }>`SELECT ${sql.raw(String(n))} AS v FROM catatan`.execute(
        db.kysely,
      );
      expect(rows.rows).toEqual([{ v: n }]);
    }
    expect(await isiOf(1)).toBe('A');
  });
});
