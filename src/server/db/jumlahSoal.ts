/** How many questions each subject of a package, or each per-topic tryout, holds: one query for the lot. */
import { sql } from 'kysely';
import type { Executor } from './executor';

/** A package's questions (soal) belong to a subject; a per-topic tryout's (materi_soal) to its topic. */
const TABEL = { id_mapel: 'soal', id_materi: 'materi_soal' } as const;

/** Questions per parent id; a parent without questions is absent. */
export async function jumlahSoalPer(
  q: Executor,
  induk: keyof typeof TABEL,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const kolom = sql.ref<number>(induk);
  const rows = await q
    .selectFrom(TABEL[induk])
    .select([kolom.as('induk'), (eb) => eb.fn.countAll<number>().as('jumlah')])
    .where(kolom, 'in', ids)
    .groupBy(kolom)
    .execute();
  return new Map(rows.map((r) => [Number(r.induk), Number(r.jumlah)]));
}
