import { sql } from 'kysely';
import type { AnyDb } from './anyDb';
import type { Dialect } from '../createDb';

/**
 * PostgreSQL: every change of a session (logout, revoke) or of a student (password, institution, name; an import)
 * is notified on the channel `siaptes_sesi` in the writer's own transaction, so every server process's session
 * cache forgets it when it commits (db/sesiListener.ts). The payload names the table's schema (tests give each
 * suite its own) and the token hash (`<schema> s <hash>`) or the student (`<schema> u <id>`). New sessions are not
 * notified: no cache holds them yet. SQLite needs nothing: its cache watches `data_version`.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  // One function for both tables: a branch's statement is planned only when it runs, so OLD.token_hash is never
  // looked for on siswa.
  await sql`
    CREATE FUNCTION siaptes_sesi_berubah() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'sesi' THEN
        PERFORM pg_notify('siaptes_sesi', TG_TABLE_SCHEMA || ' s ' || OLD.token_hash);
      ELSE
        PERFORM pg_notify('siaptes_sesi', TG_TABLE_SCHEMA || ' u ' || OLD.id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sesi_berubah AFTER UPDATE OR DELETE ON sesi
    FOR EACH ROW EXECUTE FUNCTION siaptes_sesi_berubah()`.execute(db);
  await sql`
    CREATE TRIGGER siswa_berubah AFTER UPDATE OR DELETE ON siswa
    FOR EACH ROW EXECUTE FUNCTION siaptes_sesi_berubah()`.execute(db);
}
