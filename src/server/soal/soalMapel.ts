/**
 * The one read model of a package's questions with their statements (type 3), shared by the sheet (`start`), the
 * review, the PDFs and the operator's export, so the join and its order are written once. Scoring reads answers with
 * keys through its own bulk loaders (scoring/), which never need the texts.
 *
 * Order everywhere: subjects by (urutan, id), questions by (nomor, id), statements by (urutan, id).
 */
import { prepareQuery } from '../db/compiledQuery';
import { kelompokkan } from '../lib/kelompok';
import type { Executor } from '../db/executor';
import { dalamUrutan, pernyataanDalamUrutan, soalDalamUrutan } from '../db/urutan';
import type { SoalTable } from '../db/types';
import type { Selectable } from 'kysely';

export interface Pernyataan {
  id: number;
  pernyataan: string;
  kunci: string;
}

/** A question with everything the server knows: keys and discussion included. */
export interface SoalLengkap extends Selectable<SoalTable> {
  pernyataan: Pernyataan[];
}

/** A question as a running attempt may see it: never its key, its statements' keys or its discussion. */
export type SoalLembar = Omit<SoalLengkap, 'kunci' | 'pembahasan' | 'pernyataan'> & {
  pernyataan: Omit<Pernyataan, 'kunci'>[];
};

/** The columns of a question the sheet shows (never its key or discussion). */
const KOLOM_LEMBAR = [
  'soal.id',
  'soal.id_mapel',
  'soal.nomor',
  'soal.type',
  'soal.soal',
  'soal.a',
  'soal.b',
  'soal.c',
  'soal.d',
  'soal.e',
  'soal.group_text_type',
  'soal.opsi_tetap',
] as const;

/**
 * The one query pair behind both views. Keys and discussions are read only when asked for, so the sheet's hot path
 * (`start` on an event day) never loads them.
 */
async function bacaSoal(q: Executor, mapelIds: readonly number[], denganKunci: boolean) {
  if (mapelIds.length === 0) return [];
  const soal = await soalDalamUrutan(q)
    .select(KOLOM_LEMBAR)
    .$if(denganKunci, (qb) => qb.select(['soal.kunci', 'soal.pembahasan']))
    .where('soal.id_mapel', 'in', mapelIds)
    .execute();
  const statements = await pernyataanDalamUrutan(q)
    .select(['soal_group.id', 'soal_group.id_soal', 'soal_group.pernyataan'])
    .$if(denganKunci, (qb) => qb.select('soal_group.kunci'))
    .where('soal.id_mapel', 'in', mapelIds)
    .execute();
  return gabungPernyataan(soal, statements);
}

/** Each question with its statements (in the statements' order). */
function gabungPernyataan<S extends { id: number }, P extends { id_soal: number }>(
  soal: readonly S[],
  statements: readonly P[],
): (S & { pernyataan: P[] })[] {
  const statementsOf = kelompokkan(statements, (st) => st.id_soal);
  return soal.map((s) => ({ ...s, pernyataan: statementsOf.get(s.id) ?? [] }));
}

const soalSatuMapelQuery = prepareQuery((q: Executor, p: { idMapel: number }) =>
  q
    .selectFrom('soal')
    .select(KOLOM_LEMBAR)
    .where('soal.id_mapel', '=', p.idMapel)
    .orderBy('soal.nomor')
    .orderBy('soal.id'),
);

const pernyataanSatuMapelQuery = prepareQuery((q: Executor, p: { idMapel: number }) =>
  q
    .selectFrom('soal_group')
    .innerJoin('soal', 'soal.id', 'soal_group.id_soal')
    .select(['soal_group.id', 'soal_group.id_soal', 'soal_group.pernyataan'])
    .where('soal.id_mapel', '=', p.idMapel)
    .orderBy('soal_group.id_soal')
    .orderBy('soal_group.urutan')
    .orderBy('soal_group.id'),
);

/** The questions of some subjects with their statements, keys and discussions (reviews of finished work). */
export async function soalDenganKunci(q: Executor, mapelIds: readonly number[]): Promise<SoalLengkap[]> {
  return (await bacaSoal(q, mapelIds, true)).map((s) => ({
    ...s,
    kunci: s.kunci ?? '',
    pembahasan: s.pembahasan ?? '',
    pernyataan: s.pernyataan.map((p) => ({ id: p.id, pernyataan: p.pernyataan, kunci: p.kunci ?? '' })),
  }));
}

/** The questions of some subjects as the sheet shows them: texts, options and statements, no keys. */
export async function soalTanpaKunci(q: Executor, mapelIds: readonly number[]): Promise<SoalLembar[]> {
  // The sheet of one open subject, a start's usual case, reads with both queries compiled once.
  const rows =
    mapelIds.length === 1
      ? gabungPernyataan(
          await soalSatuMapelQuery.all(q, { idMapel: mapelIds[0] }),
          await pernyataanSatuMapelQuery.all(q, { idMapel: mapelIds[0] }),
        )
      : await bacaSoal(q, mapelIds, false);
  return rows.map((s) => ({
    id: s.id,
    id_mapel: s.id_mapel,
    nomor: s.nomor,
    type: s.type,
    soal: s.soal,
    a: s.a,
    b: s.b,
    c: s.c,
    d: s.d,
    e: s.e,
    group_text_type: s.group_text_type,
    opsi_tetap: s.opsi_tetap,
    pernyataan: s.pernyataan.map((p) => ({ id: p.id, pernyataan: p.pernyataan })),
  }));
}

export interface MapelJadwal {
  id: number;
  nama: string;
  id_kategori: number;
  /** The category's name. */
  kategori: string;
}

/** Every subject of a schedule, categories and subjects in their order. */
export function mapelJadwal(q: Executor, idJadwal: number): Promise<MapelJadwal[]> {
  return q
    .selectFrom('mapel')
    .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
    .select(['mapel.id', 'mapel.nama', 'mapel.id_kategori', 'kategori.nama as kategori'])
    .where('kategori.id_jadwal', '=', idJadwal)
    .$call(dalamUrutan('kategori'))
    .$call(dalamUrutan('mapel'))
    .execute();
}
