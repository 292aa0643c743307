/** The databases a bench run measures: a SQLite file, or a fresh schema of the PostgreSQL at BENCH_DATABASE_URL. */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { dialectOf } from '../server/db/createDb';
import type { Executor } from '../server/db/executor';

export interface Target {
  label: string;
  databaseUrl: string;
  workers: number;
  /** Size of the database in MB, read before the target is dropped. */
  size(db: Executor): Promise<number>;
  drop(): Promise<void>;
}

/** A SQLite file of its own, served by that many processes (one writer at a time whatever their number). */
export function sqliteTarget(dir: string, workers: number): Target {
  const file = join(dir, `bench-${workers}.db`);
  return {
    label: workers === 1 ? 'SQLite, 1 process' : `SQLite, ${workers} workers`,
    databaseUrl: `file:${file}`,
    workers,
    size: async () =>
      ['', '-wal', '-shm'].reduce((sum, suffix) => {
        const path = `${file}${suffix}`;
        return sum + (existsSync(path) ? statSync(path).size : 0);
      }, 0) /
      1024 /
      1024,
    drop: async () => undefined,
  };
}

/** A fresh schema of the PostgreSQL database per run, named in the URL's search_path. */
export async function postgresTarget(url: string, workers: number): Promise<Target> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const pg = await import('pg');
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA "${schema}"`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    label: `PostgreSQL, ${workers} worker${workers > 1 ? 's' : ''}`,
    databaseUrl: scoped.toString(),
    workers,
    size: async (db) => {
      const { rows } = await sql<{ bytes: number | string | null }>`
        SELECT SUM(pg_total_relation_size(c.oid)) AS bytes FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ${schema} AND c.relkind = 'r'`.execute(
        db,
      );
      return Number(rows[0]?.bytes ?? 0) / 1024 / 1024;
    },
    drop: () => admin(`DROP SCHEMA "${schema}" CASCADE`),
  };
}

/**
 * The seeding has just written up to a gigabyte that the kernel still holds as dirty pages; writing them back, and
 * throttling every writer meanwhile, would stall the server during the first phases (on the day the event's data
 * was loaded long before). SQLite's log is copied into the file first.
 */
export async function settleAfterSeeding(db: Executor): Promise<void> {
  if (dialectOf(db) === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  spawnSync('sync', { stdio: 'ignore' });
}

/**
 * The PostgreSQL settings a run's figures depend on, as the server reports them: the cache (`shared_buffers`,
 * `effective_cache_size`), the log (`wal_buffers`, `max_wal_size`) and durability. Null on SQLite.
 */
export async function databaseSettings(db: Executor): Promise<string | null> {
  if (dialectOf(db) !== 'postgres') return null;
  const names = [
    'shared_buffers',
    'effective_cache_size',
    'wal_buffers',
    'max_wal_size',
    'fsync',
    'synchronous_commit',
  ] as const;
  const { rows } = await sql<{ name: string; value: string }>`
    SELECT name, current_setting(name) AS value FROM unnest(${[...names]}::text[]) AS name`.execute(db);
  const { rows: version } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(
    db,
  );
  return `PostgreSQL ${version[0]?.v ?? '?'}: ${rows.map((r) => `${r.name} ${r.value}`).join(', ')}`;
}
