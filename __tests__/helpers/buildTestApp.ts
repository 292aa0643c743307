import { randomBytes } from 'node:crypto';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { closeDb, createDb, type CreateDbOptions } from '../../src/server/db/createDb';
import type { Executor } from '../../src/server/db/executor';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate';
import { tutupYangBerakhir } from '../../src/server/scoring/penjadwalPenutupan';
import { penutupanSelesai } from '../../src/server/scoring/tugasPenutupan';

export interface TestClock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
}

/** A clock the test moves by hand; starts at the real time unless told otherwise. */
export function testClock(start = Date.now()): TestClock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestContext {
  app: App;
  db: Executor;
  config: Config;
  clock: TestClock;
  /** What the server's scheduler does at its next look: every schedule over at the clock's time closed. */
  closeDue(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh migrated database for one suite: SQLite in memory by default, or its own PostgreSQL schema when
 * DATABASE_URL is a postgres:// URL (as `.ci/run` sets it for the second pass). Never a mocked database. Migrated
 * to the latest schema, or only up to the named migration (`upTo`, for a migration's own test).
 */
/**
 * How the server's processes open PostgreSQL with this environment (DATABASE_POOLER, DATABASE_LISTEN_URL): the
 * suites run the same way, with the session cache's listener (`.ci/run` also runs some behind PgBouncer).
 */
export function postgresTestOptions(): Pick<CreateDbOptions, 'pooler' | 'listenUrl'> {
  const config = loadConfig(process.env);
  return { pooler: config.databasePooler, listenUrl: config.databaseListenUrl };
}

export async function createTestDb(options: { upTo?: string } = {}): Promise<Executor> {
  const url = process.env.DATABASE_URL;
  const db =
    url && /^postgres(ql)?:\/\//i.test(url)
      ? await createDb(url, { schema: `test_${randomBytes(6).toString('hex')}`, ...postgresTestOptions() })
      : await createDb(':memory:');
  if (options.upTo) await migrateTo(db, options.upTo);
  else await migrateToLatest(db);
  return db;
}

export async function buildTestApp(
  options: {
    clock?: TestClock;
    /** A database opened by the test (closed with the app), instead of a fresh one. */
    db?: Executor;
    seed?: (db: Executor) => Promise<void>;
    /** Settings for this suite on top of the environment, e.g. `{ REGULAR_INSTITUTIONS: 'A,B' }`. */
    env?: Record<string, string>;
    /** Parsed settings overriding the loaded ones, e.g. `{ loginMaxPerAddress: 2 }`. */
    config?: Partial<Config>;
    /** Where the request log goes (off when absent). */
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestContext> {
  const db = options.db ?? (await createTestDb());
  if (options.seed) await options.seed(db);
  const config = {
    ...loadConfig({ ...process.env, ...options.env, DATABASE_URL: 'file::memory:' }),
    ...options.config,
  };
  const clock = options.clock ?? testClock();
  const app = await buildApp({
    db,
    config,
    now: clock.now,
    ...(options.logStream ? { logger: { stream: options.logStream } } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    config,
    clock,
    closeDue: () =>
      tutupYangBerakhir(db, clock.now, (error) => {
        throw error;
      }),
    close: async () => {
      await app.close();
      // A close a read started in the background ends before its database does.
      await penutupanSelesai(db);
      await closeDb(db);
    },
  };
}
