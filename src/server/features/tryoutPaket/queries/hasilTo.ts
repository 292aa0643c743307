/** The attempts (hasil_to) of the package tryout, looked up (created by tulis/: mulaiPercobaan). */
import type { Selectable } from 'kysely';
import { prepareQuery } from '../../../db/compiledQuery';
import type { Executor } from '../../../db/executor';
import type { HasilToTable } from '../../../db/types';

export type HasilTo = Selectable<HasilToTable>;

const attemptQuery = prepareQuery((q: Executor, p: { idKategori: number; idSiswa: number }) =>
  q
    .selectFrom('hasil_to')
    .selectAll()
    .where('id_kategori', '=', p.idKategori)
    .where('id_siswa', '=', p.idSiswa),
);

export function findAttempt(q: Executor, idKategori: number, idSiswa: number): Promise<HasilTo | undefined> {
  return attemptQuery.first(q, { idKategori, idSiswa });
}
