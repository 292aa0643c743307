/** The server's own count of a subject's time, moved by an e2e journey that fast-forwards the browser's clock. */
import { closeDb, createDb } from '../../src/server/db/createDb';

/**
 * The subject's time passes on the server too: its running clock is moved back by its minutes, as if it had been
 * opened that long ago. The browser's clock is fast-forwarded, the server's is not, and an event subject ends only
 * on the server's clock (a close reported earlier is refused).
 */
export async function runOutOnServer(databaseUrl: string, idMapel: number): Promise<void> {
  const db = await createDb(databaseUrl);
  try {
    const { waktu } = await db
      .selectFrom('mapel')
      .select('waktu')
      .where('id', '=', idMapel)
      .executeTakeFirstOrThrow();
    const openedAt = Date.now() - (waktu * 60 + 1) * 1000;
    await db
      .updateTable('mapel_waktu')
      .set({ opened_at: openedAt, last_seen_at: openedAt })
      .where('id_mapel', '=', idMapel)
      .where('status', '=', 0)
      .where('opened_at', 'is not', null)
      .execute();
  } finally {
    await closeDb(db);
  }
}
