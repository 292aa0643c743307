import path from 'node:path';
import type { Transaction } from 'kysely';
import type { InstitutionRules } from '../domain/studentType';
import { imporPaketDalam } from '../operator/imporPaket';
import type { Database } from '../db/types';
import { insertRows } from '../db/batch';
import {
  JADWAL,
  KATEGORI,
  opsiPaket,
  SOAL_EVENT,
  SOAL_REGULER,
  type JadwalDef,
  type JadwalRole,
} from './catalog';
import type { Generator, SoalDraft } from './questions/draft';
import type { PaketFile } from '../operator/paketFormat';
import { bacaPaketSeed, paketFilePath, paketFileSeed } from './paketFile';
import type { Rng } from './random';

/** Schedules with their categories, subjects and questions: what the attempts are generated against. */

export interface SoalSeed extends SoalDraft {
  id: number;
  id_mapel: number;
  nomor: number;
  /** soal_group ids in statement order (type 3). */
  groupIds: number[];
}

export interface MapelSeed {
  id: number;
  nama: string;
  waktu: number;
  soal: SoalSeed[];
}

export interface KategoriSeed {
  id: number;
  nama: string;
  hash: string;
  mapel: MapelSeed[];
}

export interface JadwalSeed {
  role: JadwalRole;
  id: number;
  paket: number;
  isEvent: boolean;
  tglAwal: number;
  tglAkhir: number;
  kategori: KategoriSeed[];
}

/** Questions of one subject: the subject's generators in order, each fed its own occurrence count. */
function draftSubject(rng: Rng, generators: Generator[], count: number, opsi: 4 | 5): SoalDraft[] {
  const used = new Map<Generator, number>();
  const offset = rng.int(0, 97);
  const drafts: SoalDraft[] = [];
  for (let i = 0; i < count; i += 1) {
    const generator = generators[i % generators.length];
    const occurrence = used.get(generator) ?? 0;
    used.set(generator, occurrence + 1);
    drafts.push(generator({ rng, opsi, maxKey: opsi === 4 ? 3 : 4, occurrence, offset }));
  }
  return drafts;
}

function uniqueHash(rng: Rng, taken: Set<string>): string {
  for (;;) {
    const hash = rng.token(16);
    if (!taken.has(hash)) {
      taken.add(hash);
      return hash;
    }
  }
}

/** The questions of a demo schedule, drawn from its generators in subject order. */
export function draftPaket(rng: Rng, def: JadwalDef): SoalDraft[][] {
  return KATEGORI.flatMap((k) => k.mapel).map((m) =>
    draftSubject(rng, m.generators, def.isEvent ? SOAL_EVENT : SOAL_REGULER, opsiPaket(def.isEvent)),
  );
}

/** The stream a demo schedule's hashes and questions are drawn from: its category hashes first, then questions. */
export function rancangPaket(rng: Rng, def: JadwalDef, hashes: Set<string>) {
  const kategoriHashes = KATEGORI.map(() => uniqueHash(rng, hashes));
  return { kategoriHashes, perMapel: draftPaket(rng, def) };
}

/**
 * One demo schedule loaded from its package file through the operator's import (validation included), with the
 * category hashes of the seed's stream so the demo stays deterministic. The drafts add what a file does not hold
 * (each question's simulated difficulty and plausible wrong answers) for the synthetic participants' answers.
 */
async function insertJadwal(
  trx: Transaction<Database>,
  rng: Rng,
  def: JadwalDef,
  now: number,
  hashes: Set<string>,
  rules: InstitutionRules,
): Promise<JadwalSeed> {
  const { kategoriHashes, perMapel } = rancangPaket(rng, def, hashes);
  let nextHash = 0;
  const written = await imporPaketDalam(
    trx,
    path.basename(paketFilePath(def)),
    bacaPaketSeed(def, now),
    rules,
    {
      buatHash: () => kategoriHashes[nextHash++],
    },
  );

  let mi = 0;
  const kategori: KategoriSeed[] = KATEGORI.map((k, ki) => ({
    id: written.kategori[ki].id,
    nama: k.nama,
    hash: written.kategori[ki].hash,
    mapel: k.mapel.map((m, mj) => {
      const mapel = written.kategori[ki].mapel[mj];
      const drafts = perMapel[mi++];
      return {
        id: mapel.id,
        nama: m.nama,
        waktu: def.isEvent ? m.menitEvent : m.menitReguler,
        soal: mapel.soal.map((s, si) => ({
          ...drafts[si],
          id: s.id,
          id_mapel: mapel.id,
          nomor: s.nomor,
          groupIds: s.groupIds,
        })),
      };
    }),
  }));
  return {
    role: def.role,
    id: written.idJadwal,
    paket: def.paket,
    isEvent: def.isEvent,
    tglAwal: written.tglAwal,
    tglAkhir: written.tglAkhir,
    kategori,
  };
}

export async function insertPackages(
  trx: Transaction<Database>,
  rng: Rng,
  now: number,
  rules: InstitutionRules,
): Promise<Record<JadwalRole, JadwalSeed>> {
  const hashes = new Set<string>();
  const out: Partial<Record<JadwalRole, JadwalSeed>> = {};
  for (const def of JADWAL)
    out[def.role] = await insertJadwal(trx, rng.fork(def.role), def, now, hashes, rules);
  return out as Record<JadwalRole, JadwalSeed>;
}

/**
 * The demo package files as the generators write them (`npm run seed -- --write-packages`), from the stream the
 * seed gives its packages (`new Rng(SEED).fork('paket')`).
 */
export function paketFilesSeed(paketRng: Rng): { def: JadwalDef; path: string; file: PaketFile }[] {
  const hashes = new Set<string>();
  return JADWAL.map((def) => ({
    def,
    path: paketFilePath(def),
    file: paketFileSeed(def, rancangPaket(paketRng.fork(def.role), def, hashes).perMapel),
  }));
}

/** Enrols students in schedules (`jadwal_peserta`). */
export async function enrol(
  trx: Transaction<Database>,
  pairs: readonly { id_jadwal: number; id_siswa: number }[],
): Promise<void> {
  await insertRows(trx, 'jadwal_peserta', pairs);
}
