/** The reports table (migration 018): written by the route, read and deleted by support's commands. */
import { randomInt } from 'node:crypto';
import type { Executor } from '../../db/executor';
import type { LaporanTable } from '../../db/types';

/** Letters and digits a student reads out without doubt (no 0/O, 1/I/L). */
const HURUF_KODE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new report code, `XXXX-XXXX` (31^8, about 850 billion). */
export function kodeBaru(): string {
  const huruf = Array.from({ length: 8 }, () => HURUF_KODE[randomInt(HURUF_KODE.length)]).join('');
  return `${huruf.slice(0, 4)}-${huruf.slice(4)}`;
}

/** The report's row; `kode` is made here, again should it meet one that exists. */
export async function simpanLaporan(db: Executor, row: Omit<LaporanTable, 'kode'>): Promise<string> {
  for (let coba = 0; ; coba++) {
    const kode = kodeBaru();
    const ada = await db.selectFrom('laporan').select('kode').where('kode', '=', kode).executeTakeFirst();
    if (ada && coba < 5) continue;
    await db
      .insertInto('laporan')
      .values({ kode, ...row })
      .execute();
    return kode;
  }
}

/** When each of the student's reports since `sejak` was made, oldest first. */
export async function waktuLaporanSejak(db: Executor, idSiswa: number, sejak: number): Promise<number[]> {
  const rows = await db
    .selectFrom('laporan')
    .select('dibuat_at')
    .where('id_siswa', '=', idSiswa)
    .where('dibuat_at', '>', sejak)
    .orderBy('dibuat_at')
    .execute();
  return rows.map((row) => Number(row.dibuat_at));
}

/** Deletes the reports made before `batas`; how many. */
export async function hapusLaporanSebelum(db: Executor, batas: number): Promise<number> {
  const result = await db.deleteFrom('laporan').where('dibuat_at', '<', batas).executeTakeFirst();
  return Number(result.numDeletedRows);
}
