/**
 * A database that cannot serve now (PostgreSQL refused, silent or restarted; SQLite's disk full): every API call is
 * answered 503 `{status: false, message}` with Retry-After and a log line naming its request id and the fault, the
 * process goes on, and calls are served again once the cause is gone.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import { Client } from 'pg';
import { closeDb, createDb } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { databaseFaultOf } from '../../../src/server/db/fault';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { seedDemo, DEMO } from '../../../src/server/demo';
import { buildTestApp, postgresTestOptions, type TestContext } from '../../helpers/buildTestApp';
import { captureLog } from '../../helpers/logCapture';
import { loginAs } from '../../helpers/seeded';
import { waitFor } from '../../helpers/waitFor';

const postgresUrl = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '')
  ? (process.env.DATABASE_URL as string)
  : null;

const loginPayload = { code: 's', isgoogle: false, username: 'reguler', password: DEMO.password };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('which errors are a database that cannot serve', () => {
  it.each([
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }, 'unreachable'],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }, 'unreachable'],
    [{ code: '57P03', message: 'the database system is starting up' }, 'unreachable'],
    [{ code: '08006', message: 'connection failure' }, 'unreachable'],
    [new Error('Connection terminated unexpectedly'), 'unreachable'],
    [new Error('timeout exceeded when trying to connect'), 'unreachable'],
    [new Error('timeout expired'), 'unreachable'],
    [new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), 'unreachable'],
    [{ code: 'SQLITE_FULL', message: 'database or disk is full' }, 'full'],
    [{ code: 'SQLITE_BUSY', message: 'database is locked' }, 'busy'],
    [{ code: 'SQLITE_IOERR_WRITE', message: 'disk I/O error' }, 'unreachable'],
    [new Error('wrapped', { cause: { code: 'ECONNRESET' } }), 'unreachable'],
  ])('%o is %s', (error, fault) => {
    expect(databaseFaultOf(error)).toBe(fault);
  });

  it.each([
    [{ code: '23505', message: 'duplicate key value violates unique constraint' }],
    [{ code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed' }],
    [new TypeError('Cannot read properties of undefined')],
    [null],
  ])('%o is the call’s own error', (error) => {
    expect(databaseFaultOf(error)).toBeNull();
  });
});

describe('PostgreSQL that refuses or keeps silent', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never says a word, as a hung database host would.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it.each([
    ['refuses', async () => freePort()],
    ['keeps silent', async () => (silent.address() as { port: number }).port],
  ])('answers every call 503 with Retry-After while it %s, and logs each', async (_how, portOf) => {
    const db = await createDb(`postgres://siaptes@127.0.0.1:${await portOf()}/siaptes`);
    const log = captureLog();
    const t = await buildTestApp({ db, logStream: log.stream });
    try {
      const started = Date.now();
      const [login, jadwal] = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/auth/login', payload: loginPayload }),
        t.app.inject({
          method: 'GET',
          url: '/api/siswa/jadwal/jadwaltocurrent/idsiswa/1',
          headers: { key: 'a'.repeat(64) },
        }),
      ]);
      // Within the pool's connect timeout (5 s), not the minutes of a TCP timeout.
      expect(Date.now() - started).toBeLessThan(10_000);
      for (const answer of [login, jadwal]) {
        expect(answer.statusCode).toBe(503);
        expect(answer.headers['retry-after']).toBe('5');
        expect(answer.json()).toEqual({
          status: false,
          message: 'Basis data sedang tidak dapat dihubungi. Silakan coba lagi dalam beberapa detik.',
        });
        const id = answer.headers['x-request-id'];
        const line = log.lines
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((l) => l.reqId === id);
        expect(line).toMatchObject({ reason: 'database_unreachable', level: 40 });
      }
    } finally {
      await t.app.close();
      await closeDb(db).catch(() => undefined);
    }
  });
});

describe('SQLite whose disk is full', () => {
  let t: TestContext;
  let db: Executor;
  beforeAll(async () => {
    // SQLite whatever DATABASE_URL says: the fault is SQLite's own.
    db = await createDb(':memory:');
    await migrateToLatest(db);
    await seedDemo(db, { participants: 5, now: Date.now() });
    t = await buildTestApp({ db });
  });
  afterAll(() => t.close());

  const sessions = async () =>
    (
      await db
        .selectFrom('sesi')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const login = () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: loginPayload });

  it('refuses writes with 503 and Retry-After, keeps the file sound, and serves again once there is room', async () => {
    // Packed and not allowed to grow: as students log in (a session row each), the disk is soon full.
    await sql`VACUUM`.execute(db);
    const { page_count: pages } = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(db)).rows[0];
    await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(db);
    let full: Awaited<ReturnType<typeof login>> | undefined;
    let before = 0;
    for (let i = 0; i < 500 && !full; i++) {
      before = await sessions();
      const answer = await login();
      if (answer.statusCode !== 200) full = answer;
    }
    expect(full?.statusCode).toBe(503);
    expect(full?.headers['retry-after']).toBe('30');
    expect(full?.json()).toEqual({
      status: false,
      message: 'Penyimpanan basis data server penuh. Silakan coba lagi dalam beberapa saat.',
    });
    expect((await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)).rows).toEqual([
      { integrity_check: 'ok' },
    ]);
    // No half-written session.
    expect(await sessions()).toBe(before);

    await sql.raw(`PRAGMA max_page_count = ${pages * 4}`).execute(db);
    expect((await login()).statusCode).toBe(200);
    expect(await sessions()).toBe(before + 1);
  });
});

(postgresUrl ? describe : describe.skip)('PostgreSQL ending the pool’s connections', () => {
  let t: TestContext;
  /** Errors of idle connections the pool was told of (each ended backend's 57P01). */
  let idleErrors = 0;
  beforeAll(async () => {
    const db = await createDb(postgresUrl as string, {
      schema: `test_${randomBytes(6).toString('hex')}`,
      ...postgresTestOptions(),
      onIdleConnectionError: () => (idleErrors += 1),
    });
    await migrateToLatest(db);
    t = await buildTestApp({
      db,
      seed: (seeded) => seedDemo(seeded, { participants: 5, now: Date.now() }).then(() => undefined),
    });
  });
  afterAll(() => t.close());

  it('goes on serving on new connections (an idle connection’s error ends nothing)', async () => {
    await loginAs(t.app, 'reguler');
    // Four connections of the pool held at once, so each is another backend; idle in the pool afterwards.
    const pids = await Promise.all(
      [1, 2, 3, 4].map(() =>
        t.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 100));
          return rows[0].pid;
        }),
      ),
    );
    // As a restart does to every connection: their backends end (57P01 on each idle client). Only this suite's
    // own, from a connection of its own: other suites share the database.
    const admin = new Client({ connectionString: postgresUrl as string });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    } finally {
      await admin.end();
    }
    // Once the pool has heard of the four ended connections: a login then finds none of them.
    await waitFor(
      () => idleErrors,
      (n) => n >= 4,
      10_000,
    );
    expect(idleErrors).toBe(4);
    const again = await loginAs(t.app, 'reguler');
    expect(again.siswa.username).toBe('reguler');
  });
});
