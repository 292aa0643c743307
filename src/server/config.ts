import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

/** Every setting of the server, read from the environment once, with defaults that run as they are. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** Institutions whose students are regular students (spec §1). */
  regularInstitutions: string[];
  /** The event institution (TO Akbar), compared accent- and case-insensitively. */
  eventInstitution: string;
  /** Folder of the built SPA that the server serves with a history fallback. */
  publicDir: string;
  /** Whether session cookies carry the Secure flag (behind HTTPS). */
  secureCookies: boolean;
  /** Server processes on the one port (node:cluster); 1 runs the server in the main process itself. */
  workers: number;
  /** PostgreSQL connections per server process (each worker has its own pool). */
  dbPoolSize: number;
}

export class ConfigError extends Error {}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT harus bilangan bulat 0..65535, bukan "${raw}"`);
  }
  return port;
}

function parsePositive(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new ConfigError(`${name} harus bilangan bulat 1..${max}, bukan "${raw}"`);
  }
  return value;
}

function parseList(raw: string | undefined, fallback: string[]): string[] {
  if (raw === undefined || raw.trim() === '') return fallback;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || 'file:data/siaptes.db';
  if (!/^(file:|postgres(ql)?:\/\/|:memory:)/i.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL harus diawali file: atau postgres://, bukan "${databaseUrl}"`);
  }
  // SQLite has one writer at a time, so more processes only queue for its lock; PostgreSQL scales with the cores.
  const postgres = /^postgres(ql)?:\/\//i.test(databaseUrl);
  return {
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    regularInstitutions: parseList(env.REGULAR_INSTITUTIONS, ['SiapTes', 'tutorindonesia']),
    eventInstitution: env.EVENT_INSTITUTION?.trim() || 'TO Akbar',
    publicDir: resolve(env.PUBLIC_DIR?.trim() || 'dist/public'),
    secureCookies: env.SECURE_COOKIES === 'true',
    workers: parsePositive('WORKERS', env.WORKERS, postgres ? availableParallelism() : 1, 256),
    dbPoolSize: parsePositive('DB_POOL_SIZE', env.DB_POOL_SIZE, 10, 1000),
  };
}
