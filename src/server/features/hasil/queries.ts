/** Reads of package results (hasil_to + hasil_mapel), shared by the result calls and the PDFs. */
import type { Executor } from '../../db/executor';
import type { HasilMapelTable } from '../../db/types';
import { dalamUrutan } from '../../db/urutan';
import { HttpError } from '../../lib/httpError';
export { findJadwalOf } from '../../scoring/skorPaket';

export const PESAN = {
  kategoriTidakAda: 'Kategori tidak ditemukan pada jadwal ini',
  mapelTidakAda: 'Mata pelajaran tidak ditemukan pada jadwal ini',
  detailTidakAda: 'Data Detail Hasil Tryout Tidak Ditemukan',
  rekapTidakAda: 'Rekapitulasi nilai per mapel tidak ditemukan',
  belumDikerjakan: 'Tryout ini belum dikerjakan',
  paketBelumSelesai: 'Paket tryout ini belum selesai dikerjakan',
} as const;

/** Chart groups of the result list: event packages are "TO Akbar", the rest "UTBK". */
export function jenisPaket(isEvent: number): string {
  return isEvent === 1 ? 'TO Akbar' : 'UTBK';
}

export interface KategoriInfo {
  id: number;
  id_jadwal: number;
  nama: string;
  hash: string;
  urutan: number;
}

export async function findKategori(db: Executor, idJadwal: number, hash: string): Promise<KategoriInfo> {
  const kategori = await db
    .selectFrom('kategori')
    .select(['id', 'id_jadwal', 'nama', 'hash', 'urutan'])
    .where('id_jadwal', '=', idJadwal)
    .where('hash', '=', hash)
    .executeTakeFirst();
  if (!kategori) throw new HttpError(404, PESAN.kategoriTidakAda);
  return kategori;
}

export type BarisMapel = Pick<
  HasilMapelTable,
  'id_mapel' | 'benar' | 'salah' | 'kosong' | 'nilai' | 'persentase' | 'metode'
> & { mapel: string };

export interface HasilKategori {
  id_hasil_to: number;
  id_jadwal: number;
  paket: number;
  is_event: number;
  /** End of the schedule window (epoch ms): an event's result stays closed until it and the grace are over. */
  tgl_akhir: number;
  id_kategori: number;
  kategori: string;
  kategoriHash: string;
  ended_at: number;
  /** Subject rows in subject order; empty when the score summary was never written. */
  mapel: BarisMapel[];
  /** Number of subjects of the category, to tell a complete summary from a partial one. */
  jumlah_mapel: number;
}

/** Which of the student's ended attempts to read: all, one schedule's, one category's. */
interface SaringPercobaan {
  idJadwal?: number;
  idKategori?: number;
  /** Schedules whose attempts are listed even while still running (being ended by their close). */
  jugaBerjalan?: readonly number[];
}

/** The student's ended category attempts (hasil_to), all or those of one schedule or category. */
function percobaanSelesai(db: Executor, idSiswa: number, filter: SaringPercobaan) {
  const berjalan = filter.jugaBerjalan ?? [];
  let attempts = db
    .selectFrom('hasil_to')
    .where('hasil_to.id_siswa', '=', idSiswa)
    .where((eb) =>
      berjalan.length > 0
        ? eb.or([eb('hasil_to.is_selesai', '=', 1), eb('hasil_to.id_jadwal', 'in', berjalan)])
        : eb('hasil_to.is_selesai', '=', 1),
    );
  if (filter.idJadwal !== undefined) attempts = attempts.where('hasil_to.id_jadwal', '=', filter.idJadwal);
  if (filter.idKategori !== undefined)
    attempts = attempts.where('hasil_to.id_kategori', '=', filter.idKategori);
  return attempts;
}

/** The student's ended category attempts with their subject rows, in schedule and category order. */
export async function hasilKategoriSiswa(
  db: Executor,
  idSiswa: number,
  filter: SaringPercobaan = {},
): Promise<HasilKategori[]> {
  const found = await percobaanSelesai(db, idSiswa, filter)
    .innerJoin('jadwal', 'jadwal.id', 'hasil_to.id_jadwal')
    .innerJoin('kategori', 'kategori.id', 'hasil_to.id_kategori')
    .select([
      'hasil_to.id as id_hasil_to',
      'hasil_to.id_jadwal',
      'hasil_to.ended_at',
      'hasil_to.started_at',
      'jadwal.paket',
      'jadwal.is_event',
      'jadwal.tgl_akhir',
      'kategori.id as id_kategori',
      'kategori.nama as kategori',
      'kategori.hash as kategoriHash',
    ])
    .orderBy('jadwal.tgl_awal')
    .orderBy('jadwal.id')
    .$call(dalamUrutan('kategori'))
    .execute();
  if (found.length === 0) return [];

  const ids = found.map((a) => a.id_hasil_to);
  const rows = await db
    .selectFrom('hasil_mapel')
    .innerJoin('mapel', 'mapel.id', 'hasil_mapel.id_mapel')
    .select([
      'hasil_mapel.id_hasil_to',
      'hasil_mapel.id_mapel',
      'mapel.nama as mapel',
      'hasil_mapel.benar',
      'hasil_mapel.salah',
      'hasil_mapel.kosong',
      'hasil_mapel.nilai',
      'hasil_mapel.persentase',
      'hasil_mapel.metode',
    ])
    .where('hasil_mapel.id_hasil_to', 'in', ids)
    .$call(dalamUrutan('mapel'))
    .execute();
  const counts = await db
    .selectFrom('mapel')
    .select(['id_kategori', (eb) => eb.fn.countAll<number>().as('n')])
    .where(
      'id_kategori',
      'in',
      found.map((a) => a.id_kategori),
    )
    .groupBy('id_kategori')
    .execute();
  const countOf = new Map(counts.map((c) => [c.id_kategori, Number(c.n)]));

  return found.map((attempt) => ({
    id_hasil_to: attempt.id_hasil_to,
    id_jadwal: attempt.id_jadwal,
    paket: attempt.paket,
    is_event: attempt.is_event,
    tgl_akhir: Number(attempt.tgl_akhir),
    id_kategori: attempt.id_kategori,
    kategori: attempt.kategori,
    kategoriHash: attempt.kategoriHash,
    ended_at: Number(attempt.ended_at ?? attempt.started_at),
    jumlah_mapel: countOf.get(attempt.id_kategori) ?? 0,
    mapel: rows
      .filter((row) => row.id_hasil_to === attempt.id_hasil_to)
      .map((row) => ({
        id_mapel: row.id_mapel,
        mapel: row.mapel,
        benar: Number(row.benar),
        salah: Number(row.salah),
        kosong: Number(row.kosong),
        nilai: Number(row.nilai),
        persentase: Number(row.persentase),
        metode: row.metode,
      })),
  }));
}

/** The subjects of a category in their order. */
export async function mapelKategori(db: Executor, idKategori: number) {
  return db
    .selectFrom('mapel')
    .select(['id', 'nama', 'waktu'])
    .where('id_kategori', '=', idKategori)
    .$call(dalamUrutan('mapel'))
    .execute();
}

/** The student's ended attempts (all, of a schedule or of a category), by category. */
export async function endedAttempts(
  db: Executor,
  idSiswa: number,
  filter: SaringPercobaan,
): Promise<Map<number, number>> {
  const rows = await percobaanSelesai(db, idSiswa, filter)
    .select(['hasil_to.id', 'hasil_to.id_kategori'])
    .execute();
  return new Map(rows.map((r) => [r.id_kategori, r.id]));
}
