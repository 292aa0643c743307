/** The student (siswa) row: its types, and its look-up by id. */
import type { Selectable } from 'kysely';
import type { Executor } from './executor';
import type { SiswaTable } from './types';

/** A student's whole row (the profile). */
export type SiswaRow = Selectable<SiswaTable>;

/**
 * The caller of an authenticated request: the columns the rules read (identity, name, institution, interest,
 * programme). Not the profile and not the password hash: every request reads this row, so it stays small.
 */
export type Siswa = Pick<SiswaRow, 'id' | 'nama_lengkap' | 'lembaga' | 'minat' | 'id_program'>;

/** The whole row of a student (the profile), by id. */
export async function findSiswaById(db: Executor, idSiswa: number): Promise<SiswaRow | null> {
  const row = await db.selectFrom('siswa').selectAll().where('id', '=', idSiswa).executeTakeFirst();
  return row ?? null;
}
