import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './types';
import type { Executor } from './executor';
import { SAFETY_NET_PAGES, startWalCheckpointer } from './walCheckpoint';
import { directStatementCache, statementCache, type DirectStatement } from './sqliteStatements';
import { postgresSessionCache, registerSessionCache, SessionCache } from '../lib/sessionCache';
import { startSesiListener, type SesiListener } from './sesiListener';

export type Dialect = 'sqlite' | 'postgres';

/** How long a SQLite write waits for another connection's write lock before it fails with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

export interface CreateDbOptions {
  /** PostgreSQL only: a schema to create and use (tests give each suite its own). */
  schema?: string;
  /** PostgreSQL only: connections in the pool of this process (default 10). */
  poolSize?: number;
  /**
   * PostgreSQL only: `transaction` when DATABASE_URL goes through a transaction-mode pooler (PgBouncer
   * `pool_mode = transaction`): every query is sent unnamed, since such a pooler runs each transaction on any of its
   * server connections and a statement prepared on one is unknown on the others. A test schema then becomes a
   * database of its own (the pooler passes no `search_path` option).
   */
  pooler?: 'none' | 'transaction';
  /**
   * PostgreSQL only: a URL straight to PostgreSQL on which this process listens for changed sessions, to keep a
   * session cache (lib/sessionCache.ts, db/sesiListener.ts). Without it there is no session cache.
   */
  listenUrl?: string | null;
  /**
   * PostgreSQL only: the server processes of this machine sharing the database (WORKERS, default 1). The group
   * commits' limits of statements in flight are for all of them together (DirectPostgres.processes).
   */
  processes?: number;
  /**
   * SQLite only: checkpoint the log from a worker thread (walCheckpoint.ts; default true). A process that serves
   * nothing while a server runs on the same file (the bench) leaves it off: its checkpoints would run beside the
   * server's, on the server's cores, and its connection checkpoints only when it commits itself (SQLite's way).
   */
  walCheckpointer?: boolean;
  /**
   * PostgreSQL only: told when a pooled connection fails while idle (PostgreSQL stopped, restarted or ended the
   * backend). The pool drops that connection and opens a new one for the next query; unheard, the pool's 'error'
   * event would end the process.
   */
  onIdleConnectionError?: (error: Error) => void;
}

/**
 * PostgreSQL only: how long opening a connection may take before it fails (and its call is answered 503,
 * db/fault.ts). pg's default is to wait without end: with the database silent every call would hang. Only the
 * opening is bounded: a query queued behind busy connections of a healthy database waits its turn (the load shedder
 * and the request deadline bound that wait, plugins/).
 */
export const CONNECT_TIMEOUT_MS = 5000;

/** `file:` URL (or a bare path, or `:memory:`) → SQLite; `postgres://` / `postgresql://` → PostgreSQL. */
export function dialectOfUrl(databaseUrl: string): Dialect {
  return /^postgres(ql)?:\/\//i.test(databaseUrl) ? 'postgres' : 'sqlite';
}

/**
 * The database under a handle. A transaction, or a connection held from the pool, runs on its database's adapter,
 * so it answers the same as the instance it was opened from.
 */
export function dialectOf(db: Executor): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** How each open database is closed: only the code that opened it (server start/stop, a command, a test) does. */
const closers = new WeakMap<Executor, () => Promise<void>>();

/**
 * Closes a database opened by createDb: its connections, and what runs beside them (the WAL checkpointer, the
 * session listener). A database already closed stays closed.
 */
export async function closeDb(db: Executor): Promise<void> {
  const close = closers.get(db);
  closers.delete(db);
  await close?.();
}

function opened(db: Executor, close: () => Promise<void>): Executor {
  closers.set(db, close);
  return db;
}

export function sqlitePathOf(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/i, '');
}

/** Opens a database; the handle passed to every query and service. Closed with closeDb. */
export async function createDb(databaseUrl: string, options: CreateDbOptions = {}): Promise<Executor> {
  if (dialectOfUrl(databaseUrl) === 'postgres') return createPostgres(databaseUrl, options);
  return createSqlite(sqlitePathOf(databaseUrl), options.walCheckpointer ?? true);
}

async function createSqlite(path: string, walCheckpointer: boolean): Promise<Executor> {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  if (path !== ':memory:') {
    const { mkdirSync } = await import('node:fs');
    const { dirname } = await import('node:path');
    mkdirSync(dirname(path), { recursive: true });
  }
  const database = new BetterSqlite3(path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // Pages kept in memory by this process (up to 64 MiB; SQLite's default is 2 MiB): the event's sessions, attempts,
  // answers and clocks stay in memory instead of being read from the file on every call.
  database.pragma('cache_size = -65536');
  const prepare = statementCache(database);
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: { close: () => database.close(), prepare } }),
  });
  const statement = directStatementCache(database);
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  const beginImmediate = database.prepare('BEGIN IMMEDIATE');
  const direct: DirectSqlite = {
    get inTransaction() {
      return database.inTransaction;
    },
    statement,
    dataVersion: () => dataVersion.get() as number,
    tryBegin: () => {
      // Not prepared once: SQLite sets the timeout while preparing a PRAGMA, not when it runs.
      database.exec('PRAGMA busy_timeout = 0');
      try {
        beginImmediate.run();
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return false;
        throw error;
      } finally {
        database.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
    },
  };
  directSqlite.set(kysely, direct);
  registerSessionCache(kysely, new SessionCache(sesiVersiOf(direct)));
  if (path === ':memory:' || !walCheckpointer) return opened(kysely, () => kysely.destroy());
  // Checkpoints off the event loop (walCheckpoint.ts); this connection only past the safety net.
  database.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  const checkpointer = startWalCheckpointer(path);
  return opened(kysely, async () => {
    await checkpointer.stop();
    await kysely.destroy();
  });
}

/**
 * What the session cache of a SQLite database watches: the number migration 017 raises with every change of a
 * session or a student, read again only when another connection has committed (`data_version` moved), so that
 * another worker's answer saves keep the cache. Before that migration has run, `data_version` itself.
 *
 * Looked at once per turn of the event loop: the calls whose requests arrived together share the look, which opens
 * a WAL read transaction of its own (12 % of an answer save's time went to `data_version`, measured). A change
 * committed elsewhere counts from the next turn on.
 */
function sesiVersiOf(direct: DirectSqlite): () => number | string {
  let dataVersion = direct.dataVersion();
  const read = (): number | string => {
    try {
      const [row] = direct.statement('SELECT versi FROM sesi_versi WHERE id = 1').all([]);
      if (row) return row.versi as number;
    } catch {
      // No such table yet (a database before migration 017).
    }
    return `data_version ${dataVersion}`;
  };
  let versi = read();
  let lookedThisTurn = false;
  return () => {
    if (lookedThisTurn) return versi;
    const now = direct.dataVersion();
    // On the fallback, read at every look: the cache is made with the connection, before it runs migration 017,
    // and its own commits never move data_version, so a look kept for the turn would hold the fallback past the
    // migration and the first commit elsewhere would empty the cache.
    if (now !== dataVersion || typeof versi === 'string') {
      dataVersion = now;
      versi = read();
    }
    if (typeof versi === 'number') {
      lookedThisTurn = true;
      setImmediate(() => (lookedThisTurn = false));
    }
    return versi;
  };
}

/** The SQLite connection under a Kysely instance, for statements run without Kysely's executor (compiledQuery). */
export interface DirectSqlite {
  /** True while a transaction is open on the connection: a statement run now would run inside it. */
  readonly inTransaction: boolean;
  /** The direct path's prepared statement of a SQL text (sqliteStatements.ts). */
  statement(sqlText: string): DirectStatement;
  /**
   * SQLite's `PRAGMA data_version`: changes whenever another connection (another process, an operator command)
   * commits, never for this connection's own commits. What this process keeps of the database is good while it
   * stays the same.
   */
  dataVersion(): number;
  /**
   * Opens a write transaction (BEGIN IMMEDIATE) at once, or answers false without waiting when another connection
   * (another worker process) holds the write lock. SQLite's own wait (busy_timeout) sleeps on the calling thread,
   * which is the event loop: nothing else of the process would run meanwhile.
   */
  tryBegin(): boolean;
}

const directSqlite = new WeakMap<Kysely<Database>, DirectSqlite>();

/** The SQLite connection of a database's root Kysely instance; undefined for PostgreSQL and for transactions. */
export function directSqliteOf(q: Executor): DirectSqlite | undefined {
  return directSqlite.get(q);
}

/**
 * The pool under a PostgreSQL Kysely instance, for the compiled queries (compiledQuery): each runs as a named
 * statement, which PostgreSQL parses and plans once per connection instead of at every run (Kysely sends every
 * query unnamed). Only for queries whose SQL never changes, so a connection keeps a bounded set of them. Behind a
 * transaction-mode pooler the name is dropped (`pooler` of CreateDbOptions).
 */
export interface DirectPostgres {
  query(
    name: string,
    text: string,
    values: readonly unknown[],
  ): Promise<{ rows: unknown[]; rowCount: number }>;
  /** Queries waiting for a free connection of the pool. */
  readonly waiting: number;
  /** Server processes of this machine with a pool like this one (CreateDbOptions.processes). */
  readonly processes: number;
  /**
   * Runs `work` on a connection of its own, opened for it and closed after, outside the pool: for a check that must
   * neither wait in the pool's queue nor add to it (db/jamBasisData.ts).
   */
  alone<T>(work: (query: (text: string) => Promise<unknown[]>) => Promise<T>): Promise<T>;
}

const directPostgres = new WeakMap<Kysely<Database>, DirectPostgres>();

/** The pool of a PostgreSQL database's root Kysely instance; undefined for SQLite and for transactions. */
export function directPostgresOf(q: Executor): DirectPostgres | undefined {
  return directPostgres.get(q);
}

async function createPostgres(url: string, options: CreateDbOptions): Promise<Executor> {
  const pg = await import('pg');
  // BIGINT timestamps and COUNT(*) come back as strings by default; our values fit in a JS number.
  pg.types.setTypeParser(20, (value: string) => Number(value));
  pg.types.setTypeParser(1700, (value: string) => Number(value));
  const { schema } = options;
  const behindPooler = options.pooler === 'transaction';
  let listenUrl = options.listenUrl ?? null;
  let connectOptions: { options?: string } = {};
  let dropSchema: ((kysely: Kysely<Database>) => Promise<void>) | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (schema && behindPooler) {
    dropDatabase = (await ownDatabase(pg, listenUrl ?? url, schema)).drop;
    url = withDatabase(url, schema);
    if (listenUrl) listenUrl = withDatabase(listenUrl, schema);
  } else if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await admin.end();
    connectOptions = { options: `-c search_path="${schema}"` };
    dropSchema = async (kysely) => {
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(kysely);
    };
  }
  // pg-pool would apply a pool-wide connectionTimeoutMillis to queued queries too; given to each client, it bounds
  // only the connect.
  class TimedClient extends pg.Client {
    constructor(config: import('pg').ClientConfig = {}) {
      super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    Client: TimedClient,
    // A connection whose peer went silent is found dead by the kernel's probes rather than never.
    keepAlive: true,
    ...connectOptions,
  });
  pool.on('error', (error) => options.onIdleConnectionError?.(error));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  directPostgres.set(kysely, {
    query: async (name, text, values) => {
      const result = await pool.query(
        behindPooler ? { text, values: [...values] } : { name, text, values: [...values] },
      );
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    get waiting() {
      return pool.waitingCount;
    },
    processes: options.processes ?? 1,
    alone: async (work) => {
      const client = new TimedClient({ connectionString: url, ...connectOptions });
      // An error of this connection after its work (the server went away) is not the process's end.
      client.on('error', () => undefined);
      await client.connect();
      try {
        return await work(async (text) => (await client.query(text)).rows);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  });
  const listener = listenUrl
    ? listenForSessions(
        kysely,
        listenUrl,
        schema && !behindPooler ? schema : 'public',
        (u) => new pg.Client({ connectionString: u, ...connectOptions }),
      )
    : null;
  return opened(kysely, async () => {
    await listener?.stop();
    const test = schema?.startsWith('test_') ?? false;
    // The pool is ended even when the drop fails: an open pool keeps the process (and a test run) alive.
    try {
      if (test) await dropSchema?.(kysely);
    } finally {
      await kysely.destroy();
    }
    if (test) await dropDatabase?.();
  });
}

/** The session cache of a PostgreSQL database, kept while its listener hears (lib/sessionCache.ts). */
function listenForSessions(
  kysely: Kysely<Database>,
  url: string,
  schema: string,
  connect: (url: string) => import('pg').Client,
): SesiListener {
  // Filled in below: the cache asks the listener, the listener tells the cache.
  const ears = { listener: null as SesiListener | null };
  const cache = postgresSessionCache(() => ears.listener?.usable(Date.now()) ?? false);
  registerSessionCache(kysely, cache);
  ears.listener = startSesiListener({
    url,
    schema,
    now: Date.now,
    connect,
    ears: {
      sesi: (tokenHash) => cache.forget(tokenHash),
      siswa: (idSiswa) => cache.forgetSiswa(idSiswa),
      reset: () => cache.clear(),
    },
  });
  listeners.set(kysely, ears.listener);
  return ears.listener;
}

const listeners = new WeakMap<Kysely<Database>, SesiListener>();

/** The session listener of a PostgreSQL database's root Kysely instance, when it has one. */
export function sesiListenerOf(q: Executor): SesiListener | undefined {
  return listeners.get(q);
}

/** `url` naming another database. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A test's own database, made on the database of `url` (straight to PostgreSQL when a listen URL is given): a
 * transaction-mode pooler passes no `search_path`, so a suite behind it gets a database where others get a schema.
 * Two handles of one suite share it (the second finds it made).
 */
async function ownDatabase(
  pg: typeof import('pg'),
  url: string,
  name: string,
): Promise<{ drop: () => Promise<void> }> {
  const onAdmin = async (statement: string, ignoreCode?: string) => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(statement);
    } catch (error) {
      if ((error as { code?: string }).code !== ignoreCode) throw error;
    } finally {
      await admin.end();
    }
  };
  // 42P04: the suite's other handle made it already.
  await onAdmin(`CREATE DATABASE "${name}"`, '42P04');
  return { drop: () => onAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
