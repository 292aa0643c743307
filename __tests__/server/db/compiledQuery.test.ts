/**
 * Queries compiled once and run with new values (src/server/db/compiledQuery.ts), on the suite's database (SQLite,
 * or PostgreSQL with DATABASE_URL): each run returns what the same query built by Kysely with those values returns,
 * inside a transaction too, and a value left out is an error, never a query run with the wrong one.
 */
import { sql, type Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../../src/server/config';
import { closeDb, createDb } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { prepareQuery } from '../../../src/server/db/compiledQuery';
import { transaction } from '../../../src/server/db/transaction';
import { batchedStatement, batchedTransaction } from '../../../src/server/db/batching/groupCommit';
import type { Database } from '../../../src/server/db/types';
import { createTestDb } from '../../helpers/buildTestApp';

interface Catatan {
  id: number;
  pemilik: number;
  isi: string;
  dibaca: number | null;
}
type TestDatabase = Database & { catatan: Catatan };
const withCatatan = (q: Kysely<Database>) => q.withTables<{ catatan: Catatan }>();
/** Every note's id and text, in order; `notes('a', 'b', …)` the same for the texts of ids 1, 2, …. */
const allNotes = () => q.selectFrom('catatan').select(['id', 'isi']).orderBy('id').execute();
const onSqlite = !/^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '');
const notes = (...isi: string[]) => isi.map((text, i) => ({ id: i + 1, isi: text }));

let db: Executor;
let q: Kysely<TestDatabase>;
beforeAll(async () => {
  db = await createTestDb();
  q = withCatatan(db);
  await sql`CREATE TABLE catatan (id integer PRIMARY KEY, pemilik integer NOT NULL, isi text NOT NULL,
    dibaca integer)`.execute(db);
});
// Every test starts from the same four notes: tests run in a random order and some of them write.
beforeEach(async () => {
  await q.deleteFrom('catatan').execute();
  await q
    .insertInto('catatan')
    .values([
      { id: 1, pemilik: 7, isi: 'satu', dibaca: null },
      { id: 2, pemilik: 7, isi: 'dua', dibaca: 1 },
      { id: 3, pemilik: 8, isi: 'tiga', dibaca: 0 },
      { id: 4, pemilik: 7, isi: 'empat', dibaca: 0 },
    ])
    .execute();
});
afterAll(() => closeDb(db));

// The fixed `dibaca <> 1` and `limit 10` are values of the query itself, kept between runs.
const unread = (k: Kysely<TestDatabase>, pemilik: number, dari: number) =>
  k
    .selectFrom('catatan')
    .select(['id', 'isi'])
    .where('pemilik', '=', pemilik)
    .where('id', '>=', dari)
    .where((eb) => eb.or([eb('dibaca', 'is', null), eb('dibaca', '<>', 1)]))
    .orderBy('id')
    .limit(10);
const unreadQuery = prepareQuery((k, p: { pemilik: number; dari: number }) =>
  unread(withCatatan(k), p.pemilik, p.dari),
);

const setIsi = prepareQuery((k, p: { id: number; isi: string; dibaca: number | null }) =>
  withCatatan(k).updateTable('catatan').set({ isi: p.isi, dibaca: p.dibaca }).where('id', '=', p.id),
);

describe('a query compiled once', () => {
  it('returns, for each set of values, the rows of the same Kysely query built with them', async () => {
    for (const [pemilik, dari] of [
      [7, 1],
      [7, 2],
      [8, 1],
      [9, 1],
      [7, 4],
    ]) {
      const expected = await unread(q, pemilik, dari).execute();
      expect(await unreadQuery.all(db, { pemilik, dari })).toEqual(expected);
    }
    expect(await unreadQuery.all(db, { pemilik: 7, dari: 1 })).toEqual([
      { id: 1, isi: 'satu' },
      { id: 4, isi: 'empat' },
    ]);
    expect(await unreadQuery.first(db, { pemilik: 8, dari: 1 })).toEqual({ id: 3, isi: 'tiga' });
    expect(await unreadQuery.first(db, { pemilik: 9, dari: 1 })).toBeUndefined();
  });

  it('sends the values in the places of the SQL, the fixed ones unchanged', () => {
    const compiled = unreadQuery.compile(db, { pemilik: 8, dari: 3 });
    expect(compiled.parameters).toEqual([8, 3, 1, 10]);
    expect(compiled.sql).toMatch(/"pemilik" = (\?|\$1)/);
  });

  it('writes with the values given, null included, and counts the rows it changed', async () => {
    expect(await setIsi.run(db, { id: 3, isi: 'tiga!', dibaca: null })).toBe(1);
    expect(await setIsi.run(db, { id: 99, isi: 'x', dibaca: 1 })).toBe(0);
    expect(await q.selectFrom('catatan').selectAll().where('id', '=', 3).executeTakeFirst()).toEqual({
      id: 3,
      pemilik: 8,
      isi: 'tiga!',
      dibaca: null,
    });
  });

  it('runs on a transaction’s connection: it sees the transaction’s writes, and a rollback undoes its own', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await setIsi.run(trx, { id: 4, isi: 'empat?', dibaca: 0 });
        expect(await unreadQuery.all(trx, { pemilik: 7, dari: 4 })).toEqual([{ id: 4, isi: 'empat?' }]);
        throw new Error('batal');
      }),
    ).rejects.toThrow('batal');
    expect(await unreadQuery.all(db, { pemilik: 7, dari: 4 })).toEqual([{ id: 4, isi: 'empat' }]);
  });

  it('in `transaction`: compiled and built queries commit together, or are undone together', async () => {
    await transaction(db, async (trx) => {
      await setIsi.run(trx, { id: 1, isi: 'satu!', dibaca: 1 });
      await withCatatan(trx).updateTable('catatan').set({ isi: 'dua!' }).where('id', '=', 2).execute();
      expect(await unreadQuery.all(trx, { pemilik: 7, dari: 1 })).toEqual([{ id: 4, isi: 'empat' }]);
    });
    await expect(
      transaction(db, async (trx) => {
        await setIsi.run(trx, { id: 3, isi: 'tiga?', dibaca: 0 });
        await withCatatan(trx).updateTable('catatan').set({ isi: 'empat?' }).where('id', '=', 4).execute();
        throw new Error('batal');
      }),
    ).rejects.toThrow('batal');
    expect(await allNotes()).toEqual(notes('satu!', 'dua!', 'tiga', 'empat'));
  });

  it.each([
    [
      'Kysely’s transaction',
      (work: (trx: Kysely<Database>) => Promise<void>) => db.transaction().execute(work),
    ],
    ['`transaction`', (work: (trx: Kysely<Database>) => Promise<void>) => transaction(db, work)],
  ])(
    'outside %s while it is open: never sees its writes, never undone by its rollback',
    async (_name, open) => {
      let openGate = () => {};
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      let written: () => void = () => {};
      const insideWrote = new Promise<void>((resolve) => (written = resolve));
      const opened = open(async (trx) => {
        await setIsi.run(trx, { id: 4, isi: 'belum', dibaca: 0 });
        written();
        await gate;
        throw new Error('batal');
      });
      await insideWrote;
      // Issued while the transaction is open (SQLite's one connection is inside it at this moment).
      const read = unreadQuery.all(db, { pemilik: 7, dari: 4 });
      const write = setIsi.run(db, { id: 2, isi: 'dua!', dibaca: 1 });
      const built = withCatatan(db)
        .updateTable('catatan')
        .set({ isi: 'satu!' })
        .where('id', '=', 1)
        .execute();
      openGate();
      await expect(opened).rejects.toThrow('batal');
      expect(await read).toEqual([{ id: 4, isi: 'empat' }]);
      expect(await write).toBe(1);
      await built;
      expect(await allNotes()).toEqual(notes('satu!', 'dua!', 'tiga', 'empat'));
    },
  );

  // The group commit is SQLite's; on PostgreSQL (CI's second pass) each work is a transaction of its own.
  (onSqlite ? it : it.skip)(
    '`batchedTransaction`: works asked for together commit together; one that throws is undone alone',
    async () => {
      const isiOf = async (k: Kysely<Database>, id: number) =>
        (await withCatatan(k).selectFrom('catatan').select('isi').where('id', '=', id).executeTakeFirst())
          ?.isi;
      const seenByLater: (string | boolean | undefined)[] = [];
      let firstAnswered = false;
      const results = await Promise.allSettled([
        batchedTransaction(db, async (trx) => {
          await setIsi.run(trx, { id: 1, isi: 'satu!', dibaca: 1 });
          return 'pertama';
        }).then((value) => {
          firstAnswered = true;
          return value;
        }),
        batchedTransaction(db, async (trx) => {
          await setIsi.run(trx, { id: 2, isi: 'dua?', dibaca: 0 });
          await withCatatan(trx).updateTable('catatan').set({ isi: 'tiga?' }).where('id', '=', 3).execute();
          throw new Error('batal');
        }),
        batchedTransaction(db, async (trx) => {
          seenByLater.push(await isiOf(trx, 1), await isiOf(trx, 2), firstAnswered);
          await setIsi.run(trx, { id: 4, isi: 'empat!', dibaca: 1 });
          return 'ketiga';
        }),
      ]);
      expect(results).toEqual([
        { status: 'fulfilled', value: 'pertama' },
        { status: 'rejected', reason: new Error('batal') },
        { status: 'fulfilled', value: 'ketiga' },
      ]);
      // The third saw the first's write and not the second's undone one, and the first was not answered yet: on
      // SQLite all three are in one transaction, and none is answered before its commit.
      expect(seenByLater).toEqual(['satu!', 'dua', false]);
      expect(await allNotes()).toEqual(notes('satu!', 'dua', 'tiga', 'empat!'));
    },
  );

  it('`batchedStatement`: a statement that fails is refused alone; on SQLite the turn’s statements are written after it, together', async () => {
    const asked = [
      batchedStatement(db, (w) => setIsi.run(w, { id: 1, isi: 'satu!', dibaca: 1 })),
      batchedStatement(db, (w) =>
        withCatatan(w)
          .updateTable('catatan')
          .set({ pemilik: null as unknown as number })
          .where('id', '=', 2)
          .execute(),
      ),
      batchedStatement(db, (w) => setIsi.run(w, { id: 4, isi: 'empat!', dibaca: 1 })),
    ];
    // A compiled read runs at once on SQLite: within the turn the writes asked for are not made yet.
    const readAtOnce = unreadQuery.all(db, { pemilik: 7, dari: 1 });
    const results = await Promise.allSettled(asked);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 1 });
    if (onSqlite)
      expect(await readAtOnce).toEqual([
        { id: 1, isi: 'satu' },
        { id: 4, isi: 'empat' },
      ]);
    expect(await allNotes()).toEqual(notes('satu!', 'dua', 'tiga', 'empat!'));
  });

  it('refuses a run with a value missing, and runs nothing', async () => {
    await expect(
      setIsi.run(db, { id: 1, isi: 'hilang' } as unknown as { id: number; isi: string; dibaca: null }),
    ).rejects.toThrow('no value for parameter "dibaca"');
    expect(await q.selectFrom('catatan').select('isi').where('id', '=', 1).executeTakeFirst()).toEqual({
      isi: 'satu',
    });
  });

  const postgresUrl = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '')
    ? process.env.DATABASE_URL
    : null;
  // On PostgreSQL only (the suite runs there in CI): SQLite has its own statement cache (statementCache.test.ts).
  // Straight to PostgreSQL: through a pooler the catalog read below may run on another server connection.
  const cases = [
    {
      pooler: 'none',
      named: 1,
      what: 'runs as a named statement: parsed once per connection, then only executed',
    },
    {
      pooler: 'transaction',
      named: 0,
      what: 'behind a transaction-mode pooler (DATABASE_POOLER=transaction) runs unnamed: the connection keeps none',
    },
  ] as const;
  for (const { pooler, named, what } of cases) {
    (postgresUrl ? it : it.skip)(`on PostgreSQL ${what}`, async () => {
      const single = await createDb(loadConfig(process.env).databaseListenUrl ?? (postgresUrl as string), {
        schema: `test_${randomBytes(6).toString('hex')}`,
        poolSize: 1,
        pooler,
      });
      try {
        await migrateToLatest(single);
        const jadwalById = prepareQuery((k: Kysely<Database>, p: { id: number }) =>
          k.selectFrom('jadwal').select('nama').where('id', '=', p.id),
        );
        await single
          .insertInto('jadwal')
          .values({ paket: 1, nama: 'Satu', tgl_awal: 0, tgl_akhir: 1, is_event: 0, irt_calibrated_at: null })
          .execute();
        expect(await jadwalById.all(single, { id: 1 })).toEqual([{ nama: 'Satu' }]);
        expect(await jadwalById.all(single, { id: 2 })).toEqual([]);
        // The pool's one connection holds the statement once, under the query's own name (or not at all).
        const { rows } = await sql<{ name: string; statement: string }>`
          SELECT name, statement FROM pg_prepared_statements`.execute(single);
        const held = rows.filter((r) => r.statement.includes('"jadwal"'));
        expect(held).toHaveLength(named);
        for (const statement of held) expect(statement.name).toMatch(/^siaptes_\d+$/);
      } finally {
        await closeDb(single);
      }
    });
  }
});
