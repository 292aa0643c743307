/**
 * `siaptes import-paket FILE.json`: a package and its schedule, checked whole (file and database) before one
 * transaction writes it. Re-importing the same package id updates the rows in place, matched by position (category
 * order, subject order, question number), so ids and links stay; with attempts only texts may change.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { chunks, insertRowsReturningIds } from '../db/batch';
import type { Executor } from '../db/executor';
import type { Database } from '../db/types';
import type { InstitutionRules } from '../domain/studentType';
import { FileBermasalah, type Masalah } from './masalah';
import { jadwalPaket, muatPaketAda, type PaketAda } from './paketDb';
import type { PaketFile, SoalFile } from './paketFormat';
import { pesertaPaket, periksaEmpatPilihan, periksaPerubahan, periksaPtn } from './periksaDb';
import { masalahDi, parseTanggal, periksaPaketFile } from './periksaPaket';
import { segarkanHasilTersimpan } from '../scoring/penutupan';
import { tulisPeserta, tulisPtn } from './tulisPeserta';
import { simpanKonten, type Berkas } from '../konten/kontenStore';
import { siapkanKonten } from './kontenPaket';
import { siapkanRumusMapel } from '../pdf/rumusTersimpan';

export interface OpsiImporPaket {
  dryRun?: boolean;
  /** A new category's link hash; random by default (the seed passes its deterministic one). */
  buatHash?: () => string;
}

export interface SoalTertulis {
  id: number;
  nomor: number;
  groupIds: number[];
}
export interface PaketTertulis {
  idJadwal: number;
  /** True when the package id was new. */
  baru: boolean;
  tglAwal: number;
  tglAkhir: number;
  kategori: { id: number; hash: string; mapel: { id: number; soal: SoalTertulis[] }[] }[];
  peserta: number;
  percobaan: number;
}

/** What a checked file will do: its data, the enrolled students, the package as it is now. */
interface Rencana {
  paket: PaketFile;
  peserta: number[];
  pilihanSiswa: Map<string, number>;
  ada: PaketAda | null;
  /** The images the questions embed, for the content store. */
  berkas: Berkas[];
}

/** Every problem of the file and against the database; the plan when there is none. */
async function rencanakan(
  db: Executor,
  fileName: string,
  data: unknown,
  rules: InstitutionRules,
): Promise<Rencana> {
  const masalah: Masalah[] = periksaPaketFile(fileName, data);
  const shapeOk = masalah.length === 0;
  // The database checks need the parts they read in shape; when they are not, the file's own problems stand.
  let root = data as PaketFile;
  let berkas: Berkas[] = [];
  if (shapeOk) {
    const siap = siapkanKonten(fileName, root);
    masalah.push(...siap.masalah);
    ({ paket: root, berkas } = siap);
  }
  const canResolve = shapeOk || (Array.isArray(root?.kategori) && typeof root?.jadwal?.peserta === 'object');
  if (!canResolve) throw new FileBermasalah(masalah);

  const peserta = await pesertaPaket(db, root, fileName, masalah);
  if (Array.isArray(root.kategori) && root.kategori.every((k) => Array.isArray(k?.mapel)))
    periksaEmpatPilihan(root, fileName, peserta, rules, masalah);
  const pilihanSiswa = await periksaPtn(db, root, fileName, masalah);

  let ada: PaketAda | null = null;
  if (typeof root.paket === 'number') {
    const existing = await jadwalPaket(db, root.paket);
    if (existing.length > 1) {
      masalah.push(
        masalahDi(
          fileName,
          root,
          '/paket',
          `package ${root.paket} has ${existing.length} schedules; it cannot be updated from one file`,
        ),
      );
    } else if (existing.length === 1) {
      ada = await muatPaketAda(db, existing[0].id, existing[0].is_event === 1);
      if (shapeOk) periksaPerubahan(root, fileName, ada, masalah);
    }
  }
  if (masalah.length > 0) throw new FileBermasalah(masalah);
  return { paket: root, peserta: peserta.map((s) => s.id), pilihanSiswa, ada, berkas };
}

interface Slot<R> {
  parent: number;
  index: number;
  row: R;
}

/**
 * One level of the tree matched by position under each parent: existing rows are updated, missing ones inserted in
 * one multi-row statement per slice, rows beyond the file's deleted (cascading to their children). Returns the
 * ids in the order of `slots`.
 */
async function sinkron<R>(
  slots: readonly Slot<R>[],
  existing: ReadonlyMap<number, readonly number[]>,
  ops: {
    update(id: number, row: R): Promise<void>;
    insert(rows: Slot<R>[]): Promise<number[]>;
    remove(ids: number[]): Promise<void>;
  },
): Promise<number[]> {
  const ids: (number | null)[] = slots.map((s) => existing.get(s.parent)?.[s.index] ?? null);
  for (const [i, id] of ids.entries()) if (id !== null) await ops.update(id, slots[i].row);
  const fresh = slots.map((s, i) => ({ s, i })).filter(({ i }) => ids[i] === null);
  const inserted = fresh.length > 0 ? await ops.insert(fresh.map(({ s }) => s)) : [];
  fresh.forEach(({ i }, n) => {
    ids[i] = inserted[n];
  });
  const kept = new Set(ids);
  const extra = [...existing.values()].flat().filter((id) => !kept.has(id));
  if (extra.length > 0) await ops.remove(extra);
  return ids as number[];
}

function soalKolom(s: SoalFile) {
  return {
    type: s.type,
    soal: s.soal,
    a: s.opsi?.a ?? '',
    b: s.opsi?.b ?? '',
    c: s.opsi?.c ?? '',
    d: s.opsi?.d ?? '',
    e: s.opsi?.e ?? '',
    opsi_tetap: s.type === 1 ? (s.opsi_tetap ?? '') : '',
    kunci: s.type === 3 ? '' : (s.kunci ?? '').trim(),
    pembahasan: s.pembahasan ?? '',
    group_text_type: s.type === 3 ? (s.group_text_type ?? null) : null,
  };
}

const byParent = (rows: readonly { id: number; parent: number }[]) => {
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.parent, [...(out.get(r.parent) ?? []), r.id]);
  return out;
};

async function tulis(
  trx: Transaction<Database>,
  rencana: Rencana,
  options: OpsiImporPaket,
): Promise<PaketTertulis> {
  const { paket, ada } = rencana;
  const tglAwal = parseTanggal(paket.jadwal.tgl_awal) as number;
  const tglAkhir = parseTanggal(paket.jadwal.tgl_akhir) as number;
  const jadwalRow = {
    paket: paket.paket,
    nama: paket.nama,
    tgl_awal: tglAwal,
    tgl_akhir: tglAkhir,
    is_event: paket.jadwal.is_event ? 1 : 0,
    // Shuffling defaults to on for events (students side by side) and off for regular packages.
    acak_soal: (paket.acak_soal ?? paket.jadwal.is_event) ? 1 : 0,
    acak_opsi: (paket.acak_opsi ?? paket.jadwal.is_event) ? 1 : 0,
  };
  let idJadwal: number;
  if (ada) {
    idJadwal = ada.idJadwal;
    // A new version of the package's definitions: processes drop what they kept of the old (tryoutPaket/isiPaket).
    await trx
      .updateTable('jadwal')
      .set({ ...jadwalRow, versi_isi: sql`versi_isi + 1` })
      .where('id', '=', idJadwal)
      .execute();
  } else {
    [idJadwal] = await insertRowsReturningIds(trx, 'jadwal', [jadwalRow]);
  }
  const buatHash = options.buatHash ?? (() => randomBytes(8).toString('hex'));
  await simpanKonten(trx, rencana.berkas, Date.now());

  // Categories.
  const kategoriAda = ada?.kategori ?? [];
  const hashes = paket.kategori.map((_, ki) => kategoriAda[ki]?.hash ?? buatHash());
  const kategoriIds = await sinkron(
    paket.kategori.map((k, index) => ({
      parent: idJadwal,
      index,
      row: { k, hash: hashes[index], urutan: index + 1 },
    })),
    new Map([[idJadwal, kategoriAda.map((k) => k.id)]]),
    {
      update: async (id, { k, urutan }) => {
        await trx
          .updateTable('kategori')
          .set({ nama: k.nama, urutan, ...(k.pembahasan_url ? { pembahasan: k.pembahasan_url } : {}) })
          .where('id', '=', id)
          .execute();
      },
      insert: (rows) =>
        insertRowsReturningIds(
          trx,
          'kategori',
          rows.map(({ row: { k, hash, urutan } }) => ({
            id_jadwal: idJadwal,
            nama: k.nama,
            hash,
            urutan,
            pembahasan: k.pembahasan_url || `/api/pdf/pembahasan/${idJadwal}/${hash}`,
          })),
        ),
      remove: async (ids) => {
        await trx.deleteFrom('kategori').where('id', 'in', ids).execute();
      },
    },
  );

  // Subjects.
  const mapelSlots = paket.kategori.flatMap((k, ki) =>
    k.mapel.map((m, index) => ({ parent: kategoriIds[ki], index, row: { m, urutan: index + 1 } })),
  );
  const mapelIds = await sinkron(
    mapelSlots,
    byParent(kategoriAda.flatMap((k) => k.mapel.map((m) => ({ id: m.id, parent: k.id })))),
    {
      update: async (id, { m, urutan }) => {
        await trx
          .updateTable('mapel')
          .set({ nama: m.nama, waktu: m.waktu, urutan })
          .where('id', '=', id)
          .execute();
      },
      insert: (rows) =>
        insertRowsReturningIds(
          trx,
          'mapel',
          rows.map(({ parent, row: { m, urutan } }) => ({
            id_kategori: parent,
            nama: m.nama,
            waktu: m.waktu,
            urutan,
          })),
        ),
      remove: async (ids) => {
        await trx.deleteFrom('mapel').where('id', 'in', ids).execute();
      },
    },
  );

  // Questions.
  const soalSlots = mapelSlots.flatMap((slot, mi) =>
    slot.row.m.soal.map((s, index) => ({ parent: mapelIds[mi], index, row: s })),
  );
  const mapelAda = kategoriAda.flatMap((k) => k.mapel);
  const soalIds = await sinkron(
    soalSlots,
    byParent(mapelAda.flatMap((m) => m.soal.map((s) => ({ id: s.id, parent: m.id })))),
    {
      update: async (id, s) => {
        await trx.updateTable('soal').set(soalKolom(s)).where('id', '=', id).execute();
      },
      insert: (rows) =>
        insertRowsReturningIds(
          trx,
          'soal',
          rows.map(({ parent, index, row }) => ({ id_mapel: parent, nomor: index + 1, ...soalKolom(row) })),
        ),
      remove: async (ids) => {
        for (const chunk of chunks(ids)) await trx.deleteFrom('soal').where('id', 'in', chunk).execute();
      },
    },
  );

  // Statements of type 3 questions.
  const groupSlots = soalSlots.flatMap((slot, si) =>
    (slot.row.type === 3 ? (slot.row.pernyataan ?? []) : []).map((g, index) => ({
      parent: soalIds[si],
      index,
      row: { pernyataan: g.teks, kunci: g.kunci, urutan: index + 1 },
    })),
  );
  const soalAda = mapelAda.flatMap((m) => m.soal);
  const groupIds = await sinkron(
    groupSlots,
    byParent(soalAda.flatMap((s) => s.groups.map((g) => ({ id: g.id, parent: s.id })))),
    {
      update: async (id, row) => {
        await trx.updateTable('soal_group').set(row).where('id', '=', id).execute();
      },
      insert: (rows) =>
        insertRowsReturningIds(
          trx,
          'soal_group',
          rows.map(({ parent, row }) => ({ id_soal: parent, ...row })),
        ),
      remove: async (ids) => {
        for (const chunk of chunks(ids))
          await trx.deleteFrom('soal_group').where('id', 'in', chunk).execute();
      },
    },
  );

  await tulisPeserta(trx, idJadwal, rencana.peserta);
  await tulisPtn(trx, rencana.paket.ptn, rencana.pilihanSiswa);

  const groupsOf = new Map<number, number[]>();
  groupSlots.forEach((slot, i) =>
    groupsOf.set(slot.parent, [...(groupsOf.get(slot.parent) ?? []), groupIds[i]]),
  );
  let si = 0;
  let mi = 0;
  return {
    idJadwal,
    baru: ada === null,
    tglAwal,
    tglAkhir,
    kategori: paket.kategori.map((k, ki) => ({
      id: kategoriIds[ki],
      hash: hashes[ki],
      mapel: k.mapel.map((m) => {
        const idMapel = mapelIds[mi++];
        return {
          id: idMapel,
          soal: m.soal.map((_, index) => {
            const id = soalIds[si++];
            return { id, nomor: index + 1, groupIds: groupsOf.get(id) ?? [] };
          }),
        };
      }),
    })),
    peserta: rencana.peserta.length,
    percobaan: ada?.percobaan ?? 0,
  };
}

/** Checks and writes one package inside the caller's transaction (the seed loads its packages this way). */
export async function imporPaketDalam(
  trx: Transaction<Database>,
  fileName: string,
  data: unknown,
  rules: InstitutionRules,
  options: OpsiImporPaket = {},
): Promise<PaketTertulis> {
  return tulis(trx, await rencanakan(trx, fileName, data, rules), options);
}

/** Raised inside the transaction to undo a dry run once everything has been checked and counted. */
class DryRun extends Error {
  constructor(readonly hasil: PaketTertulis) {
    super('dry run');
  }
}

/**
 * Checks a package file and writes it in one transaction; throws FileBermasalah with every problem, having written
 * nothing. A dry run checks and writes exactly the same, then rolls back: what it reports is what would happen.
 */
export async function imporPaket(
  db: Executor,
  fileName: string,
  data: unknown,
  rules: InstitutionRules,
  options: OpsiImporPaket = {},
): Promise<PaketTertulis & { dryRun: boolean }> {
  try {
    const hasil = await db.transaction().execute(async (trx) => {
      const written = await imporPaketDalam(trx, fileName, data, rules, options);
      if (options.dryRun) throw new DryRun(written);
      return written;
    });
    // Programmes, choices or enrolment changed: closed schedules' stored ranks and statuses follow.
    await segarkanHasilTersimpan(db);
    // Typeset now, once, rather than in the first student's PDF (seconds for a long subject with math).
    await siapkanRumusMapel(
      db,
      hasil.kategori.flatMap((k) => k.mapel.map((m) => m.id)),
    );
    return { ...hasil, dryRun: false };
  } catch (error) {
    if (error instanceof DryRun) return { ...error.hasil, dryRun: true };
    throw error;
  }
}
