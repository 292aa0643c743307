/**
 * CPU time of the processes under test: the server (its cluster's workers included) and the PostgreSQL server (the
 * postmaster and every backend). Sampled around a phase and divided by its requests, it gives the CPU cost of one
 * request, the figures of the README's "Capacity model". The load generators are processes of their own, counted
 * apart: on one machine they take cores the server would otherwise get.
 */
import { sql } from 'kysely';
import { dialectOf } from '../server/db/createDb';
import type { Executor } from '../server/db/executor';
import { processInfo, treeUsages, type ProcStat } from './procfs';

/** Where the database's CPU time is found: the postmaster's tree, the app's own (SQLite), or another machine. */
export type DatabaseCpu = 'postmaster' | 'in the app (SQLite)' | 'not on this machine';

/** The processes a phase's CPU is charged to. */
export interface CpuWatch {
  server: number;
  /** The postmaster when PostgreSQL runs on this machine. */
  database: number | null;
  /** The bench's own process: its tree holds the server and the load generators. */
  bench: number;
}

export interface CpuSpent {
  appMs: number;
  /** null: not measured apart (SQLite works inside the app's process; a database on another machine). */
  databaseMs: number | null;
  /** The load generators' (and the idle bench's): CPU of the same cores the server did not get. */
  generatorMs: number;
}

/** The roots of the watched process trees: the server, the bench (its generators within), the database. */
export function watchedRoots(watch: CpuWatch): number[] {
  return [watch.server, watch.bench, ...(watch.database === null ? [] : [watch.database])];
}

/** The watched processes' CPU so far, from a fresh read of /proc or the table given. */
export function cpuNow(watch: CpuWatch, table?: ReadonlyMap<number, ProcStat>): CpuSpent {
  const [app, bench, database] = treeUsages(watchedRoots(watch), table);
  return {
    appMs: app.cpuMs,
    databaseMs: database ? database.cpuMs : null,
    generatorMs: bench.cpuMs - app.cpuMs,
  };
}

export function cpuSince(watch: CpuWatch, before: CpuSpent, table?: ReadonlyMap<number, ProcStat>): CpuSpent {
  const now = cpuNow(watch, table);
  return {
    appMs: now.appMs - before.appMs,
    databaseMs:
      now.databaseMs === null || before.databaseMs === null ? null : now.databaseMs - before.databaseMs,
    generatorMs: now.generatorMs - before.generatorMs,
  };
}

export interface CpuPerRequest {
  appUs: number;
  databaseUs: number | null;
  generatorUs: number;
}

/** Microseconds of CPU per request; null when the phase answered none. */
export function perRequestUs(spent: CpuSpent, requests: number): CpuPerRequest | null {
  if (requests <= 0) return null;
  const us = (ms: number) => (ms * 1000) / requests;
  return {
    appUs: us(spent.appMs),
    databaseUs: spent.databaseMs === null ? null : us(spent.databaseMs),
    generatorUs: us(spent.generatorMs),
  };
}

/**
 * The PostgreSQL postmaster serving this connection, when it runs here: the parent of the connection's backend
 * (both named "postgres"). A database on another machine (or in another PID namespace) has none here.
 */
export async function postmasterOf(db: Executor): Promise<number | null> {
  if (dialectOf(db) !== 'postgres') return null;
  const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
  const backend = processInfo(Number(rows[0]?.pid));
  const postmaster = backend ? processInfo(backend.parent) : null;
  return backend?.command === 'postgres' && postmaster?.command === 'postgres' ? backend.parent : null;
}
