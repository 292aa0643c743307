import { sql } from 'kysely';
import type { AnyDb } from './anyDb';
import type { Dialect } from '../createDb';

/**
 * An answer row no longer has a foreign key to its question, nor the `jawaban(id_soal)` index that key needed.
 * Every start writes a subject's answer rows at once, and that index put each of them on a page of its own: half
 * of the pages a first start wrote (12 of 24 at 12 questions). A question is only ever deleted by a package import
 * while the package has no attempt (imporPaket: with attempts only texts change), so no answer can lose its
 * question; the answers of an attempt still go with it (the key to `hasil_to` stays).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`ALTER TABLE jawaban DROP CONSTRAINT jawaban_id_soal_fkey`.execute(db);
    await db.schema.dropIndex('jawaban_soal').execute();
    return;
  }
  // SQLite cannot drop a foreign key: the table is made again without it, with its rows, ids and id sequence
  // (sqlite.org/lang_altertable.html, "making other kinds of table schema changes"). Kysely runs SQLite
  // migrations on one connection outside a transaction, so foreign keys can be switched off around it (dropping
  // the old table would otherwise delete every statement answer with it).
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN`.execute(db);
    try {
      const sequence = await sql<{
        seq: number;
      }>`SELECT seq FROM sqlite_sequence WHERE name = 'jawaban'`.execute(db);
      await sql`CREATE TABLE "jawaban_baru" (
        "id" integer PRIMARY KEY AUTOINCREMENT,
        "id_hasil_to" integer NOT NULL REFERENCES "hasil_to" ("id") ON DELETE CASCADE,
        "id_soal" integer NOT NULL,
        "jawaban" text DEFAULT '0' NOT NULL,
        "updated_at" bigint NOT NULL,
        CONSTRAINT "jawaban_hasil_soal" UNIQUE ("id_hasil_to", "id_soal"))`.execute(db);
      await sql`INSERT INTO jawaban_baru (id, id_hasil_to, id_soal, jawaban, updated_at)
        SELECT id, id_hasil_to, id_soal, jawaban, updated_at FROM jawaban`.execute(db);
      await sql`DROP TABLE jawaban`.execute(db);
      await sql`ALTER TABLE jawaban_baru RENAME TO jawaban`.execute(db);
      const seq = sequence.rows[0]?.seq;
      if (seq !== undefined)
        await sql`UPDATE sqlite_sequence SET seq = max(seq, ${seq}) WHERE name = 'jawaban'`.execute(db);
      // What the copy could break: the answers' key to their attempt, the statement answers' key to their answer.
      const broken = [
        ...(await sql`PRAGMA foreign_key_check(jawaban)`.execute(db)).rows,
        ...(await sql`PRAGMA foreign_key_check(jawaban_group)`.execute(db)).rows,
      ];
      if (broken.length > 0) throw new Error(`foreign keys broken: ${JSON.stringify(broken.slice(0, 5))}`);
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
