/** Support's side of the students' problem reports (README "Support"): list, fetch and delete. */
import type { Executor } from '../db/executor';

export interface BarisLaporan {
  kode: string;
  dibuat_at: number;
  username: string;
  pesan: string;
}

/** Reports made since `sejak` (epoch ms), of one student when `username` is given, newest first. */
export async function daftarLaporan(
  db: Executor,
  filter: { sejak?: number; username?: string },
): Promise<BarisLaporan[]> {
  let query = db
    .selectFrom('laporan')
    .innerJoin('siswa', 'siswa.id', 'laporan.id_siswa')
    .select(['laporan.kode', 'laporan.dibuat_at', 'siswa.username', 'laporan.pesan'])
    .orderBy('laporan.dibuat_at', 'desc');
  if (filter.sejak !== undefined) query = query.where('laporan.dibuat_at', '>=', filter.sejak);
  if (filter.username !== undefined) query = query.where('siswa.username', '=', filter.username);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, dibuat_at: Number(row.dibuat_at) }));
}

/** A report's Redux DevTools export, as the student's page sent it; undefined when no report has the code. */
export async function eksporLaporan(db: Executor, kode: string): Promise<string | undefined> {
  const row = await db.selectFrom('laporan').select('devtools').where('kode', '=', kode).executeTakeFirst();
  return row?.devtools;
}

/** Deletes one report; false when none has the code. */
export async function hapusLaporan(db: Executor, kode: string): Promise<boolean> {
  const result = await db.deleteFrom('laporan').where('kode', '=', kode).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
