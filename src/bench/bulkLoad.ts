/**
 * The bench seed's bulk writes. On PostgreSQL a row-by-row multi-row INSERT of 100,000 students, and millions of
 * answer rows checked against their foreign keys and added to their indexes one by one, took most of the 285 s a
 * 100,000-student seed needed; here the students come from one INSERT … SELECT over generate_series, the sessions
 * from one INSERT over unnest'ed arrays, and the answer tables are loaded without their indexes and foreign keys,
 * which are built again (and checked) once the rows are in.
 */
import { sql, type Transaction } from 'kysely';
import { insertRows } from '../server/db/batch';
import { dialectOf } from '../server/db/createDb';
import type { Database } from '../server/db/types';

type Trx = Transaction<Database>;

export const STUDENT_PREFIX = 'bench';

/** The fixed profile every bench student shares (only the number in the names differs). */
const PROFILE = {
  nama_panggilan: 'Peserta',
  photo_url: '',
  id_program: 3,
  lembaga: 'TO Akbar',
  minat: 'SMA KELAS 12 IPA',
  no_telp: '081200000000',
  no_telp_ortu: '081300000000',
  alamat: 'Jl. Bench No. 1, Jakarta',
  kelas: 'XII',
  jenjang: 'SMA',
  sekolah: 'SMA Bench',
  kurikulum_str: 'Kurikulum Merdeka',
  is_synthetic: 1,
};

/** `bench00001` … : the number padded to the width of the largest, so that names sort as numbers. */
function studentUsername(index: number, students: number): string {
  return `${STUDENT_PREFIX}${String(index).padStart(String(students).length, '0')}`;
}

/** Students 1…n with one password hash. */
export async function insertStudents(trx: Trx, students: number, passwordHash: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') {
    const rows = Array.from({ length: students }, (_, i) => {
      const username = studentUsername(i + 1, students);
      const named = {
        username,
        nama_lengkap: `Peserta Bench ${i + 1}`,
        email: `${username}@siswa.siaptes.id`,
      };
      return { ...named, ...PROFILE, password_hash: passwordHash };
    });
    await insertRows(trx, 'siswa', rows);
    return;
  }
  const width = String(students).length;
  const username = sql`${STUDENT_PREFIX}::text || lpad(i::text, ${width}::integer, '0')`;
  const columns = Object.keys(PROFILE);
  await sql`
    INSERT INTO siswa (username, nama_lengkap, email, password_hash, ${sql.join(columns.map((c) => sql.ref(c)))})
    SELECT ${username}, 'Peserta Bench ' || i, ${username} || '@siswa.siaptes.id', ${passwordHash}::text,
      ${sql.join(Object.values(PROFILE).map((v) => sql.lit(v)))}
    FROM generate_series(1, ${students}::integer) AS i`.execute(trx);
}

export interface NewSession {
  tokenHash: string;
  idSiswa: number;
}

/** One session per row, valid from `now` until `expires`. */
export async function insertSessions(
  trx: Trx,
  sessions: readonly NewSession[],
  now: number,
  expires: number,
): Promise<void> {
  if (dialectOf(trx) !== 'postgres') {
    const rows = sessions.map((s) => ({
      token_hash: s.tokenHash,
      id_siswa: s.idSiswa,
      created_at: now,
      expires_at: expires,
      revoked_at: null,
    }));
    await insertRows(trx, 'sesi', rows);
    return;
  }
  await sql`
    INSERT INTO sesi (token_hash, id_siswa, created_at, expires_at)
    SELECT token_hash, id_siswa, ${now}::bigint, ${expires}::bigint
    FROM unnest(${sessions.map((s) => s.tokenHash)}::text[], ${sessions.map((s) => s.idSiswa)}::integer[])
      AS s(token_hash, id_siswa)`.execute(trx);
}

interface Definition {
  name: string;
  table: string;
  definition: string;
}

/**
 * PostgreSQL: runs `load` with the tables' indexes, primary and unique keys and foreign keys (theirs and those that
 * point at them) dropped, then creates each again from its own definition as the catalogue gave it, so the schema
 * afterwards is the migrations' and every row has been checked against every constraint once.
 */
export async function withoutIndexes(
  trx: Trx,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<void> {
  const names = sql`${tables}::regclass[]`;
  const constraints = await sql<Definition & { kind: string }>`
    SELECT conname AS name, conrelid::regclass::text AS "table", pg_get_constraintdef(oid) AS definition,
      contype AS kind
    FROM pg_constraint
    WHERE (contype IN ('p', 'u') AND conrelid = ANY(${names}))
      OR (contype = 'f' AND (conrelid = ANY(${names}) OR confrelid = ANY(${names})))`.execute(trx);
  const indexes = await sql<Definition>`
    SELECT i.indexrelid::regclass::text AS name, i.indrelid::regclass::text AS "table",
      pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid = ANY(${names})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u'))`.execute(
    trx,
  );
  const foreign = constraints.rows.filter((c) => c.kind === 'f');
  const keys = constraints.rows.filter((c) => c.kind !== 'f');
  const alter = (c: Definition, action: ReturnType<typeof sql>) =>
    sql`ALTER TABLE ${sql.raw(c.table)} ${action}`.execute(trx);
  for (const c of [...foreign, ...keys]) await alter(c, sql`DROP CONSTRAINT ${sql.id(c.name)}`);
  for (const i of indexes.rows) await sql`DROP INDEX ${sql.raw(i.name)}`.execute(trx);
  await load();
  for (const i of indexes.rows) await sql.raw(i.definition).execute(trx);
  for (const c of [...keys, ...foreign])
    await alter(c, sql`ADD CONSTRAINT ${sql.id(c.name)} ${sql.raw(c.definition)}`);
}
