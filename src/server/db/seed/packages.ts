import type { Transaction } from 'kysely';
import type { Database } from '../types';
import { insertRows, insertRowsReturningIds } from '../batch';
import {
  DAY,
  JADWAL,
  KATEGORI,
  opsiPaket,
  SOAL_EVENT,
  SOAL_REGULER,
  type JadwalDef,
  type JadwalRole,
} from './catalog';
import type { Generator, SoalDraft } from './questions/draft';
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

async function insertJadwal(
  trx: Transaction<Database>,
  rng: Rng,
  def: JadwalDef,
  now: number,
  hashes: Set<string>,
): Promise<JadwalSeed> {
  const tglAwal = now + def.mulai * DAY;
  const tglAkhir = now + def.akhir * DAY;
  const [idJadwal] = await insertRowsReturningIds(trx, 'jadwal', [
    {
      paket: def.paket,
      nama: def.nama,
      tgl_awal: tglAwal,
      tgl_akhir: tglAkhir,
      is_event: def.isEvent ? 1 : 0,
    },
  ]);

  const kategoriHashes = KATEGORI.map(() => uniqueHash(rng, hashes));
  const kategoriIds = await insertRowsReturningIds(
    trx,
    'kategori',
    KATEGORI.map((k, i) => ({
      id_jadwal: idJadwal,
      nama: k.nama,
      hash: kategoriHashes[i],
      urutan: i + 1,
      pembahasan: `/api/pdf/pembahasan/${idJadwal}/${kategoriHashes[i]}`,
    })),
  );

  const mapelDefs = KATEGORI.flatMap((k, ki) => k.mapel.map((m, mi) => ({ ...m, ki, mi })));
  const mapelIds = await insertRowsReturningIds(
    trx,
    'mapel',
    mapelDefs.map((m) => ({
      id_kategori: kategoriIds[m.ki],
      nama: m.nama,
      waktu: def.isEvent ? m.menitEvent : m.menitReguler,
      urutan: m.mi + 1,
    })),
  );

  const perMapel = mapelDefs.map((m) =>
    draftSubject(rng, m.generators, def.isEvent ? SOAL_EVENT : SOAL_REGULER, opsiPaket(def.isEvent)),
  );
  const flat = perMapel.flatMap((drafts, mi) =>
    drafts.map((draft, i) => ({ draft, idMapel: mapelIds[mi], nomor: i + 1 })),
  );
  const soalIds = await insertRowsReturningIds(
    trx,
    'soal',
    flat.map(({ draft, idMapel, nomor }) => ({
      id_mapel: idMapel,
      nomor,
      type: draft.type,
      soal: draft.soal,
      a: draft.options[0],
      b: draft.options[1],
      c: draft.options[2],
      d: draft.options[3],
      e: draft.options[4],
      kunci: draft.kunci,
      pembahasan: draft.pembahasan,
      group_text_type: draft.groupTextType,
    })),
  );

  const groupRows = flat.flatMap(({ draft }, i) =>
    draft.groups.map((g, urutan) => ({
      id_soal: soalIds[i],
      urutan: urutan + 1,
      pernyataan: g.pernyataan,
      kunci: g.kunci,
    })),
  );
  const groupIds = await insertRowsReturningIds(trx, 'soal_group', groupRows);
  let nextGroup = 0;
  const soal: SoalSeed[] = flat.map(({ draft, idMapel, nomor }, i) => {
    const ids = groupIds.slice(nextGroup, nextGroup + draft.groups.length);
    nextGroup += draft.groups.length;
    return { ...draft, id: soalIds[i], id_mapel: idMapel, nomor, groupIds: ids };
  });

  const kategori: KategoriSeed[] = KATEGORI.map((k, ki) => ({
    id: kategoriIds[ki],
    nama: k.nama,
    hash: kategoriHashes[ki],
    mapel: mapelDefs
      .map((m, mi) => ({ m, mi }))
      .filter(({ m }) => m.ki === ki)
      .map(({ m, mi }) => ({
        id: mapelIds[mi],
        nama: m.nama,
        waktu: def.isEvent ? m.menitEvent : m.menitReguler,
        soal: soal.filter((s) => s.id_mapel === mapelIds[mi]),
      })),
  }));
  return {
    role: def.role,
    id: idJadwal,
    paket: def.paket,
    isEvent: def.isEvent,
    tglAwal,
    tglAkhir,
    kategori,
  };
}

export async function insertPackages(
  trx: Transaction<Database>,
  rng: Rng,
  now: number,
): Promise<Record<JadwalRole, JadwalSeed>> {
  const hashes = new Set<string>();
  const out: Partial<Record<JadwalRole, JadwalSeed>> = {};
  for (const def of JADWAL) out[def.role] = await insertJadwal(trx, rng.fork(def.role), def, now, hashes);
  return out as Record<JadwalRole, JadwalSeed>;
}

/** Enrols students in schedules (`jadwal_peserta`). */
export async function enrol(
  trx: Transaction<Database>,
  pairs: readonly { id_jadwal: number; id_siswa: number }[],
): Promise<void> {
  await insertRows(trx, 'jadwal_peserta', pairs);
}
