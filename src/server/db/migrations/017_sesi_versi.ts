import { sql } from 'kysely';
import type { AnyDb } from './anyDb';
import type { Dialect } from '../createDb';

/**
 * SQLite: `sesi_versi`, one row whose `versi` every change of a session (logout, revoke) or of a student (password,
 * institution, name; an import) raises in the writer's own transaction. A server process keeps the sessions it read
 * while the number stays the same (lib/sessionCache.ts): another process's commits of answers, clocks and attempts
 * leave it, where SQLite's `data_version` (which moves with every commit of another connection) emptied the cache
 * at each of them. New sessions do not raise it: no cache holds them yet. PostgreSQL needs nothing: its cache hears
 * migration 013's notifications.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`CREATE TABLE sesi_versi (id integer PRIMARY KEY CHECK (id = 1), versi integer NOT NULL)`.execute(
    db,
  );
  await sql`INSERT INTO sesi_versi (id, versi) VALUES (1, 0)`.execute(db);
  for (const table of ['sesi', 'siswa']) {
    for (const change of ['UPDATE', 'DELETE']) {
      await sql`
        CREATE TRIGGER ${sql.raw(`${table}_${change.toLowerCase()}_versi`)} AFTER ${sql.raw(change)}
        ON ${sql.raw(table)}
        BEGIN UPDATE sesi_versi SET versi = versi + 1 WHERE id = 1; END`.execute(db);
    }
  }
}
