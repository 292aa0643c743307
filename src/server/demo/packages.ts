import path from 'node:path';
import type { Transaction } from 'kysely';
import type { InstitutionRules } from '../domain/studentType';
import { imporPaketDalam, type SoalTertulis } from '../operator/imporPaket';
import type { SoalFile } from '../operator/paketFormat';
import type { Database } from '../db/types';
import { insertRows } from '../db/batch';
import { JADWAL, type JadwalDef, type JadwalRole } from './catalog';
import { bacaPaketSeed, bacaSimulasi, paketFilePath, type SimulasiSoal } from './paketFile';
import type { Rng } from './random';

/** Schedules with their categories, subjects and questions: what the attempts are generated against. */

/** A package question as the simulated participants answer it: its keys from the file, its model from `simulasi/`. */
export interface SoalSeed {
  id: number;
  id_mapel: number;
  nomor: number;
  /** soal_group ids in statement order (type 3). */
  groupIds: number[];
  type: SoalFile['type'];
  /** Type 1: the key letter; 2 and 5: the expected answer; 4: the model answer; 3: ''. */
  kunci: string;
  /** a..e as the sheet shows them; '' for an option it does not show (all '' for types other than 1). */
  options: string[];
  /** Type 3: the statements' keys in order. */
  groups: { kunci: 'Y' | 'N' }[];
  /** Rasch difficulty (logits) used only to simulate participants' answers. */
  difficulty: number;
  /** Plausible wrong answers a participant may type (types 2 and 5). */
  jawabanSalah: string[];
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

function uniqueHash(rng: Rng, taken: Set<string>): string {
  for (;;) {
    const hash = rng.token(16);
    if (!taken.has(hash)) {
      taken.add(hash);
      return hash;
    }
  }
}

/** One question of a package file with its simulation entry, as the participants' answers need it. */
function soalSeed(soal: SoalFile, simulasi: SimulasiSoal, tertulis: SoalTertulis, idMapel: number): SoalSeed {
  const opsi = soal.opsi;
  return {
    id: tertulis.id,
    id_mapel: idMapel,
    nomor: tertulis.nomor,
    groupIds: tertulis.groupIds,
    type: soal.type,
    kunci: soal.kunci ?? '',
    options: opsi ? [opsi.a, opsi.b, opsi.c, opsi.d, opsi.e ?? ''] : ['', '', '', '', ''],
    groups: (soal.pernyataan ?? []).map((p) => ({ kunci: p.kunci })),
    difficulty: simulasi.kesulitan,
    jawabanSalah: simulasi.jawaban_salah ?? [],
  };
}

/**
 * One demo schedule loaded from its package file through the operator's import (validation included), with the
 * category hashes drawn from the seed's stream so the demo stays deterministic.
 */
async function insertJadwal(
  trx: Transaction<Database>,
  rng: Rng,
  def: JadwalDef,
  now: number,
  hashes: Set<string>,
  rules: InstitutionRules,
): Promise<JadwalSeed> {
  const file = bacaPaketSeed(def, now);
  const simulasi = bacaSimulasi(def);
  const kategoriHashes = file.kategori.map(() => uniqueHash(rng, hashes));
  let nextHash = 0;
  const written = await imporPaketDalam(trx, path.basename(paketFilePath(def)), file, rules, {
    buatHash: () => kategoriHashes[nextHash++],
  });

  const kategori: KategoriSeed[] = file.kategori.map((k, ki) => ({
    id: written.kategori[ki].id,
    nama: k.nama,
    hash: written.kategori[ki].hash,
    mapel: k.mapel.map((m, mj) => {
      const mapel = written.kategori[ki].mapel[mj];
      const model = simulasi[m.nama] ?? [];
      if (model.length !== m.soal.length)
        throw new Error(`simulasi ${def.paket} ${m.nama}: ${model.length} entri untuk ${m.soal.length} soal`);
      return {
        id: mapel.id,
        nama: m.nama,
        waktu: m.waktu,
        soal: m.soal.map((s, si) => soalSeed(s, model[si], mapel.soal[si], mapel.id)),
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

/** Enrols students in schedules (`jadwal_peserta`). */
export async function enrol(
  trx: Transaction<Database>,
  pairs: readonly { id_jadwal: number; id_siswa: number }[],
): Promise<void> {
  await insertRows(trx, 'jadwal_peserta', pairs);
}
