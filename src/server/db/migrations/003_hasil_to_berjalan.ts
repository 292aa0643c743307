import { sql } from 'kysely';
import type { AnyDb } from './anyDb';

/**
 * The attempts still running, by schedule (a partial index, on SQLite and PostgreSQL alike): every read of results
 * first ends the running attempts of a schedule whose window is over (scoring/jadwalBerakhir.ts), and once they
 * are ended that look-up must cost nothing however many attempts the schedule holds.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('hasil_to_berjalan')
    .on('hasil_to')
    .column('id_jadwal')
    .where(sql.ref('is_selesai'), '=', sql.lit(0))
    .execute();
}
