/** Ending sessions (sesi rows). The caller tells this process's session cache (lib/sessionCache.ts) what it ended. */
import type { Executor } from './executor';

/**
 * Ends the open sessions of one token (a logout) or of one student (a password the operator set). A session already
 * ended keeps the moment it ended.
 */
export async function akhiriSesi(
  db: Executor,
  milik: { token_hash: string } | { id_siswa: number },
  now: number,
): Promise<void> {
  await db
    .updateTable('sesi')
    .set({ revoked_at: now })
    .where((eb) => eb.and(milik))
    .where('revoked_at', 'is', null)
    .execute();
}
