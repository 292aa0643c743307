import { sql, type Transaction } from 'kysely';
import { dialectOf } from '../../db/createDb';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/types';

/** Login attempts are counted per username and per client address over this sliding window. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Attempts one username may have counted within the window. */
export const MAX_ATTEMPTS_PER_USERNAME = 10;

export interface LoginLimits {
  perUsername: number;
  /** Null: the address is not limited (a trusted network's, where a whole school shares one address). */
  perAddress: number | null;
}

export type Admission =
  | { admitted: true; attemptId: number }
  | { admitted: false; scope: 'username' | 'address'; retryAfterSeconds: number };

/** Usernames are compared case-folded, so "Reguler" and "reguler" share one count. */
export function attemptKey(username: string): string {
  return username.trim().toLowerCase();
}

type Trx = Transaction<Database>;

/** When the count of rows matching `where` falls below `limit` again (epoch ms). */
async function freeAt(
  trx: Trx,
  column: 'username' | 'alamat',
  value: string,
  since: number,
  existing: number,
  limit: number,
): Promise<number> {
  // `existing - limit + 1` of the oldest rows must leave the window before one more fits.
  const row = await trx
    .selectFrom('login_percobaan')
    .select('at')
    .where(column, '=', value)
    .where('at', '>', since)
    .orderBy('at')
    .orderBy('id')
    .offset(existing - limit)
    .limit(1)
    .executeTakeFirst();
  return Number(row?.at ?? since) + LOGIN_WINDOW_MS;
}

async function countSince(trx: Trx, column: 'username' | 'alamat', value: string, since: number) {
  const row = await trx
    .selectFrom('login_percobaan')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', value)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Counts one attempt before its password is checked, or refuses it. One transaction per attempt, serialised per
 * username and per address (PostgreSQL: advisory locks; SQLite: its single writer), so concurrent tries are all
 * counted and no more than the limit ever reach the password check. A refused attempt is not counted: the
 * lockout ends 15 minutes after the attempts that caused it, whatever is tried meanwhile.
 */
export async function admitAttempt(
  db: Executor,
  input: { username: string; address: string; now: number; limits: LoginLimits },
): Promise<Admission> {
  const key = attemptKey(input.username);
  const address = input.address.slice(0, 64);
  const since = input.now - LOGIN_WINDOW_MS;
  return db.transaction().execute(async (trx): Promise<Admission> => {
    if (dialectOf(db) === 'postgres') {
      // Always username first, then address: two attempts never wait for each other in a cycle.
      await sql`select pg_advisory_xact_lock(hashtext(${`login-u:${key}`}))`.execute(trx);
      await sql`select pg_advisory_xact_lock(hashtext(${`login-a:${address}`}))`.execute(trx);
    }
    // Expired rows of this username and address go (keeps the table small).
    await trx
      .deleteFrom('login_percobaan')
      .where('at', '<=', since)
      .where((eb) => eb.or([eb('username', '=', key), eb('alamat', '=', address)]))
      .execute();
    const byUsername = await countSince(trx, 'username', key, since);
    const perAddress = input.limits.perAddress;
    const byAddress = perAddress === null ? 0 : await countSince(trx, 'alamat', address, since);
    const refusals: { scope: 'username' | 'address'; until: number }[] = [];
    if (byUsername >= input.limits.perUsername) {
      const until = await freeAt(trx, 'username', key, since, byUsername, input.limits.perUsername);
      refusals.push({ scope: 'username', until });
    }
    if (perAddress !== null && byAddress >= perAddress) {
      const until = await freeAt(trx, 'alamat', address, since, byAddress, perAddress);
      refusals.push({ scope: 'address', until });
    }
    if (refusals.length > 0) {
      const last = refusals.reduce((a, b) => (b.until > a.until ? b : a));
      const retryAfterSeconds = Math.max(1, Math.ceil((last.until - input.now) / 1000));
      return { admitted: false, scope: last.scope, retryAfterSeconds };
    }
    const inserted = await trx
      .insertInto('login_percobaan')
      .values({ username: key, alamat: address, at: input.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { admitted: true, attemptId: Number(inserted.id) };
  });
}

/**
 * A successful login forgets this username's attempts up to and including its own; attempts that arrived after
 * it (a burst running beside it) stay counted.
 */
export async function forgetAttemptsUpTo(db: Executor, username: string, attemptId: number): Promise<void> {
  await db
    .deleteFrom('login_percobaan')
    .where('username', '=', attemptKey(username))
    .where('id', '<=', attemptId)
    .execute();
}
