/**
 * Pieces shared by results (PTN status), rankings and PDFs (domain/ranking.ts, domain/ptn.ts): access to a schedule, the
 * student's university choices, who finished a package, their totals, and competition ranks — for the package
 * and for one university programme.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../db/types';
import type { Executor } from '../db/executor';
import { findJadwal, isPeserta, type JadwalRow } from '../db/jadwal';
import { competitionRanks, round2 } from '../domain/ranking';
import { HttpError } from '../lib/httpError';
import { kelompokkan } from '../lib/kelompok';

export const PESAN_AKSES = {
  jadwalTidakAda: 'Jadwal tryout tidak ditemukan',
  bukanPeserta: 'Kamu tidak terdaftar pada jadwal tryout ini',
} as const;

/** A schedule the student may look at: enrolled in it, or has an attempt at it; 404 unknown, 403 otherwise. */
export async function findJadwalOf(db: Executor, idSiswa: number, idJadwal: number): Promise<JadwalRow> {
  const jadwal = await findJadwal(db, idJadwal);
  if (!jadwal) throw new HttpError(404, PESAN_AKSES.jadwalTidakAda);
  if (await isPeserta(db, idJadwal, idSiswa)) return jadwal;
  const attempt = await db
    .selectFrom('hasil_to')
    .select('id')
    .where('id_jadwal', '=', idJadwal)
    .where('id_siswa', '=', idSiswa)
    .executeTakeFirst();
  if (!attempt) throw new HttpError(403, PESAN_AKSES.bukanPeserta);
  return jadwal;
}

export interface Pilihan {
  num_option: number;
  id_prodi: number;
  jenjang: string;
  jurusan: string;
  universitas: string;
  grade: number;
  kapasitas: number;
}

/** A choice's columns: its option and programme. */
const KOLOM_PILIHAN = [
  'pilihan_siswa.num_option',
  'pilihan_siswa.id_prodi',
  'prodi.jenjang',
  'prodi.jurusan',
  'prodi.universitas',
  'prodi.grade',
  'prodi.kapasitas',
] as const;

/** The student's university choices in option order. */
export async function pilihanSiswa(db: Executor, idSiswa: number, numOption?: number): Promise<Pilihan[]> {
  let query = db
    .selectFrom('pilihan_siswa')
    .innerJoin('prodi', 'prodi.id', 'pilihan_siswa.id_prodi')
    .select(KOLOM_PILIHAN)
    .where('pilihan_siswa.id_siswa', '=', idSiswa);
  if (numOption !== undefined) query = query.where('pilihan_siswa.num_option', '=', numOption);
  return query.orderBy('pilihan_siswa.num_option').execute();
}

/** The university choices of every student who finished the package, in option order, by student. */
export async function pilihanPeserta(
  db: Executor,
  idJadwal: number,
): Promise<Map<number, (Pilihan & { id_siswa: number })[]>> {
  const rows = await db
    .selectFrom('pilihan_siswa')
    .innerJoin('prodi', 'prodi.id', 'pilihan_siswa.id_prodi')
    .select(['pilihan_siswa.id_siswa', ...KOLOM_PILIHAN])
    .where('pilihan_siswa.id_siswa', 'in', finishedStudents(db, idJadwal))
    .orderBy('pilihan_siswa.id_siswa')
    .orderBy('pilihan_siswa.num_option')
    .execute();
  return kelompokkan(rows, (row) => row.id_siswa);
}

export interface SkorPeserta {
  id_siswa: number;
  nama: string;
  skor: number;
}

export interface PeringkatPeserta extends SkorPeserta {
  peringkat: number;
}

/** Students who ended every category of the schedule (a finished package). */
export function finishedStudents(db: Executor, idJadwal: number) {
  return db
    .selectFrom('hasil_to')
    .select('hasil_to.id_siswa')
    .where('hasil_to.id_jadwal', '=', idJadwal)
    .where('hasil_to.is_selesai', '=', 1)
    .groupBy('hasil_to.id_siswa')
    .having(
      (eb) => eb.fn.countAll(),
      '=',
      db
        .selectFrom('kategori')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('kategori.id_jadwal', '=', idJadwal),
    );
}

export async function hasFinishedPackage(db: Executor, idSiswa: number, idJadwal: number): Promise<boolean> {
  const row = await finishedStudents(db, idJadwal)
    .where('hasil_to.id_siswa', '=', idSiswa)
    .executeTakeFirst();
  return row !== undefined;
}

/** The schedules whose every category the student ended, oldest first. */
export async function finishedJadwal(
  db: Executor,
  idSiswa: number,
): Promise<{ id: number; paket: number; is_event: number; tgl_akhir: number; tgl_selesai: number }[]> {
  const rows = await db
    .selectFrom('hasil_to')
    .innerJoin('jadwal', 'jadwal.id', 'hasil_to.id_jadwal')
    .select(['jadwal.id', 'jadwal.paket', 'jadwal.is_event', 'jadwal.tgl_awal', 'jadwal.tgl_akhir'])
    .select((eb) => [eb.fn.countAll().as('selesai'), eb.fn.max('hasil_to.ended_at').as('tgl_selesai')])
    .where('hasil_to.id_siswa', '=', idSiswa)
    .where('hasil_to.is_selesai', '=', 1)
    .groupBy(['jadwal.id', 'jadwal.paket', 'jadwal.is_event', 'jadwal.tgl_awal', 'jadwal.tgl_akhir'])
    .having(
      sql<number>`count(*)`,
      '=',
      sql<number>`(select count(*) from kategori where kategori.id_jadwal = jadwal.id)`,
    )
    .orderBy('jadwal.tgl_awal')
    .orderBy('jadwal.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    paket: row.paket,
    is_event: row.is_event,
    tgl_akhir: Number(row.tgl_akhir),
    tgl_selesai: Number(row.tgl_selesai ?? 0),
  }));
}

/**
 * The sum and the number of a group's subject scores (`jumlah`, `n`): SQL sums, the division happens in
 * rataRataNilai, so no dialect's AVG type matters.
 */
const jumlahNilai = [
  (eb: ExpressionBuilder<Database, 'hasil_mapel'>) => eb.fn.sum<number>('hasil_mapel.nilai').as('jumlah'),
  (eb: ExpressionBuilder<Database, 'hasil_mapel'>) => eb.fn.countAll<number>().as('n'),
] as const;

/** The mean of a group's subject scores, from the row jumlahNilai selected. */
function rataRataNilai(row: { jumlah: number | string; n: number | string }): number {
  return Number(row.jumlah) / Number(row.n);
}

/**
 * Totals (mean of subject scores, 2 decimals) of every student who finished the package and has scores. The sums
 * and counts come from SQL (one row per student, not per subject: 100,000 rather than 700,000 at an event); the
 * scores are integers, so the sum is exact and the mean the one packageTotal takes of the list.
 */
export async function packageScores(
  db: Executor,
  idJadwal: number,
  idProdi?: number,
): Promise<SkorPeserta[]> {
  let query = db
    .selectFrom('hasil_mapel')
    .innerJoin('siswa', 'siswa.id', 'hasil_mapel.id_siswa')
    .select(['hasil_mapel.id_siswa', 'siswa.nama_lengkap', ...jumlahNilai])
    .where('hasil_mapel.id_jadwal', '=', idJadwal)
    .where('hasil_mapel.id_siswa', 'in', finishedStudents(db, idJadwal))
    .groupBy(['hasil_mapel.id_siswa', 'siswa.nama_lengkap']);
  if (idProdi !== undefined) {
    query = query.where('hasil_mapel.id_siswa', 'in', (eb) =>
      eb
        .selectFrom('pilihan_siswa')
        .select('pilihan_siswa.id_siswa')
        .where('pilihan_siswa.id_prodi', '=', idProdi),
    );
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    id_siswa: row.id_siswa,
    nama: row.nama_lengkap,
    skor: round2(rataRataNilai(row)),
  }));
}

/** Names compared as `a.localeCompare(b, 'id')` does, with one collator instead of one per comparison. */
const namaCollator = new Intl.Collator('id');

/** Competition ranks by total; ties listed by name. Pure. */
export function rankScores(scores: readonly SkorPeserta[]): PeringkatPeserta[] {
  return competitionRanks(
    scores,
    (s) => s.skor,
    (a, b) => namaCollator.compare(a.nama, b.nama) || a.id_siswa - b.id_siswa,
  ).map(({ item, peringkat }) => ({ ...item, peringkat }));
}

/** The ranking of a package, or of the participants who chose one programme (any option number). */
export async function rankPackage(
  db: Executor,
  idJadwal: number,
  idProdi?: number,
): Promise<PeringkatPeserta[]> {
  return rankScores(await packageScores(db, idJadwal, idProdi));
}

/**
 * Mean over all participants of each category's score (a participant's category score being the mean of their
 * subject scores). Sums and counts come from SQL; the division happens here, so no dialect's AVG type matters.
 */
export async function rataRataKategori(db: Executor, kategoriIds: number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (kategoriIds.length === 0) return result;
  const rows = await db
    .selectFrom('hasil_mapel')
    .innerJoin('hasil_to', 'hasil_to.id', 'hasil_mapel.id_hasil_to')
    .select(['hasil_to.id_kategori', 'hasil_mapel.id_hasil_to', ...jumlahNilai])
    .where('hasil_to.id_kategori', 'in', kategoriIds)
    .where('hasil_to.is_selesai', '=', 1)
    .groupBy(['hasil_to.id_kategori', 'hasil_mapel.id_hasil_to'])
    .execute();
  for (const [id, attempts] of kelompokkan(rows, (row) => row.id_kategori)) {
    const means = attempts.map(rataRataNilai);
    result.set(id, means.reduce((s, v) => s + v, 0) / means.length);
  }
  return result;
}
