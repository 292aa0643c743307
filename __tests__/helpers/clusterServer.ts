/**
 * A cluster (WORKERS=2) on a fresh, migrated SQLite file, with a fixture preloaded (NODE_OPTIONS=--import) into its
 * processes and told, through the environment variable `gateVariable`, which file opens its gate: for what only a
 * real primary and its workers show (their channel, a worker still starting or leaving).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { closeDb, createDb } from '../../src/server/db/createDb';
import { migrateToLatest } from '../../src/server/db/migrate';
import { startServerProcess, type ServerProcess } from './serverProcess';

export interface ClusterServer {
  server: ServerProcess;
  /** The temporary directory of the database and the gate (the caller removes it). */
  dir: string;
  /** The file whose existence opens the fixture's gate. */
  gate: string;
}

export async function startClusterWithFixture(fixture: string, gateVariable: string): Promise<ClusterServer> {
  const dir = mkdtempSync(join(tmpdir(), 'siaptes-cluster-'));
  const url = `file:${join(dir, 'cluster.db')}`;
  const db = await createDb(url);
  await migrateToLatest(db);
  await closeDb(db);
  const gate = join(dir, 'gate');
  const server = await startServerProcess({
    DATABASE_URL: url,
    WORKERS: '2',
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --import ${resolve(__dirname, '../fixtures/cluster', fixture)}`.trim(),
    [gateVariable]: gate,
  });
  return { server, dir, gate };
}

/** How many workers have said they listen (Fastify's log line, one per worker, replacements included). */
export function listeningWorkers(output: string): number {
  return output.split('\n').filter((line) => line.includes('Server listening at')).length;
}
