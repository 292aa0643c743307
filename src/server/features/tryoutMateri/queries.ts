/** Kysely queries of the per-topic tryout. Each takes the Kysely instance (or a transaction) it runs on. */
import { sql, type Selectable } from 'kysely';
import { dialectOf } from '../../db/createDb';
import type { MateriHasilTable, MateriSoalTable } from '../../db/types';
import type { Executor } from '../../db/executor';
import { dalamUrutan } from '../../db/urutan';

export type MateriHasil = Selectable<MateriHasilTable>;
export type MateriSoal = Selectable<MateriSoalTable>;

export interface MateriInfo {
  id: number;
  nama: string;
  menit: number;
  id_mapel: number;
  mapel: string;
}

/** A category of topics as the preview lists it. */
function barisKategori(q: Executor) {
  return q.selectFrom('materi_kategori').select(['id', 'nama']);
}

/** A subject of topics as the preview lists it. */
function barisMapel(q: Executor) {
  return q.selectFrom('materi_mapel').select(['id', 'id_kategori', 'nama']);
}

export function listKategori(q: Executor) {
  return barisKategori(q).$call(dalamUrutan('materi_kategori')).execute();
}

export function findKategori(q: Executor, id: number) {
  return barisKategori(q).where('id', '=', id).executeTakeFirst();
}

export function listMapel(q: Executor, idKategori: number) {
  return barisMapel(q).where('id_kategori', '=', idKategori).$call(dalamUrutan('materi_mapel')).execute();
}

export function findMapel(q: Executor, id: number) {
  return barisMapel(q).where('id', '=', id).executeTakeFirst();
}

export function listMateriOfMapel(q: Executor, idMapel: number) {
  return q
    .selectFrom('materi')
    .select(['id', 'nama', 'menit'])
    .where('id_mapel', '=', idMapel)
    .$call(dalamUrutan('materi'))
    .execute();
}

export function findMateri(q: Executor, id: number): Promise<MateriInfo | undefined> {
  return q
    .selectFrom('materi')
    .innerJoin('materi_mapel', 'materi_mapel.id', 'materi.id_mapel')
    .select(['materi.id', 'materi.nama', 'materi.menit', 'materi.id_mapel', 'materi_mapel.nama as mapel'])
    .where('materi.id', '=', id)
    .executeTakeFirst();
}

/** Answered count per attempt (blank or spaces only is not an answer). */
export async function countTerjawabPerHasil(q: Executor, idHasil: number[]): Promise<Map<number, number>> {
  if (idHasil.length === 0) return new Map();
  const rows = await q
    .selectFrom('materi_jawaban')
    .select(['id_materi_hasil', (eb) => eb.fn.countAll<number>().as('jumlah')])
    .where('id_materi_hasil', 'in', idHasil)
    .where(sql<string>`trim(jawaban)`, '<>', '')
    .groupBy('id_materi_hasil')
    .execute();
  return new Map(rows.map((r) => [r.id_materi_hasil, Number(r.jumlah)]));
}

export function listSoal(q: Executor, idMateri: number): Promise<MateriSoal[]> {
  return q
    .selectFrom('materi_soal')
    .selectAll()
    .where('id_materi', '=', idMateri)
    .orderBy('nomor')
    .orderBy('id')
    .execute();
}

/** The student's attempts at topics (one row per topic at most). */
function hasilSiswa(q: Executor, idSiswa: number) {
  return q.selectFrom('materi_hasil').selectAll().where('id_siswa', '=', idSiswa);
}

export function findHasil(q: Executor, idMateri: number, idSiswa: number): Promise<MateriHasil | undefined> {
  return hasilSiswa(q, idSiswa).where('id_materi', '=', idMateri).executeTakeFirst();
}

/** The attempt row, locked for the rest of the transaction on PostgreSQL (SQLite serialises writers itself). */
export function findHasilForUpdate(q: Executor, id: number): Promise<MateriHasil | undefined> {
  return q
    .selectFrom('materi_hasil')
    .selectAll()
    .where('id', '=', id)
    .$if(dialectOf(q) === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The student's attempts at some topics. */
export function listHasilOfMateri(q: Executor, idSiswa: number, idMateri: number[]): Promise<MateriHasil[]> {
  if (idMateri.length === 0) return Promise.resolve([]);
  return hasilSiswa(q, idSiswa).where('id_materi', 'in', idMateri).execute();
}

/** The student's attempts in one state (0 running, 1 ended), each joined with its topic. */
function hasilSiswaBerstatus(q: Executor, idSiswa: number, status: 0 | 1) {
  return q
    .selectFrom('materi_hasil')
    .innerJoin('materi', 'materi.id', 'materi_hasil.id_materi')
    .where('materi_hasil.id_siswa', '=', idSiswa)
    .where('materi_hasil.status', '=', status);
}

/** Running attempts of a student with their topic's minutes (to end those whose time is over). */
export function listHasilBerjalan(q: Executor, idSiswa: number) {
  return hasilSiswaBerstatus(q, idSiswa, 0).selectAll('materi_hasil').select('materi.menit').execute();
}

/** Creates the attempt once; a concurrent or repeated start keeps the first row. */
export async function createHasil(
  q: Executor,
  idMateri: number,
  idSiswa: number,
  sisaWaktu: number,
  now: number,
) {
  await q
    .insertInto('materi_hasil')
    .values({
      id_materi: idMateri,
      id_siswa: idSiswa,
      started_at: now,
      ended_at: null,
      sisa_waktu: sisaWaktu,
      last_seen_at: now,
      status: 0,
      benar: 0,
      salah: 0,
      kosong: 0,
      skor: 0,
    })
    .onConflict((oc) => oc.columns(['id_materi', 'id_siswa']).doNothing())
    .execute();
}

/** Saved answers of an attempt by question id. */
export async function mapJawaban(q: Executor, idHasil: number): Promise<Map<number, string>> {
  const rows = await q
    .selectFrom('materi_jawaban')
    .select(['id_soal', 'jawaban'])
    .where('id_materi_hasil', '=', idHasil)
    .execute();
  return new Map(rows.map((r) => [r.id_soal, r.jawaban]));
}

export async function upsertJawaban(
  q: Executor,
  idHasil: number,
  idSoal: number,
  jawaban: string,
  now: number,
) {
  await q
    .insertInto('materi_jawaban')
    .values({ id_materi_hasil: idHasil, id_soal: idSoal, jawaban, updated_at: now })
    .onConflict((oc) => oc.columns(['id_materi_hasil', 'id_soal']).doUpdateSet({ jawaban, updated_at: now }))
    .execute();
}

/**
 * Writes a running attempt's clock the way the package subjects' clocks are written (one concurrency approach): the
 * update merges with what another call in flight wrote, so the remaining time only goes down and the last charged
 * moment only forward; an ended attempt is never changed.
 */
export async function writeMateriClock(q: Executor, idHasil: number, sisaWaktu: number, lastSeenAt: number) {
  await q
    .updateTable('materi_hasil')
    .set({
      sisa_waktu: sql<number>`CASE WHEN ${sisaWaktu} < sisa_waktu THEN ${sisaWaktu} ELSE sisa_waktu END`,
      last_seen_at: sql<number>`CASE WHEN last_seen_at IS NULL OR ${lastSeenAt} > last_seen_at
        THEN ${lastSeenAt} ELSE last_seen_at END`,
    })
    .where('id', '=', idHasil)
    .where('status', '=', 0)
    .execute();
}

export interface Nilai {
  benar: number;
  salah: number;
  kosong: number;
  skor: number;
}

/** Ends a running attempt with its score; an attempt already ended is left as it is. */
export async function selesaikanHasil(
  q: Executor,
  idHasil: number,
  nilai: Nilai,
  sisaWaktu: number,
  now: number,
) {
  await q
    .updateTable('materi_hasil')
    .set({ ...nilai, sisa_waktu: sisaWaktu, status: 1, ended_at: now, last_seen_at: now })
    .where('id', '=', idHasil)
    .where('status', '=', 0)
    .execute();
}

/** Finished topics of a student, newest first. */
export function listHasilSelesai(q: Executor, idSiswa: number) {
  return hasilSiswaBerstatus(q, idSiswa, 1)
    .innerJoin('materi_mapel', 'materi_mapel.id', 'materi.id_mapel')
    .select([
      'materi_hasil.id_materi as idmateri',
      'materi_mapel.nama as mapel',
      'materi.nama as materi',
      'materi_hasil.skor',
    ])
    .orderBy('materi_hasil.ended_at', 'desc')
    .orderBy('materi_hasil.id', 'desc')
    .execute();
}
