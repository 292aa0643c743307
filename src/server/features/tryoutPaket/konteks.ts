/** The schedule, category and student of a call, checked once: unknown → 404, not enrolled → 403. */
import type { Config } from '../../config';
import { isEventStudent } from '../../domain/studentType';
import type { Siswa } from '../../db/siswa';
import { HttpError } from '../../lib/httpError';
import { findJadwalPeserta, findJadwalPesertaAttempts, type JadwalRow } from '../../db/jadwal';
import type { HasilTo } from './queries/hasilTo';
import type { MapelWaktu } from './queries/mapelWaktu';
import { type KategoriRow } from './queries/mapel';
import { kategoriJadwal } from './isiPaket';
import { type Executor } from '../../db/executor';
import { PESAN } from './teks';

export interface JadwalContext {
  jadwal: JadwalRow;
  /** Every category of the schedule, in order. */
  kategoriList: KategoriRow[];
}

export async function jadwalContext(q: Executor, idJadwal: number, idSiswa: number): Promise<JadwalContext> {
  return konteksDari(q, await findJadwalPeserta(q, idJadwal, idSiswa));
}

async function konteksDari(
  q: Executor,
  found: { jadwal: JadwalRow; peserta: boolean } | undefined,
): Promise<JadwalContext> {
  if (!found) throw new HttpError(404, PESAN.jadwalTidakAda);
  if (!found.peserta) throw new HttpError(403, PESAN.bukanPeserta);
  const { jadwal } = found;
  return { jadwal, kategoriList: await kategoriJadwal(q, jadwal) };
}

export async function kategoriContext(
  q: Executor,
  idJadwal: number,
  hash: string,
  idSiswa: number,
): Promise<KategoriContext> {
  return denganKategori(await jadwalContext(q, idJadwal, idSiswa), hash);
}

/**
 * kategoriContext with the student's attempts at the schedule, read together with the schedule (one round trip
 * fewer for a start, which checks them before it writes).
 */
export async function kategoriContextDenganAttempts(
  q: Executor,
  idJadwal: number,
  hash: string,
  idSiswa: number,
): Promise<KategoriContext & DenganAttempts> {
  const context = await jadwalContextDenganAttempts(q, idJadwal, idSiswa);
  return { ...denganKategori(context, hash), attempts: context.attempts, clocks: context.clocks };
}

interface DenganAttempts {
  attempts: HasilTo[];
  /** The attempts' clocks, read with them. */
  clocks: MapelWaktu[];
}

/**
 * jadwalContext with the student's attempts at the schedule and their clocks, read together with the schedule: one
 * round trip instead of two, on PostgreSQL shared by the calls of a turn (db/batching/bacaBersama.ts).
 */
export async function jadwalContextDenganAttempts(
  q: Executor,
  idJadwal: number,
  idSiswa: number,
): Promise<JadwalContext & DenganAttempts> {
  const found = await findJadwalPesertaAttempts(q, idJadwal, idSiswa);
  return { ...(await konteksDari(q, found)), attempts: found?.attempts ?? [], clocks: found?.clocks ?? [] };
}

type KategoriContext = JadwalContext & { kategori: KategoriRow; index: number };

function denganKategori(context: JadwalContext, hash: string): KategoriContext {
  const index = context.kategoriList.findIndex((k) => k.hash === hash);
  if (index < 0) throw new HttpError(404, PESAN.kategoriTidakAda);
  return { ...context, kategori: context.kategoriList[index], index };
}

/**
 * Event subjects run on the wall clock: a TO Akbar package, or a TO Akbar student, who may not leave
 * the sheet anyway. Everyone else may pause between calls.
 */
export function isWallClock(jadwal: JadwalRow, siswa: Siswa, config: Config): boolean {
  return jadwal.is_event === 1 || isEventStudent(siswa.lembaga, config);
}
