/**
 * The schedule (jadwal) and who may take it (jadwal_peserta): read by the tryout, the results, the rankings and
 * the PDFs alike. Compiled once (compiledQuery.ts): every call of a running tryout starts with them.
 */
import { prepareQuery } from './compiledQuery';
import type { Executor } from './executor';

export interface JadwalRow {
  id: number;
  paket: number;
  nama: string;
  tgl_awal: number;
  tgl_akhir: number;
  /** 1 for a TO Akbar event package (IRT scoring, wall clock). */
  is_event: number;
  acak_soal: number;
  acak_opsi: number;
  /** When the close wrote the schedule's results (scoring/penutupan.ts), or null. */
  peringkat_at: number | null;
}

const jadwalQuery = prepareQuery((q: Executor, p: { id: number }) =>
  q
    .selectFrom('jadwal')
    .select([
      'id',
      'paket',
      'nama',
      'tgl_awal',
      'tgl_akhir',
      'is_event',
      'acak_soal',
      'acak_opsi',
      'peringkat_at',
    ])
    .where('id', '=', p.id),
);

export function findJadwal(q: Executor, id: number): Promise<JadwalRow | undefined> {
  return jadwalQuery.first(q, { id });
}

const pesertaQuery = prepareQuery((q: Executor, p: { idJadwal: number; idSiswa: number }) =>
  q
    .selectFrom('jadwal_peserta')
    .select('id_siswa')
    .where('id_jadwal', '=', p.idJadwal)
    .where('id_siswa', '=', p.idSiswa),
);

/** Whether the student is enrolled in the schedule. */
export async function isPeserta(q: Executor, idJadwal: number, idSiswa: number): Promise<boolean> {
  return (await pesertaQuery.first(q, { idJadwal, idSiswa })) !== undefined;
}
