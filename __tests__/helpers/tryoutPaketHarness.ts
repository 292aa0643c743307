/**
 * The package tryout's suites (preview, start, save, status, end, the window): two categories × two subjects of every
 * question type, an event schedule, one not yet open and one keyed E, four students; a Harness that calls the API as
 * one of them.
 */
import type { Executor } from '../../src/server/db/executor';
import { createAnswerRows } from '../../src/server/features/tryoutPaket/tulis';
import { buildTestApp, testClock, type TestContext } from './buildTestApp';
import { withRoundTrips } from './pgRoundTrips';
import { insertJadwal, insertKategori, insertMapel, insertSiswaMasuk, insertSoal } from './serverRows';

export const T0 = Date.UTC(2025, 0, 10, 3, 0, 0);
export const S = 1000;
export const DAY = 24 * 60 * 60 * S;

export interface Siswa {
  id: number;
  token: string;
}

export interface Fixture {
  /** Regular student outside the SMA interests: four choices. */
  reg4: Siswa;
  /** Regular student of SMA KELAS 12 IPA: five choices. */
  reg5: Siswa;
  /** TO Akbar student. */
  event: Siswa;
  /** Enrolled nowhere. */
  stranger: Siswa;
  jadwal: number;
  jadwalEvent: number;
  jadwalFuture: number;
  jadwalKunciE: number;
  mapel: { pu: number; pk: number; lbi: number; lbe: number; akbar: number; akbar2: number };
  soal: { pilihan: number; pernyataan: number; angka: number; esai: number; isian: number; pilihanE: number };
}

function insertSiswa(db: Executor, username: string, lembaga: string, minat: string): Promise<Siswa> {
  return insertSiswaMasuk(db, username, { now: T0, ttlMs: 30 * DAY }, { lembaga, minat });
}

/** A schedule of package `paket` open for 30 days from `tglAwal`. */
export function insertJadwal30(
  db: Executor,
  paket: number,
  isEvent: number,
  tglAwal: number,
): Promise<number> {
  return insertJadwal(db, { paket, tgl_awal: tglAwal, tgl_akhir: tglAwal + 30 * DAY, is_event: isEvent });
}

/** A category whose discussion is `/pembahasan/<hash>.pdf`. */
export function insertKategoriPaket(
  db: Executor,
  idJadwal: number,
  nama: string,
  hash: string,
  urutan: number,
) {
  return insertKategori(db, idJadwal, nama, hash, urutan, `/pembahasan/${hash}.pdf`);
}

/** A question of `type` whose text names its number and type; options a–e only for type 1. */
async function insertSoalTipe(
  db: Executor,
  idMapel: number,
  nomor: number,
  type: number,
  kunci: string,
  statements: [string, string][] = [],
): Promise<number> {
  const pilihan = type === 1;
  const { id } = await insertSoal(db, idMapel, {
    nomor,
    type,
    soal: `<p>Soal ${nomor} tipe ${type} — ½ café</p>`,
    kunci,
    options: pilihan
      ? { a: 'pilihan a', b: 'pilihan b', c: 'pilihan c', d: 'pilihan d', e: 'pilihan e' }
      : undefined,
    pembahasan: `RAHASIA-PEMBAHASAN-${nomor}`,
    statements: statements.map(([pernyataan, k]) => ({ pernyataan, kunci: k })),
    groupTextType: 2,
  });
  return id;
}

/** Two categories × two subjects of all question types, an event schedule and one not yet open. */
async function seedFixture(db: Executor): Promise<Fixture> {
  const reg4 = await insertSiswa(db, 'reg4', 'SiapTes', 'SMP KELAS 9');
  const reg5 = await insertSiswa(db, 'reg5', 'tutorindonesia', 'SMA KELAS 12 IPA');
  const event = await insertSiswa(db, 'akbar', 'TO Akbar', 'SMA KELAS 12 IPA');
  const stranger = await insertSiswa(db, 'lain', 'SiapTes', 'SMA KELAS 12 IPA');

  const jadwal = await insertJadwal30(db, 7, 0, T0 - DAY);
  // Inserted out of order: the queue follows `urutan`, not ids.
  const kLit = await insertKategoriPaket(db, jadwal, 'Literasi', 'litHash02', 2);
  const kTps = await insertKategoriPaket(db, jadwal, 'TPS', 'tpsHash01', 1);
  const pk = await insertMapel(db, kTps, 'Pengetahuan Kuantitatif', 2, 5);
  const pu = await insertMapel(db, kTps, 'Penalaran Umum', 1, 10);
  const lbi = await insertMapel(db, kLit, 'Literasi Bahasa Indonesia', 1, 5);
  const lbe = await insertMapel(db, kLit, 'Literasi Bahasa Inggris', 2, 5);
  const esai = await insertSoalTipe(db, pu, 4, 4, 'jawaban model');
  const pilihan = await insertSoalTipe(db, pu, 1, 1, 'B');
  const pernyataan = await insertSoalTipe(db, pu, 2, 3, '', [
    ['Pernyataan satu', 'Y'],
    ['Pernyataan dua', 'N'],
    ['Pernyataan tiga', 'Y'],
  ]);
  const angka = await insertSoalTipe(db, pu, 3, 5, '0,5');
  const isian = await insertSoalTipe(db, pk, 1, 2, 'Jakarta');
  // Option E has text, but the key stays within A–D: four-choice students may take this category.
  const pilihanE = await insertSoalTipe(db, pk, 2, 1, 'D');
  await insertSoalTipe(db, lbi, 1, 1, 'A');
  await insertSoalTipe(db, lbe, 1, 1, 'C');

  const jadwalEvent = await insertJadwal30(db, 8, 1, T0 - DAY);
  const kAkbar = await insertKategoriPaket(db, jadwalEvent, 'TO Akbar', 'akbarHash1', 1);
  const akbar = await insertMapel(db, kAkbar, 'Penalaran Matematika', 1, 10);
  await insertSoalTipe(db, akbar, 1, 1, 'D');
  // The event's second subject; its one question reads "Soal 7 tipe 1", a text no other question has.
  const akbar2 = await insertMapel(db, kAkbar, 'Literasi dalam Bahasa Inggris', 2, 5);
  await insertSoalTipe(db, akbar2, 7, 1, 'B');

  const jadwalFuture = await insertJadwal30(db, 9, 0, T0 + DAY);
  const kFuture = await insertKategoriPaket(db, jadwalFuture, 'Nanti', 'nantiHash1', 1);
  const mFuture = await insertMapel(db, kFuture, 'Penalaran Umum', 1, 10);
  await insertSoalTipe(db, mFuture, 1, 1, 'A');

  // A category with a question keyed E: only students who see option E may take it.
  const jadwalKunciE = await insertJadwal30(db, 6, 0, T0 - DAY);
  const kKunciE = await insertKategoriPaket(db, jadwalKunciE, 'Lima Pilihan', 'limaHash01', 1);
  const mKunciE = await insertMapel(db, kKunciE, 'Penalaran Umum', 1, 10);
  await insertSoalTipe(db, mKunciE, 1, 1, 'A');
  await insertSoalTipe(db, mKunciE, 2, 1, 'E');

  const peserta = [
    [jadwalKunciE, reg4.id],
    [jadwalKunciE, reg5.id],
    [jadwal, reg4.id],
    [jadwal, reg5.id],
    [jadwal, event.id],
    [jadwalEvent, event.id],
    [jadwalFuture, reg4.id],
  ].map(([id_jadwal, id_siswa]) => ({ id_jadwal, id_siswa }));
  await db.insertInto('jadwal_peserta').values(peserta).execute();

  return {
    reg4,
    reg5,
    event,
    stranger,
    jadwal,
    jadwalEvent,
    jadwalFuture,
    jadwalKunciE,
    mapel: { pu, pk, lbi, lbe, akbar, akbar2 },
    soal: { pilihan, pernyataan, angka, esai, isian, pilihanE },
  };
}

export interface Reply {
  statusCode: number;
  body: {
    status: boolean;
    message?: string;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions
    content?: any;
  };
  text: string;
}

/** A call's HTTP status and how many queries its PostgreSQL clients sent while it ran. */
export async function roundTrips(
  call: () => Promise<Reply>,
): Promise<{ statusCode: number; roundTrips: number }> {
  const { result, roundTrips } = await withRoundTrips(call);
  return { statusCode: result.statusCode, roundTrips };
}

export class Harness {
  constructor(
    readonly ctx: TestContext,
    readonly f: Fixture,
  ) {}

  async call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    who: Siswa | null,
    payload?: object,
  ): Promise<Reply> {
    const res = await this.ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: who ? { key: who.token } : {},
      ...(payload ? { payload } : {}),
    });
    return { statusCode: res.statusCode, body: res.json(), text: res.body };
  }

  preview(who: Siswa, paket = 7, id = this.f.jadwal) {
    return this.call('GET', `/siswa/tryout/preview/paket/${paket}/id/${id}`, who);
  }

  start(who: Siswa, hash = 'tpsHash01', id = this.f.jadwal, idSiswa = who.id) {
    return this.call('POST', `/siswa/tryout/start/id/${id}/kategori/${hash}`, who, { id_siswa: idSiswa });
  }

  end(who: Siswa, hash = 'tpsHash01', id = this.f.jadwal, idSiswa = who.id) {
    return this.call('POST', `/siswa/tryout/end/id/${id}/kategori/${hash}`, who, { id_siswa: idSiswa });
  }

  save(who: Siswa, body: Record<string, unknown>, id = this.f.jadwal) {
    return this.call('PUT', `/siswa/tryout/saveanswer/id/${id}`, who, {
      sisa_waktu: 100,
      operation: 'save',
      ...body,
    });
  }

  status(
    who: Siswa,
    idMapel: number,
    sisaWaktu: number,
    status: 0 | 1,
    hash = 'tpsHash01',
    id = this.f.jadwal,
  ) {
    return this.call('PUT', `/siswa/tryout/statusmapel/id/${id}`, who, {
      id_siswa: who.id,
      id_mapel: idMapel,
      kategori: hash,
      sisa_waktu: sisaWaktu,
      status,
    });
  }

  async clockRow(idHasilTo: number, idMapel: number) {
    return this.ctx.db
      .selectFrom('mapel_waktu')
      .selectAll()
      .where('id_hasil_to', '=', idHasilTo)
      .where('id_mapel', '=', idMapel)
      .executeTakeFirstOrThrow();
  }

  /**
   * The answer row of a question of a subject not shown yet. A start no longer writes such rows; an attempt started
   * before answer rows were written a subject at a time has them, so they are written here as it did.
   */
  async idJawaban(idHasilTo: number, idSoal: number): Promise<number> {
    const { id_mapel } = await this.ctx.db
      .selectFrom('soal')
      .select('id_mapel')
      .where('id', '=', idSoal)
      .executeTakeFirstOrThrow();
    await createAnswerRows(this.ctx.db, { idHasilTo, idMapel: [id_mapel], now: T0 });
    const row = await this.ctx.db
      .selectFrom('jawaban')
      .select('id')
      .where('id_hasil_to', '=', idHasilTo)
      .where('id_soal', '=', idSoal)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async count(table: 'hasil_to' | 'jawaban' | 'jawaban_group' | 'mapel_waktu' | 'hasil_mapel') {
    const row = await this.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

export interface StartedSoal {
  id_soal: number;
  id_jawaban: number;
  type: number;
  jawaban_siswa: string;
  e: string;
  group_soal: { id_jawaban_group: number; soal: string; jawaban: string }[];
}

export function soalOf(reply: Reply, idSoal: number): StartedSoal {
  const found = (reply.body.content.soal as StartedSoal[]).find((s) => s.id_soal === idSoal);
  if (!found) throw new Error(`soal ${idSoal} not in start answer`);
  return found;
}

export async function harness(): Promise<Harness> {
  let fixture: Fixture | undefined;
  const ctx = await buildTestApp({
    clock: testClock(T0),
    seed: async (db) => {
      fixture = await seedFixture(db);
    },
  });
  if (!fixture) throw new Error('fixture not seeded');
  return new Harness(ctx, fixture);
}
