/**
 * Reads of the results stored at the close of a schedule (scoring/penutupan.ts): the same rows the computed
 * rankings give, by index — a listing in `urutan` order, one student's place by key.
 */
import { prepareQuery } from '../db/compiledQuery';
import type { PeringkatPeserta } from './skorPaket';
import type { Executor } from '../db/executor';

/** A stored ranking (the package's, or a programme's) with each place's student name, as their profile now reads. */
function tempatBernama(q: Executor, tabel: 'peringkat_paket' | 'peringkat_pilihan') {
  return q
    .selectFrom(tabel)
    .innerJoin('siswa', 'siswa.id', `${tabel}.id_siswa`)
    .select([`${tabel}.id_siswa`, 'siswa.nama_lengkap', `${tabel}.skor`, `${tabel}.peringkat`]);
}

/** A row of `tempatBernama` as a ranking's participant. */
function sebagaiPeserta(r: { id_siswa: number; nama_lengkap: string; skor: number; peringkat: number }) {
  return { id_siswa: r.id_siswa, nama: r.nama_lengkap, skor: Number(r.skor), peringkat: Number(r.peringkat) };
}

/** The package ranking in listing order (names as the students' profiles now read). */
export async function peringkatPaketTersimpan(q: Executor, idJadwal: number): Promise<PeringkatPeserta[]> {
  return (await peringkatPaketQuery.all(q, { idJadwal })).map(sebagaiPeserta);
}

const peringkatPaketQuery = prepareQuery((q: Executor, p: { idJadwal: number }) =>
  tempatBernama(q, 'peringkat_paket')
    .where('peringkat_paket.id_jadwal', '=', p.idJadwal)
    .orderBy('peringkat_paket.urutan'),
);

/** `limit` places of a programme's ranking after the first `offset`, in listing order. */
export async function peringkatPilihanTersimpan(
  db: Executor,
  idJadwal: number,
  idProdi: number,
  limit: number,
  offset = 0,
): Promise<PeringkatPeserta[]> {
  const rows = await tempatBernama(db, 'peringkat_pilihan')
    .where('peringkat_pilihan.id_jadwal', '=', idJadwal)
    .where('peringkat_pilihan.id_prodi', '=', idProdi)
    .orderBy('peringkat_pilihan.urutan')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(sebagaiPeserta);
}

/** The number of participants in a programme's ranking. */
export async function jumlahPilihanTersimpan(
  db: Executor,
  idJadwal: number,
  idProdi: number,
): Promise<number> {
  const row = await db
    .selectFrom('peringkat_pilihan')
    .select((eb) => eb.fn.countAll().as('jumlah'))
    .where('id_jadwal', '=', idJadwal)
    .where('id_prodi', '=', idProdi)
    .executeTakeFirst();
  return Number(row?.jumlah ?? 0);
}

/** One student's place in a programme's ranking (`urutan`: 1-based place in listing order), or null when the
 * student has none. */
export async function tempatPilihanTersimpan(
  db: Executor,
  idJadwal: number,
  idProdi: number,
  idSiswa: number,
): Promise<{ peringkat: number; skor: number; urutan: number } | null> {
  const row = await db
    .selectFrom('peringkat_pilihan')
    .select(['peringkat', 'skor', 'urutan'])
    .where('id_jadwal', '=', idJadwal)
    .where('id_prodi', '=', idProdi)
    .where('id_siswa', '=', idSiswa)
    .executeTakeFirst();
  return row
    ? { peringkat: Number(row.peringkat), skor: Number(row.skor), urutan: Number(row.urutan) }
    : null;
}

/** A student's rank in each programme he chose (by programme id): the university-choice ranks. */
export async function rankPilihanSiswaTersimpan(
  db: Executor,
  idJadwal: number,
  idSiswa: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('peringkat_pilihan')
    .select(['id_prodi', 'peringkat'])
    .where('id_jadwal', '=', idJadwal)
    .where('id_siswa', '=', idSiswa)
    .execute();
  return new Map(rows.map((r) => [r.id_prodi, Number(r.peringkat)]));
}

/** Every participant's rank in each programme he chose: id_prodi → id_siswa → rank. */
export async function rankPilihanTersimpan(
  db: Executor,
  idJadwal: number,
): Promise<Map<number, Map<number, number>>> {
  const rows = await db
    .selectFrom('peringkat_pilihan')
    .select(['id_prodi', 'id_siswa', 'peringkat'])
    .where('id_jadwal', '=', idJadwal)
    .execute();
  const out = new Map<number, Map<number, number>>();
  for (const r of rows) {
    const perProdi = out.get(r.id_prodi) ?? new Map<number, number>();
    perProdi.set(r.id_siswa, Number(r.peringkat));
    out.set(r.id_prodi, perProdi);
  }
  return out;
}

/** Stored category means of the closed schedules among these categories (categories still open are absent). */
export async function rataRataKategoriTersimpan(
  db: Executor,
  kategoriIds: number[],
): Promise<Map<number, number>> {
  if (kategoriIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('rata_rata_kategori')
    .innerJoin('jadwal', 'jadwal.id', 'rata_rata_kategori.id_jadwal')
    .select(['rata_rata_kategori.id_kategori', 'rata_rata_kategori.rata_rata'])
    .where('rata_rata_kategori.id_kategori', 'in', kategoriIds)
    .whereRef('jadwal.peringkat_at', '>=', 'jadwal.tgl_akhir')
    .execute();
  return new Map(rows.map((r) => [r.id_kategori, Number(r.rata_rata)]));
}
