import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { compile } from '@fastify/proxy-addr';

/** Every setting of the server, read from the environment once, with defaults that run as they are. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** Institutions whose students are regular students. */
  regularInstitutions: string[];
  /** The event institution (TO Akbar), compared accent- and case-insensitively. */
  eventInstitution: string;
  /** Folder of the built SPA that the server serves with a history fallback. */
  publicDir: string;
  /** Whether session cookies carry the Secure flag and answers carry HSTS (behind HTTPS). */
  secureCookies: boolean;
  /** scrypt cost parameter N of new password hashes (a power of two); it sets the login capacity. */
  scryptN: number;
  /** Processes that hash passwords (each runs one scrypt at a time). */
  scryptThreads: number;
  /** Login attempts one client address may have counted within the 15-minute window. */
  loginMaxPerAddress: number;
  /** TRUSTED_NETWORKS: school and office networks (CIDR) whose addresses are limited per account only. */
  trustedNetworks: string[];
  /** Fastify's trustProxy: which proxies' X-Forwarded-For names the real client address. */
  trustProxy: boolean | number | string[];
  /** Server processes on the one port (node:cluster); 1 runs the server in the main process itself. */
  workers: number;
  /** PostgreSQL connections per server process (each worker has its own pool). */
  dbPoolSize: number;
  /** DATABASE_POOLER: `transaction` when DATABASE_URL goes through a transaction-mode pooler (PgBouncer). */
  databasePooler: 'none' | 'transaction';
  /**
   * Where a server process listens for changed sessions (its session cache on PostgreSQL): DATABASE_LISTEN_URL, or
   * DATABASE_URL itself when no pooler is in between; null (no session cache) on SQLite or behind a pooler without it.
   */
  databaseListenUrl: string | null;
  /**
   * SHED_EVENT_LOOP_DELAY_MS: event-loop delay above which requests get 503 + Retry-After (0: never shed); 500 by
   * default: a loop that late has no capacity left, while a PDF rendered now and then does not trip it.
   */
  shedEventLoopDelayMs: number;
  /**
   * SHED_QUEUE_DEPTH: works waiting for the database (SQLite: saves and starts of the next group commit; PostgreSQL:
   * queries waiting for a pooled connection) at which a further API call gets 503 + Retry-After (0: never).
   */
  shedQueueDepth: number;
  /** SHED_MAX_IN_FLIGHT: API calls a process answers at once, at most; a further one gets 503 (0: no cap). */
  shedMaxInFlight: number;
  /**
   * SHED_SAVE_TARGET_MS: an answer save answered slower than this, and slower than twice the database's own time for
   * a save, lowers the number of saves a process takes on at once (lib/saveLimit.ts); 0: saves are capped by
   * SHED_MAX_IN_FLIGHT only.
   */
  shedSaveTargetMs: number;
  /** METRICS_TOKEN: a bearer token that may read /metrics from anywhere; null: only the machine and trusted networks. */
  metricsToken: string | null;
  /** SIAPTES_DEMO: when the server seeds the demo data into an empty database (README "Demo accounts"). */
  demo: DemoMode;
  /** SHUTDOWN_DRAIN_MS: how long a stopping server goes on serving as before, /readyz 503 (gracefulStop.ts). */
  shutdownDrainMs: number;
  /** SHUTDOWN_TIMEOUT (ms): a stop not finished by then exits 1; keep it below the service manager's own limit. */
  shutdownTimeoutMs: number;
  /** LAPORAN_SIMPAN_HARI: days a student's problem report is kept before the server deletes it. */
  laporanSimpanHari: number;
  /** ANSWER_TIMEOUT_MS: an API call (other than a login) unanswered by then gets 503 + Retry-After; 0: never. */
  answerTimeoutMs: number;
}

/** auto: an empty SQLite database only (the embedded default); on: PostgreSQL too; off: never. */
export type DemoMode = 'auto' | 'on' | 'off';

export class ConfigError extends Error {}

/** How long a stopping process goes on serving as before, so that its proxy sees /readyz 503 and goes elsewhere. */
const DEFAULT_SHUTDOWN_DRAIN_MS = 5_000;
/** A stop not finished by then is forced (exit 1): below systemd's TimeoutStopSec in the README's unit. */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 15_000;

/**
 * Below nginx's proxy_read_timeout (60 s), so the student gets our 503 and Retry-After rather than a 504, and far
 * above any call's own time (a 216-question PDF renders in a few seconds).
 */
const DEFAULT_ANSWER_TIMEOUT_MS = 20_000;

/** OWASP's scrypt minimum (N = 2^17, r = 8, p = 1). */
export const DEFAULT_SCRYPT_N = 2 ** 17;

/**
 * Saves that may wait for one group commit before further calls are shed. A turn of the event loop that admits this
 * many saves takes some 30 ms on one core (the bench's overload phase), so an admitted save is answered well
 * within 100 ms even when twice the sustainable rate arrives.
 */
export const DEFAULT_SHED_QUEUE_DEPTH = 100;

/**
 * API calls one process may be answering at once before a further one is shed. Far above what a served event keeps
 * in flight (the bench's 64 connections of saves, 1,000 logins of a storm), it bounds the work a process takes on
 * when its answers slow down: at a few thousand calls a second, a thousand in flight is already some 300 ms queued.
 */
export const DEFAULT_SHED_MAX_IN_FLIGHT = 1024;

/**
 * The time (ms) within which the server answers an admitted save. Half the 100 ms a student's save may take in all:
 * the other half is for the wait before the server reads it (a busy event loop's turn) and the network.
 */
export const DEFAULT_SHED_SAVE_TARGET_MS = 50;

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT harus bilangan bulat 0..65535, bukan "${raw}"`);
  }
  return port;
}

function parseList(raw: string | undefined, fallback: string[]): string[] {
  if (raw === undefined || raw.trim() === '') return fallback;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function parseCount(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} harus bilangan bulat ${min}..${max}, bukan "${raw}"`);
  }
  return value;
}

/** SCRYPT_N: a power of two from 2^10 (tests) to 2^20; default 2^17. */
export function parseScryptN(raw: string | undefined): number {
  const n = parseCount('SCRYPT_N', raw, DEFAULT_SCRYPT_N, 2 ** 10, 2 ** 20);
  if ((n & (n - 1)) !== 0) throw new ConfigError(`SCRYPT_N harus pangkat dua (mis. 131072), bukan "${raw}"`);
  return n;
}

/**
 * SCRYPT_THREADS: default one per core, at most 4. The hashing processes run at a lower priority than the event
 * loop (lib/scryptPool.ts), so they take only the CPU it leaves.
 */
export function parseScryptThreads(raw: string | undefined): number {
  const fallback = Math.max(1, Math.min(4, availableParallelism()));
  return parseCount('SCRYPT_THREADS', raw, fallback, 1, 64);
}

/**
 * WORKERS when unset. SQLite: 1, since it has one writer at a time and more processes only queue for its lock.
 * PostgreSQL: one process per core, less one core when the database runs on this machine (its host is localhost,
 * 127.x, ::1 or a socket directory), which PostgreSQL needs for itself: on a 2-core machine with PostgreSQL on it,
 * 2 workers were slower than 1 in every phase of the bench (README "Performance"; the rounds in git history).
 */
export function defaultWorkers(databaseUrl: string, cores: number): number {
  if (!/^postgres(ql)?:\/\//i.test(databaseUrl)) return 1;
  return Math.max(1, databaseOnThisMachine(databaseUrl) ? cores - 1 : cores);
}

function databaseOnThisMachine(databaseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return false;
  }
  // libpq's `host` parameter wins over the URL's host; a path there (or no host at all) is a Unix socket.
  const host = url.searchParams.get('host') ?? url.hostname;
  return (
    host === '' || host.startsWith('/') || host === 'localhost' || host === '[::1]' || /^127\./.test(host)
  );
}

/**
 * TRUST_PROXY: unset/false → the socket's address; a number → hops; else a list of addresses. `true` (believe every
 * hop) is refused: nginx appends to the X-Forwarded-For a client sent, so the client would choose its own address.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') throw new ConfigError(TRUST_PROXY_TRUE);
  if (/^\d+$/.test(value)) return Number(value);
  return parseList(value, []);
}

const TRUST_PROXY_TRUE =
  'TRUST_PROXY=true ditolak: alamat klien akan diambil dari X-Forwarded-For kiriman klien sendiri. Pakai jumlah ' +
  'proxy (mis. TRUST_PROXY=1) bila port aplikasi hanya bisa dicapai lewat proxy itu, atau alamat proxy-nya ' +
  '(mis. TRUST_PROXY=127.0.0.1 atau 10.0.0.5,10.0.0.6)';

/**
 * TRUSTED_NETWORKS: a comma-separated list of networks in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`) or single
 * addresses; empty by default. Each entry is checked here, so a typo stops the server at start rather than leaving a
 * school unprotected or locked out.
 */
export function parseTrustedNetworks(raw: string | undefined): string[] {
  const networks = parseList(raw, []);
  for (const network of networks) {
    try {
      compile(network);
    } catch {
      throw new ConfigError(
        `TRUSTED_NETWORKS: "${network}" bukan alamat atau jaringan CIDR (mis. 10.0.0.0/8, 2001:db8::/32)`,
      );
    }
  }
  return networks;
}

/** DATABASE_POOLER: unset or `none` → none; `transaction` → a transaction-mode pooler (PgBouncer). */
export function parseDatabasePooler(raw: string | undefined): 'none' | 'transaction' {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'none') return 'none';
  if (value === 'transaction') return 'transaction';
  throw new ConfigError(`DATABASE_POOLER harus none atau transaction, bukan "${raw}"`);
}

/** The listener's URL (Config.databaseListenUrl): LISTEN passes no transaction-mode pooler. */
function databaseListenUrlOf(
  env: NodeJS.ProcessEnv,
  databaseUrl: string,
  pooler: 'none' | 'transaction',
): string | null {
  if (!/^postgres(ql)?:\/\//i.test(databaseUrl)) return null;
  const own = env.DATABASE_LISTEN_URL?.trim() ?? '';
  if (own !== '') {
    if (!/^postgres(ql)?:\/\//i.test(own))
      throw new ConfigError(`DATABASE_LISTEN_URL harus diawali postgres://, bukan "${own}"`);
    return own;
  }
  return pooler === 'none' ? databaseUrl : null;
}

/** SIAPTES_DEMO: unset → auto, 1/true → on, 0/false → off. */
export function parseDemoMode(raw: string | undefined): DemoMode {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return 'auto';
  if (value === '1' || value === 'true') return 'on';
  if (value === '0' || value === 'false') return 'off';
  throw new ConfigError(`SIAPTES_DEMO harus 1 atau 0 (atau tidak diisi), bukan "${raw}"`);
}

/** METRICS_TOKEN: unset → none; else at least 16 characters (it is a password, sent over the network). */
export function parseMetricsToken(raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  if (value.length < 16 || /\s/.test(value)) {
    throw new ConfigError(
      'METRICS_TOKEN harus minimal 16 karakter tanpa spasi (mis. keluaran openssl rand -hex 24)',
    );
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || 'file:data/siaptes.db';
  if (!/^(file:|postgres(ql)?:\/\/|:memory:)/i.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL harus diawali file: atau postgres://, bukan "${databaseUrl}"`);
  }
  const databasePooler = parseDatabasePooler(env.DATABASE_POOLER);
  return {
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    regularInstitutions: parseList(env.REGULAR_INSTITUTIONS, ['SiapTes', 'tutorindonesia']),
    eventInstitution: env.EVENT_INSTITUTION?.trim() || 'TO Akbar',
    publicDir: resolve(env.PUBLIC_DIR?.trim() || 'dist/public'),
    secureCookies: env.SECURE_COOKIES === 'true',
    scryptN: parseScryptN(env.SCRYPT_N),
    scryptThreads: parseScryptThreads(env.SCRYPT_THREADS),
    loginMaxPerAddress: parseCount('LOGIN_MAX_PER_ADDRESS', env.LOGIN_MAX_PER_ADDRESS, 50, 1, 1_000_000),
    trustedNetworks: parseTrustedNetworks(env.TRUSTED_NETWORKS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    workers: parseCount('WORKERS', env.WORKERS, defaultWorkers(databaseUrl, availableParallelism()), 1, 256),
    dbPoolSize: parseCount('DB_POOL_SIZE', env.DB_POOL_SIZE, 10, 1, 1000),
    databasePooler,
    databaseListenUrl: databaseListenUrlOf(env, databaseUrl, databasePooler),
    demo: parseDemoMode(env.SIAPTES_DEMO),
    laporanSimpanHari: parseCount('LAPORAN_SIMPAN_HARI', env.LAPORAN_SIMPAN_HARI, 30, 1, 3650),
    answerTimeoutMs: parseCount(
      'ANSWER_TIMEOUT_MS',
      env.ANSWER_TIMEOUT_MS,
      DEFAULT_ANSWER_TIMEOUT_MS,
      0,
      3_600_000,
    ),
    shutdownDrainMs: parseCount(
      'SHUTDOWN_DRAIN_MS',
      env.SHUTDOWN_DRAIN_MS,
      DEFAULT_SHUTDOWN_DRAIN_MS,
      0,
      600_000,
    ),
    shutdownTimeoutMs: parseCount(
      'SHUTDOWN_TIMEOUT',
      env.SHUTDOWN_TIMEOUT,
      DEFAULT_SHUTDOWN_TIMEOUT_MS,
      1000,
      3_600_000,
    ),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    shedEventLoopDelayMs: parseCount(
      'SHED_EVENT_LOOP_DELAY_MS',
      env.SHED_EVENT_LOOP_DELAY_MS,
      500,
      0,
      60_000,
    ),
    shedQueueDepth: parseCount(
      'SHED_QUEUE_DEPTH',
      env.SHED_QUEUE_DEPTH,
      DEFAULT_SHED_QUEUE_DEPTH,
      0,
      1_000_000,
    ),
    shedMaxInFlight: parseCount(
      'SHED_MAX_IN_FLIGHT',
      env.SHED_MAX_IN_FLIGHT,
      DEFAULT_SHED_MAX_IN_FLIGHT,
      0,
      1_000_000,
    ),
    shedSaveTargetMs: parseCount(
      'SHED_SAVE_TARGET_MS',
      env.SHED_SAVE_TARGET_MS,
      DEFAULT_SHED_SAVE_TARGET_MS,
      0,
      60_000,
    ),
  };
}
