/**
 * The keys of one category, read once for a judging: its subjects in order, its questions (subjects and numbers in
 * order) with their type and key, and the statements of its statement questions with theirs (urutan, id). The
 * per-attempt scoring (hasilMapel.ts) judges one sheet against them, the close (lembarKategori.ts) every sheet.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { dalamUrutan, pernyataanDalamUrutan, soalDalamUrutan } from '../db/urutan';

export interface KunciSoal {
  id: number;
  id_mapel: number;
  nomor: number;
  type: number;
  kunci: string;
}

export interface KunciPernyataan {
  id: number;
  id_soal: number;
  kunci: string;
}

export interface KunciKategori {
  mapel: { id: number }[];
  soal: KunciSoal[];
  statements: KunciPernyataan[];
}

/** What an answer holds when the sheet has no row for it (a subject never opened): blank. */
export const jawabanKosong = (type: number): string => (type === 1 || type === 3 ? '0' : '');

export async function bacaKunciKategori(db: Kysely<Database>, idKategori: number): Promise<KunciKategori> {
  const mapel = await db
    .selectFrom('mapel')
    .select('id')
    .where('id_kategori', '=', idKategori)
    .$call(dalamUrutan('mapel'))
    .execute();
  const soal = await soalDalamUrutan(db)
    .select(['soal.id', 'soal.id_mapel', 'soal.nomor', 'soal.type', 'soal.kunci'])
    .where('mapel.id_kategori', '=', idKategori)
    .execute();
  const statements = await pernyataanDalamUrutan(db)
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .select(['soal_group.id', 'soal_group.id_soal', 'soal_group.kunci'])
    .where('mapel.id_kategori', '=', idKategori)
    .execute();
  return { mapel, soal, statements };
}
