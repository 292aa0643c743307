import type { Db } from '../../db/createDb';
import type { Siswa } from '../../plugins/auth';

/** Failed logins are counted per username over this sliding window. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** More failures than this within the window lock the username until the oldest ones age out. */
export const MAX_LOGIN_FAILURES = 10;

/** Usernames are compared case-folded for the lock, so "Reguler" and "reguler" share one counter. */
function lockKey(username: string): string {
  return username.trim().toLowerCase();
}

export async function findSiswaByUsername(db: Db, username: string): Promise<Siswa | null> {
  const row = await db.kysely
    .selectFrom('siswa')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  return row ?? null;
}

export async function recentFailures(db: Db, username: string, now: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('login_gagal')
    .select((eb) => eb.fn.countAll<number>().as('jumlah'))
    .where('username', '=', lockKey(username))
    .where('at', '>', now - LOGIN_WINDOW_MS)
    .executeTakeFirst();
  return Number(row?.jumlah ?? 0);
}

/** Records one failure and drops this username's failures that fell out of the window (keeps the table small). */
export async function recordFailure(db: Db, username: string, now: number): Promise<void> {
  const key = lockKey(username);
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('login_gagal')
      .where('username', '=', key)
      .where('at', '<=', now - LOGIN_WINDOW_MS)
      .execute();
    await trx.insertInto('login_gagal').values({ username: key, at: now }).execute();
  });
}

/** A successful login starts the count afresh. */
export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.kysely.deleteFrom('login_gagal').where('username', '=', lockKey(username)).execute();
}

export async function createSesi(
  db: Db,
  sesi: { tokenHash: string; idSiswa: number; now: number; ttlMs: number },
): Promise<void> {
  await db.kysely
    .insertInto('sesi')
    .values({
      token_hash: sesi.tokenHash,
      id_siswa: sesi.idSiswa,
      created_at: sesi.now,
      expires_at: sesi.now + sesi.ttlMs,
      revoked_at: null,
    })
    .execute();
}

export async function revokeSesi(db: Db, tokenHash: string, now: number): Promise<void> {
  await db.kysely
    .updateTable('sesi')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
