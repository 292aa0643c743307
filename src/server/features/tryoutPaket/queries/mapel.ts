/**
 * The package's shape as the tryout reads it: its categories, their subjects and what questions they hold. Each
 * query takes the Kysely instance (or a transaction) it runs on.
 */
import { sql } from 'kysely';
import { prepareQuery } from '../../../db/compiledQuery';
import type { Executor } from '../../../db/executor';

export interface KategoriRow {
  id: number;
  nama: string;
  hash: string;
  urutan: number;
  pembahasan: string;
}

export interface MapelRow {
  id: number;
  id_kategori: number;
  nama: string;
  waktu: number;
}

// Compiled once (db/compiledQuery); a list of ids compiles the usual case of one id once and builds the others.

const kategoriQuery = prepareQuery((q: Executor, p: { idJadwal: number }) =>
  q
    .selectFrom('kategori')
    .select(['id', 'nama', 'hash', 'urutan', 'pembahasan'])
    .where('id_jadwal', '=', p.idJadwal)
    .orderBy('urutan')
    .orderBy('id'),
);

/** Categories of a schedule in their order. */
export function listKategori(q: Executor, idJadwal: number): Promise<KategoriRow[]> {
  return kategoriQuery.all(q, { idJadwal });
}

const mapelOfKategoriQuery = prepareQuery((q: Executor, p: { idKategori: number }) =>
  q
    .selectFrom('mapel')
    .select(['id', 'id_kategori', 'nama', 'waktu'])
    .where('id_kategori', '=', p.idKategori)
    .orderBy('urutan')
    .orderBy('id'),
);

/** Subjects of the given categories, each category's in order. */
export async function listMapel(q: Executor, kategoriIds: readonly number[]): Promise<MapelRow[]> {
  if (kategoriIds.length === 0) return [];
  if (kategoriIds.length === 1) return mapelOfKategoriQuery.all(q, { idKategori: kategoriIds[0] });
  return q
    .selectFrom('mapel')
    .select(['id', 'id_kategori', 'nama', 'waktu'])
    .where('id_kategori', 'in', kategoriIds)
    .orderBy('id_kategori')
    .orderBy('urutan')
    .orderBy('id')
    .execute();
}

// One row at most: whether any exists, not how many.
const soalOfKategoriQuery = prepareQuery((q: Executor, p: { idKategori: number }) =>
  q
    .selectFrom('soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .select('soal.id')
    .where('mapel.id_kategori', '=', p.idKategori)
    .limit(1),
);

/** Whether a category has any question at all (a start of one without is refused). */
export async function kategoriPunyaSoal(q: Executor, idKategori: number): Promise<boolean> {
  return (await soalOfKategoriQuery.first(q, { idKategori })) !== undefined;
}

/**
 * Whether a multiple-choice question of the category is keyed E: such a category cannot be served to a student who
 * sees only A–D (allowsFiveChoices, domain/studentType.ts).
 */
export async function hasKunciE(q: Executor, idKategori: number): Promise<boolean> {
  return (await kunciEQuery.first(q, { idKategori })) !== undefined;
}

const kunciEQuery = prepareQuery((q: Executor, p: { idKategori: number }) =>
  q
    .selectFrom('soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .select('soal.id')
    .where('mapel.id_kategori', '=', p.idKategori)
    .where('soal.type', '=', 1)
    .where(sql<string>`upper(trim(soal.kunci))`, '=', 'E')
    .limit(1),
);
