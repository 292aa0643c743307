/**
 * The machine's scrypt floor: how many password hashes per second the server's own hashing pool (its size and
 * priority: lib/scryptPool.ts) does with every hasher busy, at the cost new hashes get. A login costs one hash, so
 * a login storm can go no faster; the storm's rate is read beside it, measured just before on the same machine.
 */
import { randomBytes } from 'node:crypto';
import { parseScryptThreads } from '../server/config';
import { defaultCost } from '../server/lib/password';
import { ScryptPool } from '../server/lib/scryptPool';

export interface ScryptFloor {
  perSecond: number;
  hashers: number;
  /** Hashes timed (each hasher's first, its start included, is not). */
  hashes: number;
}

/** Hashes timed per hasher: a few seconds at 2^17. */
const ROUNDS = 4;

export async function scryptFloor(): Promise<ScryptFloor> {
  const hashers = parseScryptThreads(process.env.SCRYPT_THREADS);
  const pool = new ScryptPool(hashers);
  const { N, r, p } = defaultCost();
  const hashAll = (count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        pool.run({ password: `floor-${i}`, salt: randomBytes(16), keyLength: 32, N, r, p }),
      ),
    );
  try {
    await hashAll(hashers);
    const hashes = hashers * ROUNDS;
    const started = performance.now();
    await hashAll(hashes);
    return { perSecond: hashes / ((performance.now() - started) / 1000), hashers, hashes };
  } finally {
    await pool.close();
  }
}
