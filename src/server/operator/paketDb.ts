/** What the database already holds of a package: its schedule row, the tree of its questions, its attempts. */
import type { Executor } from '../db/executor';
import { chunks } from '../db/batch';
import { kelompokkan } from '../lib/kelompok';
import { dalamUrutan } from '../db/urutan';

export interface GroupAda {
  id: number;
  kunci: string;
}
export interface SoalAda {
  id: number;
  type: number;
  kunci: string;
  /** The question text as stored (typeset, cleaned): how a moved question is recognised. */
  soal: string;
  group_text_type: number | null;
  opsi_tetap: string;
  groups: GroupAda[];
}
export interface MapelAda {
  id: number;
  nama: string;
  waktu: number;
  soal: SoalAda[];
}
export interface KategoriAda {
  id: number;
  hash: string;
  nama: string;
  mapel: MapelAda[];
}
export interface PaketAda {
  idJadwal: number;
  isEvent: boolean;
  kategori: KategoriAda[];
  /** Attempts (hasil_to rows) of the schedule: once there is one, structure and keys are fixed. */
  percobaan: number;
}

async function inChunks<T>(ids: number[], load: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const chunk of chunks(ids)) out.push(...(await load(chunk)));
  return out;
}

/** The schedules of a package id (normally none or one). */
export async function jadwalPaket(db: Executor, paket: number) {
  return db
    .selectFrom('jadwal')
    .select(['id', 'is_event'])
    .where('paket', '=', paket)
    .orderBy('id')
    .execute();
}

export async function muatPaketAda(db: Executor, idJadwal: number, isEvent: boolean): Promise<PaketAda> {
  const kategori = await db
    .selectFrom('kategori')
    .select(['id', 'hash', 'nama'])
    .where('id_jadwal', '=', idJadwal)
    .$call(dalamUrutan('kategori'))
    .execute();
  const mapel = await inChunks(
    kategori.map((k) => k.id),
    (ids) =>
      db
        .selectFrom('mapel')
        .select(['id', 'id_kategori', 'nama', 'waktu'])
        .where('id_kategori', 'in', ids)
        .$call(dalamUrutan('mapel'))
        .execute(),
  );
  const soal = await inChunks(
    mapel.map((m) => m.id),
    (ids) =>
      db
        .selectFrom('soal')
        .select(['id', 'id_mapel', 'type', 'kunci', 'soal', 'group_text_type', 'opsi_tetap'])
        .where('id_mapel', 'in', ids)
        .orderBy('nomor')
        .orderBy('id')
        .execute(),
  );
  const groups = await inChunks(
    soal.filter((s) => s.type === 3).map((s) => s.id),
    (ids) =>
      db
        .selectFrom('soal_group')
        .select(['id', 'id_soal', 'kunci'])
        .where('id_soal', 'in', ids)
        .$call(dalamUrutan('soal_group'))
        .execute(),
  );
  const percobaan = await db
    .selectFrom('hasil_to')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id_jadwal', '=', idJadwal)
    .executeTakeFirstOrThrow();

  const groupsOf = kelompokkan(groups, (g) => g.id_soal);
  const soalOf = kelompokkan(soal, (s) => s.id_mapel);
  const mapelOf = kelompokkan(mapel, (m) => m.id_kategori);
  return {
    idJadwal,
    isEvent,
    percobaan: Number(percobaan.n),
    kategori: kategori.map((k) => ({
      ...k,
      mapel: (mapelOf.get(k.id) ?? []).map((m) => ({
        id: m.id,
        nama: m.nama,
        waktu: m.waktu,
        soal: (soalOf.get(m.id) ?? []).map((s) => ({
          id: s.id,
          type: s.type,
          kunci: s.kunci,
          soal: s.soal,
          group_text_type: s.group_text_type,
          opsi_tetap: s.opsi_tetap,
          groups: (groupsOf.get(s.id) ?? []).map((g) => ({ id: g.id, kunci: g.kunci })),
        })),
      })),
    })),
  };
}
