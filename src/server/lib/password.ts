import { randomBytes, timingSafeEqual } from 'node:crypto';
import { parseScryptN, parseScryptThreads } from '../config';
import { ScryptPool } from './scryptPool';

/** The scrypt parameters a hash is made with; they are stored in the hash, so older hashes still verify. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;
const R = 8;
const P = 1;

/** The cost new hashes get when the caller names none: SCRYPT_N from the environment, default 2^17 (OWASP). */
export function defaultCost(): ScryptCost {
  return { N: parseScryptN(process.env.SCRYPT_N), r: R, p: P };
}

export function costOf(scryptN: number): ScryptCost {
  return { N: scryptN, r: R, p: P };
}

let pool: ScryptPool | null = null;

/** The process's one hashing pool, started on first use with SCRYPT_THREADS threads. */
function hashingPool(): ScryptPool {
  pool ??= new ScryptPool(parseScryptThreads(process.env.SCRYPT_THREADS));
  return pool;
}

/** Sets the pool's size (the server does it from its config at start); running jobs finish on the old threads. */
export function configureHashing(options: { threads: number }): void {
  if (pool?.size === options.threads) return;
  const old = pool;
  pool = new ScryptPool(options.threads);
  void old?.close();
}

export interface HashOptions {
  cost?: ScryptCost;
  /** Aborts the work when the request that wanted it is gone. */
  signal?: AbortSignal;
}

/** `scrypt$N$r$p$salt$hash` (base64url), salted; run on the hashing pool, never on the event loop. */
export async function hashPassword(password: string, options: HashOptions = {}): Promise<string> {
  const { N, r, p } = options.cost ?? defaultCost();
  const salt = randomBytes(16);
  const key = await hashingPool().run({ password, salt, keyLength: KEY_LENGTH, N, r, p }, options.signal);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash that no password matches: for synthetic participants who never log in. */
export const DISABLED_PASSWORD = '!';

interface ParsedHash extends ScryptCost {
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, saltText, keyText] = parts;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  // A stored hash is ours, but a broken row must not make a worker allocate gigabytes.
  const sane =
    Number.isInteger(cost.N) &&
    cost.N >= 2 &&
    cost.N <= 2 ** 20 &&
    (cost.N & (cost.N - 1)) === 0 &&
    Number.isInteger(cost.r) &&
    cost.r >= 1 &&
    cost.r <= 32 &&
    Number.isInteger(cost.p) &&
    cost.p >= 1 &&
    cost.p <= 16;
  if (!sane) return null;
  return { ...cost, salt: Buffer.from(saltText, 'base64url'), key: Buffer.from(keyText, 'base64url') };
}

export async function verifyPassword(
  password: string,
  stored: string,
  options: { signal?: AbortSignal } = {},
): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p, salt } = parsed;
  const key = await hashingPool().run(
    { password, salt, keyLength: parsed.key.length || KEY_LENGTH, N, r, p },
    options.signal,
  );
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with other parameters than `cost` (then it is rehashed at the next login). */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const parsed = parseHash(stored);
  return parsed !== null && (parsed.N !== cost.N || parsed.r !== cost.r || parsed.p !== cost.p);
}
