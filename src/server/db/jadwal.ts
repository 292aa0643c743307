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
  /** The version of the package's definitions (raised by every import): what a process may keep of them. */
  versi_isi: number;
}

const KOLOM_JADWAL = [
  'jadwal.id',
  'jadwal.paket',
  'jadwal.nama',
  'jadwal.tgl_awal',
  'jadwal.tgl_akhir',
  'jadwal.is_event',
  'jadwal.acak_soal',
  'jadwal.acak_opsi',
  'jadwal.peringkat_at',
  'jadwal.versi_isi',
] as const;

const jadwalQuery = prepareQuery((q: Executor, p: { id: number }) =>
  q.selectFrom('jadwal').select(KOLOM_JADWAL).where('jadwal.id', '=', p.id),
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

const jadwalPesertaQuery = prepareQuery((q: Executor, p: { idJadwal: number; idSiswa: number }) =>
  q
    .selectFrom('jadwal')
    .leftJoin('jadwal_peserta', (join) =>
      join.onRef('jadwal_peserta.id_jadwal', '=', 'jadwal.id').on('jadwal_peserta.id_siswa', '=', p.idSiswa),
    )
    .select(KOLOM_JADWAL)
    .select('jadwal_peserta.id_siswa as peserta')
    .where('jadwal.id', '=', p.idJadwal),
);

/** The schedule and whether the student is enrolled in it, in one read (every call of a running tryout). */
export async function findJadwalPeserta(
  q: Executor,
  idJadwal: number,
  idSiswa: number,
): Promise<{ jadwal: JadwalRow; peserta: boolean } | undefined> {
  const row = await jadwalPesertaQuery.first(q, { idJadwal, idSiswa });
  if (!row) return undefined;
  const { peserta, ...jadwal } = row;
  return { jadwal, peserta: peserta !== null };
}
