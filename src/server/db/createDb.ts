import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './types';
import { SAFETY_NET_PAGES, startWalCheckpointer } from './walCheckpoint';
import { directStatementCache, statementCache, type DirectStatement } from './sqliteStatements';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL only: a schema to create and use (tests give each suite its own). */
  schema?: string;
  /** PostgreSQL only: connections in the pool of this process (default 10). */
  poolSize?: number;
}

/** `file:` URL (or a bare path, or `:memory:`) → SQLite; `postgres://` / `postgresql://` → PostgreSQL. */
export function dialectOf(databaseUrl: string): Dialect {
  return /^postgres(ql)?:\/\//i.test(databaseUrl) ? 'postgres' : 'sqlite';
}

export function sqlitePathOf(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/i, '');
}

export async function createDb(databaseUrl: string, options: CreateDbOptions = {}): Promise<Db> {
  if (dialectOf(databaseUrl) === 'postgres')
    return createPostgres(databaseUrl, options.schema, options.poolSize ?? 10);
  return createSqlite(sqlitePathOf(databaseUrl));
}

async function createSqlite(path: string): Promise<Db> {
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
  database.pragma('busy_timeout = 5000');
  // Pages kept in memory by this process (up to 64 MiB; SQLite's default is 2 MiB): the event's sessions, attempts,
  // answers and clocks stay in memory instead of being read from the file on every call.
  database.pragma('cache_size = -65536');
  const prepare = statementCache(database);
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: { close: () => database.close(), prepare } }),
  });
  const statement = directStatementCache(database);
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  directSqlite.set(kysely, {
    get inTransaction() {
      return database.inTransaction;
    },
    statement,
    dataVersion: () => dataVersion.get() as number,
  });
  if (path === ':memory:') return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  // Checkpoints off the event loop (walCheckpoint.ts); this connection only past the safety net.
  database.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  const checkpointer = startWalCheckpointer(path);
  return {
    kysely,
    dialect: 'sqlite',
    close: async () => {
      await checkpointer.stop();
      await kysely.destroy();
    },
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
}

const directSqlite = new WeakMap<Kysely<Database>, DirectSqlite>();

/** The SQLite connection of a database's root Kysely instance; undefined for PostgreSQL and for transactions. */
export function directSqliteOf(q: Kysely<Database>): DirectSqlite | undefined {
  return directSqlite.get(q);
}

/**
 * The pool under a PostgreSQL Kysely instance, for the compiled queries (compiledQuery): each runs as a named
 * statement, which PostgreSQL parses and plans once per connection instead of at every run (Kysely sends every
 * query unnamed). Only for queries whose SQL never changes, so a connection keeps a bounded set of them.
 */
export interface DirectPostgres {
  query(
    name: string,
    text: string,
    values: readonly unknown[],
  ): Promise<{ rows: unknown[]; rowCount: number }>;
  /** Queries waiting for a free connection of the pool. */
  readonly waiting: number;
}

const directPostgres = new WeakMap<Kysely<Database>, DirectPostgres>();

/** The pool of a PostgreSQL database's root Kysely instance; undefined for SQLite and for transactions. */
export function directPostgresOf(q: Kysely<Database>): DirectPostgres | undefined {
  return directPostgres.get(q);
}

async function createPostgres(url: string, schema: string | undefined, poolSize: number): Promise<Db> {
  const pg = await import('pg');
  // BIGINT timestamps and COUNT(*) come back as strings by default; our values fit in a JS number.
  pg.types.setTypeParser(20, (value: string) => Number(value));
  pg.types.setTypeParser(1700, (value: string) => Number(value));
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  directPostgres.set(kysely, {
    query: async (name, text, values) => {
      const result = await pool.query({ name, text, values: [...values] });
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    get waiting() {
      return pool.waitingCount;
    },
  });
  return {
    kysely,
    dialect: 'postgres',
    close: async () => {
      if (schema && schema.startsWith('test_')) {
        await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(kysely);
      }
      await kysely.destroy();
    },
  };
}
