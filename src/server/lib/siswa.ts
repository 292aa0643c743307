import type { Selectable } from 'kysely';
import type { SiswaTable } from '../db/types';

/** A student's whole row (the profile). */
export type SiswaRow = Selectable<SiswaTable>;

/**
 * The caller of an authenticated request: the columns the rules read (identity, name, institution, interest,
 * programme). Not the profile and not the password hash: every request reads this row, so it stays small.
 */
export type Siswa = Pick<SiswaRow, 'id' | 'nama_lengkap' | 'lembaga' | 'minat' | 'id_program'>;
