import type { Executor } from '../../db/executor';
import { akhiriSesi } from '../../db/sesi';
import { forgetSession } from '../../lib/sessionCache';
import type { SiswaRow } from '../../db/siswa';

export async function findSiswaByUsername(db: Executor, username: string): Promise<SiswaRow | null> {
  const row = await db.selectFrom('siswa').selectAll().where('username', '=', username).executeTakeFirst();
  return row ?? null;
}

/** Stores a new hash (made with the current cost) for a student whose stored one was made with another. */
export async function replacePasswordHash(db: Executor, idSiswa: number, oldHash: string, newHash: string) {
  // Only if nobody changed it meanwhile (two logins upgrading at once write the same kind of hash anyway).
  await db
    .updateTable('siswa')
    .set({ password_hash: newHash })
    .where('id', '=', idSiswa)
    .where('password_hash', '=', oldHash)
    .execute();
}

export async function createSesi(
  db: Executor,
  sesi: { tokenHash: string; idSiswa: number; now: number; ttlMs: number },
): Promise<void> {
  await db
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

export async function revokeSesi(db: Executor, tokenHash: string, now: number): Promise<void> {
  await akhiriSesi(db, { token_hash: tokenHash }, now);
  forgetSession(db, tokenHash);
}
