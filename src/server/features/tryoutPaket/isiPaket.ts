/**
 * The definitions of a schedule's package (categories, subjects, questions without keys) as a process keeps them:
 * every start of an event day reads the same few rows, and on PostgreSQL each read is a round trip. They change
 * only through an import (operator/imporPaket.ts), which raises `jadwal.versi_isi` in its transaction. Every call
 * reads the schedule row anyway, so a kept value is used only under the version that row holds: a call never sees
 * definitions older than the schedule row it read. Kept per database handle (tests open many).
 */
import type { Executor } from '../../db/executor';
import type { JadwalRow } from '../../db/jadwal';
import { soalTanpaKunci, type SoalLembar } from '../../soal/soalMapel';
import { jumlahSoalPer } from '../../db/jumlahSoal';
import { hurufBerteks } from '../../domain/acak';
import {
  hasKunciE,
  kategoriPunyaSoal,
  listKategori,
  listMapel,
  type KategoriRow,
  type MapelRow,
} from './queries/mapel';

interface Simpanan {
  versi: number;
  /** By what was read: a promise, so the calls of a start spike share one read. */
  nilai: Map<string, Promise<unknown>>;
}

/** Schedules kept per handle; past it, everything kept is dropped (a handful run at once). */
const BATAS_JADWAL = 64;

const perHandle = new WeakMap<Executor, Map<number, Simpanan>>();

function simpan<T>(q: Executor, jadwal: JadwalRow, kunci: string, baca: () => Promise<T>): Promise<T> {
  let handle = perHandle.get(q);
  if (handle === undefined) {
    handle = new Map();
    perHandle.set(q, handle);
  }
  let simpanan = handle.get(jadwal.id);
  if (simpanan === undefined || simpanan.versi !== jadwal.versi_isi) {
    if (simpanan === undefined && handle.size >= BATAS_JADWAL) handle.clear();
    simpanan = { versi: jadwal.versi_isi, nilai: new Map() };
    handle.set(jadwal.id, simpanan);
  }
  const ada = simpanan.nilai.get(kunci);
  if (ada !== undefined) return ada as Promise<T>;
  const dibaca = baca();
  const tempat = simpanan;
  tempat.nilai.set(kunci, dibaca);
  // A failed read is not kept: the next call reads again.
  dibaca.catch(() => tempat.nilai.delete(kunci));
  return dibaca;
}

/** Categories of the schedule in their order. */
export function kategoriJadwal(q: Executor, jadwal: JadwalRow): Promise<KategoriRow[]> {
  return simpan(q, jadwal, 'kategori', () => listKategori(q, jadwal.id));
}

/** Subjects of one of the schedule's categories, in order. */
export function mapelKategori(q: Executor, jadwal: JadwalRow, idKategori: number): Promise<MapelRow[]> {
  return simpan(q, jadwal, `mapel:${idKategori}`, () => listMapel(q, [idKategori]));
}

/** Questions per subject (jumlahSoalPer) of some of the schedule's subjects. */
export function jumlahSoalMapel(
  q: Executor,
  jadwal: JadwalRow,
  idMapel: readonly number[],
): Promise<Map<number, number>> {
  return simpan(q, jadwal, `jumlahSoal:${idMapel.join(',')}`, () => jumlahSoalPer(q, 'id_mapel', idMapel));
}

/** Whether the category has any question. */
export function punyaSoal(q: Executor, jadwal: JadwalRow, idKategori: number): Promise<boolean> {
  return simpan(q, jadwal, `punyaSoal:${idKategori}`, () => kategoriPunyaSoal(q, idKategori));
}

/** Whether a multiple-choice question of the category is keyed E. */
export function kunciE(q: Executor, jadwal: JadwalRow, idKategori: number): Promise<boolean> {
  return simpan(q, jadwal, `kunciE:${idKategori}`, () => hasKunciE(q, idKategori));
}

/** The sheet's questions (no keys) of some of the schedule's subjects, one read per subject. */
export async function lembarSoal(
  q: Executor,
  jadwal: JadwalRow,
  mapelIds: readonly number[],
): Promise<SoalLembar[]> {
  const perMapel = await Promise.all(mapelIds.map((id) => soalMapel(q, jadwal, id)));
  return perMapel.flat();
}

/** The sheet's questions of one subject, as kept. */
function soalMapel(q: Executor, jadwal: JadwalRow, idMapel: number): Promise<SoalLembar[]> {
  return simpan(q, jadwal, `soal:${idMapel}`, () => soalTanpaKunci(q, [idMapel]));
}

/** A kept subject's questions by id, made once per kept list: a save of a shuffled attempt looks one up. */
const byIdKept = new WeakMap<readonly SoalLembar[], Map<number, SoalLembar>>();

/** hurufBerteks of the questions kept above, worked out once per kept question. */
const berteksKept = new WeakMap<SoalLembar, string>();

/** The letters of a kept question's options that show something (hurufBerteks), e.g. 'ABCD'. */
export function berteksOf(soal: SoalLembar): string {
  let berteks = berteksKept.get(soal);
  if (berteks === undefined) {
    berteks = hurufBerteks(soal);
    berteksKept.set(soal, berteks);
  }
  return berteks;
}

/** berteksOf a question of one of the schedule's subjects, from the kept sheet; '' when it is not in it. */
export async function berteksSoal(
  q: Executor,
  jadwal: JadwalRow,
  idMapel: number,
  idSoal: number,
): Promise<string> {
  const kept = await soalMapel(q, jadwal, idMapel);
  let byId = byIdKept.get(kept);
  if (byId === undefined) {
    byId = new Map(kept.map((s) => [s.id, s]));
    byIdKept.set(kept, byId);
  }
  const soal = byId.get(idSoal);
  return soal ? berteksOf(soal) : '';
}
