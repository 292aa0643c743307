import type { Executor } from '../../db/executor';

/** Which of a student's schedules a list shows, relative to now. */
export type JadwalWaktu = 'current' | 'future' | 'previous';

export interface JadwalRow {
  id: number;
  paket: number;
  tgl_awal: number;
  tgl_akhir: number;
  jumlah_kategori: number;
  jumlah_selesai: number;
}

/**
 * The schedules the student is enrolled in for one list, with the number of categories of each and how many of
 * them the student has ended, in ONE query (correlated counts on indexed columns, no query per schedule).
 * current: tgl_awal ≤ now < tgl_akhir, soonest end first; future: tgl_awal > now, soonest start first;
 * previous: tgl_akhir ≤ now, latest end first.
 */
export async function jadwalSiswa(
  db: Executor,
  idSiswa: number,
  waktu: JadwalWaktu,
  now: number,
): Promise<JadwalRow[]> {
  let query = db
    .selectFrom('jadwal as j')
    .innerJoin('jadwal_peserta as p', 'p.id_jadwal', 'j.id')
    .where('p.id_siswa', '=', idSiswa)
    .select((eb) => [
      'j.id',
      'j.paket',
      'j.tgl_awal',
      'j.tgl_akhir',
      eb
        .selectFrom('kategori as k')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('k.id_jadwal', '=', 'j.id')
        .as('jumlah_kategori'),
      eb
        .selectFrom('hasil_to as h')
        .select((sub) => sub.fn.count<number>('h.id_kategori').distinct().as('n'))
        .whereRef('h.id_jadwal', '=', 'j.id')
        .where('h.id_siswa', '=', idSiswa)
        .where('h.is_selesai', '=', 1)
        .as('jumlah_selesai'),
    ]);
  if (waktu === 'current') {
    query = query.where('j.tgl_awal', '<=', now).where('j.tgl_akhir', '>', now).orderBy('j.tgl_akhir', 'asc');
  } else if (waktu === 'future') {
    query = query.where('j.tgl_awal', '>', now).orderBy('j.tgl_awal', 'asc');
  } else {
    query = query.where('j.tgl_akhir', '<=', now).orderBy('j.tgl_akhir', 'desc');
  }
  const rows = await query.orderBy('j.id', 'asc').execute();
  // PostgreSQL answers counts and BIGINT columns as strings unless parsed; Number() makes both dialects alike.
  return rows.map((row) => ({
    id: Number(row.id),
    paket: Number(row.paket),
    tgl_awal: Number(row.tgl_awal),
    tgl_akhir: Number(row.tgl_akhir),
    jumlah_kategori: Number(row.jumlah_kategori ?? 0),
    jumlah_selesai: Number(row.jumlah_selesai ?? 0),
  }));
}
