import type { Executor } from '../../../../src/server/db/executor';
import { DEMO } from '../../../../src/server/demo';
import { createAnswerRows } from '../../../../src/server/features/tryoutPaket/queries/hasilTo';
import { eksporHasil } from '../../../../src/server/operator/ekspor';
import { penutupanSelesai } from '../../../../src/server/scoring/tugasPenutupan';
import { buildTestApp, testClock, type TestContext } from '../../../helpers/buildTestApp';
import { insertSesi, insertSiswaRow } from '../../../helpers/serverRows';
import { buildSeededTestApp, loginAs, type SeededTestContext } from '../../../helpers/seeded';
import { onPostgres, withRoundTrips } from '../../../helpers/pgRoundTrips';

const T0 = Date.UTC(2025, 0, 10, 3, 0, 0);
const S = 1000;
const DAY = 24 * 60 * 60 * S;

interface Siswa {
  id: number;
  token: string;
}

interface Fixture {
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

async function insertSiswa(db: Executor, username: string, lembaga: string, minat: string): Promise<Siswa> {
  const id = await insertSiswaRow(db, username, { nama_lengkap: `Siswa ${username}`, lembaga, minat });
  const token = `token-${username}`;
  await insertSesi(db, id, token, T0, T0 + 30 * DAY);
  return { id, token };
}

async function insertJadwal(db: Executor, paket: number, isEvent: number, tglAwal: number): Promise<number> {
  const row = await db
    .insertInto('jadwal')
    .values({
      paket,
      nama: `Paket ${paket}`,
      tgl_awal: tglAwal,
      tgl_akhir: tglAwal + 30 * DAY,
      is_event: isEvent,
      irt_calibrated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertKategori(db: Executor, idJadwal: number, nama: string, hash: string, urutan: number) {
  const row = await db
    .insertInto('kategori')
    .values({ id_jadwal: idJadwal, nama, hash, urutan, pembahasan: `/pembahasan/${hash}.pdf` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertMapel(db: Executor, idKategori: number, nama: string, waktu: number, urutan: number) {
  const row = await db
    .insertInto('mapel')
    .values({ id_kategori: idKategori, nama, waktu, urutan })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertSoal(
  db: Executor,
  idMapel: number,
  nomor: number,
  type: number,
  kunci: string,
  statements: [string, string][] = [],
): Promise<number> {
  const row = await db
    .insertInto('soal')
    .values({
      id_mapel: idMapel,
      nomor,
      type,
      soal: `<p>Soal ${nomor} tipe ${type} — ½ café</p>`,
      a: type === 1 ? 'pilihan a' : '',
      b: type === 1 ? 'pilihan b' : '',
      c: type === 1 ? 'pilihan c' : '',
      d: type === 1 ? 'pilihan d' : '',
      e: type === 1 ? 'pilihan e' : '',
      kunci,
      pembahasan: `RAHASIA-PEMBAHASAN-${nomor}`,
      group_text_type: type === 3 ? 2 : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, [pernyataan, kunciGroup]] of statements.entries()) {
    await db
      .insertInto('soal_group')
      .values({ id_soal: row.id, urutan: i + 1, pernyataan, kunci: kunciGroup })
      .execute();
  }
  return row.id;
}

/** Two categories × two subjects of all question types, an event schedule and one not yet open. */
async function seedFixture(db: Executor): Promise<Fixture> {
  const reg4 = await insertSiswa(db, 'reg4', 'SiapTes', 'SMP KELAS 9');
  const reg5 = await insertSiswa(db, 'reg5', 'tutorindonesia', 'SMA KELAS 12 IPA');
  const event = await insertSiswa(db, 'akbar', 'TO Akbar', 'SMA KELAS 12 IPA');
  const stranger = await insertSiswa(db, 'lain', 'SiapTes', 'SMA KELAS 12 IPA');

  const jadwal = await insertJadwal(db, 7, 0, T0 - DAY);
  // Inserted out of order: the queue follows `urutan`, not ids.
  const kLit = await insertKategori(db, jadwal, 'Literasi', 'litHash02', 2);
  const kTps = await insertKategori(db, jadwal, 'TPS', 'tpsHash01', 1);
  const pk = await insertMapel(db, kTps, 'Pengetahuan Kuantitatif', 5, 2);
  const pu = await insertMapel(db, kTps, 'Penalaran Umum', 10, 1);
  const lbi = await insertMapel(db, kLit, 'Literasi Bahasa Indonesia', 5, 1);
  const lbe = await insertMapel(db, kLit, 'Literasi Bahasa Inggris', 5, 2);
  const esai = await insertSoal(db, pu, 4, 4, 'jawaban model');
  const pilihan = await insertSoal(db, pu, 1, 1, 'B');
  const pernyataan = await insertSoal(db, pu, 2, 3, '', [
    ['Pernyataan satu', 'Y'],
    ['Pernyataan dua', 'N'],
    ['Pernyataan tiga', 'Y'],
  ]);
  const angka = await insertSoal(db, pu, 3, 5, '0,5');
  const isian = await insertSoal(db, pk, 1, 2, 'Jakarta');
  // Option E has text, but the key stays within A–D: four-choice students may take this category.
  const pilihanE = await insertSoal(db, pk, 2, 1, 'D');
  await insertSoal(db, lbi, 1, 1, 'A');
  await insertSoal(db, lbe, 1, 1, 'C');

  const jadwalEvent = await insertJadwal(db, 8, 1, T0 - DAY);
  const kAkbar = await insertKategori(db, jadwalEvent, 'TO Akbar', 'akbarHash1', 1);
  const akbar = await insertMapel(db, kAkbar, 'Penalaran Matematika', 10, 1);
  await insertSoal(db, akbar, 1, 1, 'D');
  // The event's second subject; its one question reads "Soal 7 tipe 1", a text no other question has.
  const akbar2 = await insertMapel(db, kAkbar, 'Literasi dalam Bahasa Inggris', 5, 2);
  await insertSoal(db, akbar2, 7, 1, 'B');

  const jadwalFuture = await insertJadwal(db, 9, 0, T0 + DAY);
  const kFuture = await insertKategori(db, jadwalFuture, 'Nanti', 'nantiHash1', 1);
  const mFuture = await insertMapel(db, kFuture, 'Penalaran Umum', 10, 1);
  await insertSoal(db, mFuture, 1, 1, 'A');

  // A category with a question keyed E: only students who see option E may take it.
  const jadwalKunciE = await insertJadwal(db, 6, 0, T0 - DAY);
  const kKunciE = await insertKategori(db, jadwalKunciE, 'Lima Pilihan', 'limaHash01', 1);
  const mKunciE = await insertMapel(db, kKunciE, 'Penalaran Umum', 10, 1);
  await insertSoal(db, mKunciE, 1, 1, 'A');
  await insertSoal(db, mKunciE, 2, 1, 'E');

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

interface Reply {
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
async function roundTrips(call: () => Promise<Reply>): Promise<{ statusCode: number; roundTrips: number }> {
  const { result, roundTrips } = await withRoundTrips(call);
  return { statusCode: result.statusCode, roundTrips };
}

class Harness {
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

interface StartedSoal {
  id_soal: number;
  id_jawaban: number;
  type: number;
  jawaban_siswa: string;
  e: string;
  group_soal: { id_jawaban_group: number; soal: string; jawaban: string }[];
}

function soalOf(reply: Reply, idSoal: number): StartedSoal {
  const found = (reply.body.content.soal as StartedSoal[]).find((s) => s.id_soal === idSoal);
  if (!found) throw new Error(`soal ${idSoal} not in start answer`);
  return found;
}

async function harness(): Promise<Harness> {
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

describe('preview', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.ctx.close());

  (onPostgres ? it : it.skip)(
    "reads a preview in one round trip to PostgreSQL once the package's definitions are kept",
    async () => {
      expect((await h.start(h.f.reg4)).statusCode).toBe(200);
      // The session and the package's subjects and question counts read once before.
      expect((await h.preview(h.f.reg4)).statusCode).toBe(200);
      // The schedule with the enrolment, the attempts and their clocks: nothing of the package.
      expect(await roundTrips(() => h.preview(h.f.reg4))).toEqual({ statusCode: 200, roundTrips: 1 });
    },
  );

  it('lists categories and subjects in order, with their queues', async () => {
    const res = await h.preview(h.f.reg4);
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
    const [tps, lit] = res.body.content.detailPaket;
    expect(res.body.content.paket).toBe(7);
    expect(tps).toMatchObject({
      kategori: 'TPS',
      kategoriHash: 'tpsHash01',
      jumlah_soal: 6,
      waktu: 15,
      is_selesai: 0,
      is_antrian: 0,
      pembahasan: '',
    });
    expect(tps.detailSoal).toEqual([
      {
        mapel: 'Penalaran Umum',
        id_mapel: h.f.mapel.pu,
        jmlh_soal: 4,
        waktu: 10,
        status: '0',
        antrian: 0,
        antrian_str: '',
        sisa_waktu: 600,
      },
      {
        mapel: 'Pengetahuan Kuantitatif',
        id_mapel: h.f.mapel.pk,
        jmlh_soal: 2,
        waktu: 5,
        status: '0',
        antrian: 1,
        antrian_str: 'Selesaikan Penalaran Umum terlebih dahulu',
        sisa_waktu: 300,
      },
    ]);
    expect(lit).toMatchObject({
      kategori: 'Literasi',
      is_antrian: 1,
      is_selesai: 0,
      jumlah_soal: 2,
      waktu: 10,
    });
  });

  it('answers 404 for a wrong package or schedule, 403 when not enrolled, 401 without a token, 400 for bad ids', async () => {
    expect((await h.preview(h.f.reg4, 99)).statusCode).toBe(404);
    expect((await h.preview(h.f.reg4, 7, 99999)).statusCode).toBe(404);
    const forbidden = await h.preview(h.f.stranger);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toEqual({ status: false, message: 'Kamu tidak terdaftar pada jadwal tryout ini' });
    const anonymous = await h.call('GET', `/siswa/tryout/preview/paket/7/id/${h.f.jadwal}`, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.status).toBe(false);
    const bad = await h.call('GET', '/siswa/tryout/preview/paket/abc/id/1', h.f.reg4);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.status).toBe(false);
  });
});

describe('start', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.ctx.close());

  it('creates the attempt once, even when two starts race', async () => {
    const [first, second] = await Promise.all([h.start(h.f.reg5), h.start(h.f.reg5)]);
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatchObject({ status: true, message: 'Tryout berhasil dimulai' });
    expect(second.body.content.id_hasil_to).toBe(first.body.content.id_hasil_to);
    expect(await h.count('hasil_to')).toBe(1);
    // The open subject's 4 questions have rows; the queued subject's 2 get theirs when it is opened.
    expect(await h.count('jawaban')).toBe(4);
    expect(await h.count('jawaban_group')).toBe(3);
    expect(await h.count('mapel_waktu')).toBe(2);
    // The first subject's questions are shown with the start, so its clock starts now; the next one waits.
    const clock = await h.clockRow(first.body.content.id_hasil_to, h.f.mapel.pu);
    expect(clock).toMatchObject({ sisa_waktu: 600, status: 0, opened_at: T0 });
    const next = await h.clockRow(first.body.content.id_hasil_to, h.f.mapel.pk);
    expect(next).toMatchObject({ sisa_waktu: 300, status: 0, opened_at: null });
  });

  it("sends the open subject's questions in order with blank answers, and never a key or a discussion", async () => {
    const res = await h.start(h.f.reg5);
    const soal = res.body.content.soal as (StartedSoal & { nomor: number; id_mapel: number })[];
    expect(soal.map((s) => [s.id_mapel, s.nomor])).toEqual([
      [h.f.mapel.pu, 1],
      [h.f.mapel.pu, 2],
      [h.f.mapel.pu, 3],
      [h.f.mapel.pu, 4],
    ]);
    expect(soal.map((s) => s.jawaban_siswa)).toEqual(['0', '0', '', '']);
    // The queued subject's questions (Soal 1 tipe 2 of Pengetahuan Kuantitatif) are nowhere in the answer.
    expect(res.text).not.toContain('tipe 2');
    const group = soalOf(res, h.f.soal.pernyataan);
    expect(group).toMatchObject({ type: 3, group_text_type: 2 });
    expect(group.group_soal.map((g) => [g.soal, g.jawaban])).toEqual([
      ['Pernyataan satu', '0'],
      ['Pernyataan dua', '0'],
      ['Pernyataan tiga', '0'],
    ]);
    expect(soalOf(res, h.f.soal.pilihan).e).toBe('pilihan e');
    expect(res.text).not.toMatch(/kunci|pembahasan|is_benar|RAHASIA/);
  });

  it('hides option E from a four-choice regular student', async () => {
    expect((await h.start(h.f.reg5)).body.status).toBe(true);
    const res = await h.start(h.f.reg4);
    expect(res.body.status).toBe(true);
    expect(soalOf(res, h.f.soal.pilihan).e).toBe('');
    expect(await h.count('hasil_to')).toBe(2);
  });

  it('returns the saved answers on a second start', async () => {
    // Another student's attempt, so the count below shows the second start adds no rows: 4 + 4 (open subject).
    expect((await h.start(h.f.reg5)).body.status).toBe(true);
    const first = await h.start(h.f.reg4);
    const pilihan = soalOf(first, h.f.soal.pilihan);
    const saved = await h.save(h.f.reg4, {
      id_hasil_to: first.body.content.id_hasil_to,
      id_jawaban: pilihan.id_jawaban,
      jawaban: 'C',
      type_soal: 1,
    });
    expect(saved.body).toEqual({ status: true, message: 'Jawaban tersimpan' });
    const again = await h.start(h.f.reg4);
    expect(again.body.content.id_hasil_to).toBe(first.body.content.id_hasil_to);
    expect(soalOf(again, h.f.soal.pilihan).jawaban_siswa).toBe('C');
    expect(await h.count('jawaban')).toBe(8);
  });

  it('refuses a queued category, a schedule not yet open, another student and bad input', async () => {
    // Both students hold a TPS attempt; the refusals below must add none.
    expect((await h.start(h.f.reg5)).body.status).toBe(true);
    expect((await h.start(h.f.reg4)).body.status).toBe(true);
    expect((await h.start(h.f.reg5, 'litHash02')).body).toEqual({
      status: false,
      message: 'Selesaikan kategori TPS terlebih dahulu',
    });
    expect((await h.start(h.f.reg4, 'nantiHash1', h.f.jadwalFuture)).body).toEqual({
      status: false,
      message: 'Jadwal tryout ini belum dibuka',
    });
    const other = await h.start(h.f.reg4, 'tpsHash01', h.f.jadwal, h.f.reg5.id);
    expect(other.statusCode).toBe(403);
    expect((await h.start(h.f.stranger)).statusCode).toBe(403);
    expect((await h.start(h.f.reg4, 'tidakAda99')).statusCode).toBe(404);
    expect((await h.start(h.f.reg4, 'bad hash!')).statusCode).toBe(400);
    const noBody = await h.call(
      'POST',
      `/siswa/tryout/start/id/${h.f.jadwal}/kategori/tpsHash01`,
      h.f.reg4,
      {},
    );
    expect(noBody.statusCode).toBe(400);
    expect(noBody.body.status).toBe(false);
    expect(await h.count('hasil_to')).toBe(2);
  });

  it('refuses a schedule that has ended', async () => {
    h.ctx.clock.set(T0 + 29 * DAY + S);
    try {
      expect((await h.start(h.f.reg5)).body).toEqual({
        status: false,
        message: 'Jadwal tryout ini sudah berakhir',
      });
    } finally {
      h.ctx.clock.set(T0);
    }
  });
});

describe('start and the choices a student can see', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.ctx.close());

  it('refuses a category with a question keyed E to a student who sees A–D only, and writes nothing', async () => {
    const refused = await h.start(h.f.reg4, 'limaHash01', h.f.jadwalKunciE);
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toEqual({
      status: false,
      message:
        'Kategori ini memuat soal yang jawabannya pilihan E, padahal kamu hanya mendapat pilihan A–D. ' +
        'Hubungi admin lembagamu untuk paket yang sesuai.',
    });
    expect(await h.count('hasil_to')).toBe(0);
    expect(await h.count('mapel_waktu')).toBe(0);

    const served = await h.start(h.f.reg5, 'limaHash01', h.f.jadwalKunciE);
    expect(served.body.status).toBe(true);
    expect((served.body.content.soal as StartedSoal[]).map((s) => s.e)).toEqual(['pilihan e', 'pilihan e']);
  });
});

describe('start of a category without questions', () => {
  it("is refused with the spec's message and writes nothing", async () => {
    const h = await harness();
    try {
      const { db } = h.ctx;
      const jadwal = await insertJadwal(db, 8, 0, T0 - DAY);
      const kategori = await insertKategori(db, jadwal, 'Belum Siap', 'kosong0001', 1);
      await insertMapel(db, kategori, 'Penalaran Umum', 30, 1);
      await insertMapel(db, kategori, 'Literasi', 20, 2);
      await db.insertInto('jadwal_peserta').values({ id_jadwal: jadwal, id_siswa: h.f.reg5.id }).execute();
      const refused = await h.start(h.f.reg5, 'kosong0001', jadwal);
      expect(refused.body).toEqual({ status: false, message: 'Soal untuk kategori ini belum tersedia' });
      expect(await h.count('hasil_to')).toBe(0);
      expect(await h.count('mapel_waktu')).toBe(0);
    } finally {
      await h.ctx.close();
    }
  });
});

describe('saveanswer', () => {
  let h: Harness;
  let reg4: Reply;
  let reg5: Reply;
  beforeEach(async () => {
    h = await harness();
    reg4 = await h.start(h.f.reg4);
    reg5 = await h.start(h.f.reg5);
  });
  afterEach(() => h.ctx.close());

  const answerOf = async (idJawaban: number) =>
    (
      await h.ctx.db
        .selectFrom('jawaban')
        .select('jawaban')
        .where('id', '=', idJawaban)
        .executeTakeFirstOrThrow()
    ).jawaban;

  it('saves a choice; E only for students who have five choices', async () => {
    const mine = soalOf(reg4, h.f.soal.pilihan);
    const body = { id_hasil_to: reg4.body.content.id_hasil_to, id_jawaban: mine.id_jawaban, type_soal: 1 };
    expect((await h.save(h.f.reg4, { ...body, jawaban: 'D' })).body.status).toBe(true);
    expect(await answerOf(mine.id_jawaban)).toBe('D');
    const e = await h.save(h.f.reg4, { ...body, jawaban: 'E' });
    expect(e.statusCode).toBe(400);
    expect(e.body).toEqual({ status: false, message: 'Pilihan E tidak tersedia untuk kamu' });
    expect(await answerOf(mine.id_jawaban)).toBe('D');
    expect((await h.save(h.f.reg4, { ...body, jawaban: 'F' })).statusCode).toBe(400);
    expect((await h.save(h.f.reg4, { ...body, jawaban: '0' })).body.status).toBe(true);
    expect(await answerOf(mine.id_jawaban)).toBe('0');

    const theirs = soalOf(reg5, h.f.soal.pilihan);
    const ok = await h.save(h.f.reg5, {
      id_hasil_to: reg5.body.content.id_hasil_to,
      id_jawaban: theirs.id_jawaban,
      type_soal: 1,
      jawaban: 'E',
    });
    expect(ok.body.status).toBe(true);
    expect(await answerOf(theirs.id_jawaban)).toBe('E');
  });

  it('saves short answers and essays within their lengths', async () => {
    const idHasilTo = reg4.body.content.id_hasil_to;
    const angka = soalOf(reg4, h.f.soal.angka);
    const esai = soalOf(reg4, h.f.soal.esai);
    expect(
      (
        await h.save(h.f.reg4, {
          id_hasil_to: idHasilTo,
          id_jawaban: angka.id_jawaban,
          type_soal: 5,
          jawaban: '1/2',
        })
      ).body.status,
    ).toBe(true);
    expect(await answerOf(angka.id_jawaban)).toBe('1/2');
    const long = await h.save(h.f.reg4, {
      id_hasil_to: idHasilTo,
      id_jawaban: angka.id_jawaban,
      type_soal: 5,
      jawaban: 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    const essay = 'Karena ½ · 2 = 1 — naïve ✓ '.repeat(100);
    expect(
      (
        await h.save(h.f.reg4, {
          id_hasil_to: idHasilTo,
          id_jawaban: esai.id_jawaban,
          type_soal: 4,
          jawaban: essay,
        })
      ).body.status,
    ).toBe(true);
    expect(await answerOf(esai.id_jawaban)).toBe(essay);
    const tooLong = await h.save(h.f.reg4, {
      id_hasil_to: idHasilTo,
      id_jawaban: esai.id_jawaban,
      type_soal: 4,
      jawaban: 'x'.repeat(5001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(await answerOf(esai.id_jawaban)).toBe(essay);
  });

  it('saves statements one by one, marks the question Z, and groupCancel clears them', async () => {
    const idHasilTo = reg4.body.content.id_hasil_to;
    const q = soalOf(reg4, h.f.soal.pernyataan);
    const [g1, g2] = q.group_soal;
    const base = { id_hasil_to: idHasilTo, id_jawaban: q.id_jawaban, type_soal: 3 };
    expect(
      (await h.save(h.f.reg4, { ...base, id_jawaban_group: g1.id_jawaban_group, jawaban: 'Y' })).body.status,
    ).toBe(true);
    expect(
      (await h.save(h.f.reg4, { ...base, id_jawaban_group: g2.id_jawaban_group, jawaban: 'N' })).body.status,
    ).toBe(true);
    // A retried request changes nothing.
    expect(
      (await h.save(h.f.reg4, { ...base, id_jawaban_group: g2.id_jawaban_group, jawaban: 'N' })).body.status,
    ).toBe(true);
    expect(await answerOf(q.id_jawaban)).toBe('Z');
    let again = soalOf(await h.start(h.f.reg4), h.f.soal.pernyataan);
    expect(again.jawaban_siswa).toBe('Z');
    expect(again.group_soal.map((g) => g.jawaban)).toEqual(['Y', 'N', '0']);

    const bad = await h.save(h.f.reg4, { ...base, id_jawaban_group: g1.id_jawaban_group, jawaban: 'X' });
    expect(bad.statusCode).toBe(400);
    const otherGroup = soalOf(reg5, h.f.soal.pernyataan).group_soal[0].id_jawaban_group;
    expect((await h.save(h.f.reg4, { ...base, id_jawaban_group: otherGroup, jawaban: 'Y' })).statusCode).toBe(
      400,
    );

    const cancel = await h.save(h.f.reg4, { ...base, operation: 'groupCancel', jawaban: '0' });
    expect(cancel.body.status).toBe(true);
    again = soalOf(await h.start(h.f.reg4), h.f.soal.pernyataan);
    expect(again.jawaban_siswa).toBe('0');
    expect(again.group_soal.map((g) => g.jawaban)).toEqual(['0', '0', '0']);
  });

  it('refuses a type that does not match, an answer of another attempt, and bad bodies', async () => {
    const idHasilTo = reg4.body.content.id_hasil_to;
    const pilihan = soalOf(reg4, h.f.soal.pilihan);
    const mismatch = await h.save(h.f.reg4, {
      id_hasil_to: idHasilTo,
      id_jawaban: pilihan.id_jawaban,
      type_soal: 2,
      jawaban: 'B',
    });
    expect(mismatch.statusCode).toBe(400);
    const foreign = await h.save(h.f.reg4, {
      id_hasil_to: idHasilTo,
      id_jawaban: soalOf(reg5, h.f.soal.pilihan).id_jawaban,
      type_soal: 1,
      jawaban: 'B',
    });
    expect(foreign.statusCode).toBe(400);
    const notMine = await h.save(h.f.reg4, {
      id_hasil_to: reg5.body.content.id_hasil_to,
      id_jawaban: soalOf(reg5, h.f.soal.pilihan).id_jawaban,
      type_soal: 1,
      jawaban: 'B',
    });
    expect(notMine.statusCode).toBe(403);
    for (const body of [
      { id_hasil_to: idHasilTo, id_jawaban: pilihan.id_jawaban, type_soal: 1 },
      { id_hasil_to: idHasilTo, id_jawaban: pilihan.id_jawaban, type_soal: 9, jawaban: 'B' },
      {
        id_hasil_to: idHasilTo,
        id_jawaban: pilihan.id_jawaban,
        type_soal: 1,
        jawaban: 'B',
        operation: 'hapus',
      },
      { id_hasil_to: 'abc', id_jawaban: pilihan.id_jawaban, type_soal: 1, jawaban: 'B' },
    ]) {
      const res = await h.save(h.f.reg4, body);
      expect(res.statusCode).toBe(400);
      expect(res.body.status).toBe(false);
    }
    const wrongJadwal = await h.save(
      h.f.reg4,
      { id_hasil_to: idHasilTo, id_jawaban: pilihan.id_jawaban, type_soal: 1, jawaban: 'B' },
      h.f.jadwalEvent,
    );
    expect(wrongJadwal.statusCode).toBe(404);
    const anonymous = await h.call('PUT', `/siswa/tryout/saveanswer/id/${h.f.jadwal}`, null, {
      id_hasil_to: idHasilTo,
      id_jawaban: pilihan.id_jawaban,
      type_soal: 1,
      jawaban: 'B',
      sisa_waktu: 100,
      operation: 'save',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses answers to a subject still in the queue', async () => {
    const idJawaban = await h.idJawaban(reg4.body.content.id_hasil_to, h.f.soal.isian);
    const res = await h.save(h.f.reg4, {
      id_hasil_to: reg4.body.content.id_hasil_to,
      id_jawaban: idJawaban,
      type_soal: 2,
      jawaban: 'Jakarta',
    });
    expect(res.body).toEqual({ status: false, message: 'Selesaikan Penalaran Umum terlebih dahulu' });
    expect(await answerOf(idJawaban)).toBe('');
  });

  it("the first subject's clock runs from the start", async () => {
    const clock = await h.clockRow(reg4.body.content.id_hasil_to, h.f.mapel.pu);
    expect(clock.opened_at).toBe(T0);
    expect(clock.status).toBe(0);
  });
});

describe('statusmapel and the server clock', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.ctx.close());

  (onPostgres ? it : it.skip)(
    "takes a status report in two round trips to PostgreSQL: schedule, attempts and clocks; the saves' write",
    async () => {
      expect((await h.start(h.f.reg4)).statusCode).toBe(200);
      expect((await h.status(h.f.reg4, h.f.mapel.pu, 600, 0)).body.status).toBe(true);
      h.ctx.clock.advance(10 * S);
      expect(await roundTrips(() => h.status(h.f.reg4, h.f.mapel.pu, 590, 0))).toEqual({
        statusCode: 200,
        roundTrips: 2,
      });
    },
  );

  it('clamps a reported time above the server count, accepts a lower one, charges at most 125 s per gap', async () => {
    const started = await h.start(h.f.reg4);
    const idHasilTo = started.body.content.id_hasil_to;
    const queued = await h.status(h.f.reg4, h.f.mapel.pk, 300, 0);
    expect(queued.body).toEqual({ status: false, message: 'Selesaikan Penalaran Umum terlebih dahulu' });

    const opened = await h.status(h.f.reg4, h.f.mapel.pu, 9999, 0);
    expect(opened.body).toEqual({
      status: true,
      message: 'Sisa waktu tersimpan',
      content: { sisa_waktu: 600, status: 0 },
    });
    h.ctx.clock.advance(60 * S);
    expect((await h.status(h.f.reg4, h.f.mapel.pu, 9999, 0)).body.content).toEqual({
      sisa_waktu: 540,
      status: 0,
    });
    h.ctx.clock.advance(10 * S);
    expect((await h.status(h.f.reg4, h.f.mapel.pu, 500, 0)).body.content).toEqual({
      sisa_waktu: 500,
      status: 0,
    });
    // The student left the sheet for an hour: one gap costs at most 125 s.
    h.ctx.clock.advance(3600 * S);
    expect((await h.status(h.f.reg4, h.f.mapel.pu, 9999, 0)).body.content).toEqual({
      sisa_waktu: 375,
      status: 0,
    });
    const preview = await h.preview(h.f.reg4);
    expect(preview.body.content.detailPaket[0].detailSoal[0]).toMatchObject({ status: '0', sisa_waktu: 375 });
    expect((await h.clockRow(idHasilTo, h.f.mapel.pu)).sisa_waktu).toBe(375);
  });

  it('an answer save is a call: it charges the practice clock, so two 100 s gaps with a save between cost 200 s', async () => {
    const started = await h.start(h.f.reg4);
    const idHasilTo = started.body.content.id_hasil_to;
    const save = () =>
      h.save(h.f.reg4, {
        id_hasil_to: idHasilTo,
        id_jawaban: soalOf(started, h.f.soal.pilihan).id_jawaban,
        type_soal: 1,
        jawaban: 'B',
      });
    h.ctx.clock.advance(100 * S);
    expect((await save()).body.status).toBe(true);
    expect(await h.clockRow(idHasilTo, h.f.mapel.pu)).toMatchObject({
      sisa_waktu: 500,
      last_seen_at: T0 + 100 * S,
    });
    // Half a second later nothing is charged yet; the fraction is carried to the next call.
    h.ctx.clock.advance(S / 2);
    expect((await save()).body.status).toBe(true);
    expect(await h.clockRow(idHasilTo, h.f.mapel.pu)).toMatchObject({
      sisa_waktu: 500,
      last_seen_at: T0 + 100 * S,
    });
    h.ctx.clock.advance(100 * S);
    expect((await save()).body.status).toBe(true);
    expect(await h.clockRow(idHasilTo, h.f.mapel.pu)).toMatchObject({
      sisa_waktu: 400,
      last_seen_at: T0 + 200 * S,
    });
    // Without the saves the 200.5 s since the opening would be one gap, charged 125 s.
    h.ctx.clock.advance(100 * S);
    expect((await h.status(h.f.reg4, h.f.mapel.pu, 9999, 0)).body.content).toEqual({
      sisa_waktu: 300,
      status: 0,
    });
  });

  it('on the wall clock a save writes no clock, and the time read later is the same as if it had', async () => {
    const t = h.ctx.clock.now();
    const started = await h.start(h.f.event, 'akbarHash1', h.f.jadwalEvent);
    const idHasilTo = started.body.content.id_hasil_to;
    const q = started.body.content.soal[0] as StartedSoal;
    const save = () =>
      h.save(
        h.f.event,
        { id_hasil_to: idHasilTo, id_jawaban: q.id_jawaban, type_soal: 1, jawaban: 'D' },
        h.f.jadwalEvent,
      );
    const report = (sisa: number) =>
      h.status(h.f.event, h.f.mapel.akbar, sisa, 0, 'akbarHash1', h.f.jadwalEvent);
    // The student reports less than the server counts (500 s): the wall clock alone counts.
    h.ctx.clock.set(t + 100_500);
    expect((await report(450)).body.content).toEqual({ sisa_waktu: 500, status: 0 });
    const reported = { sisa_waktu: 500, last_seen_at: t + 100 * S, opened_at: t, status: 0 };
    expect(await h.clockRow(idHasilTo, h.f.mapel.akbar)).toMatchObject(reported);
    h.ctx.clock.set(t + 150_500);
    expect((await save()).body.status).toBe(true);
    h.ctx.clock.set(t + 151_200);
    expect((await save()).body.status).toBe(true);
    expect(await h.clockRow(idHasilTo, h.f.mapel.akbar)).toMatchObject(reported);
    // 100 s after the report: 500 − 100, as a clock written at each save would read.
    h.ctx.clock.set(t + 200_000);
    const preview = await h.preview(h.f.event, 8, h.f.jadwalEvent);
    expect(preview.body.content.detailPaket[0].detailSoal[0]).toMatchObject({ sisa_waktu: 400, status: '0' });
    expect((await report(9999)).body.content).toEqual({ sisa_waktu: 400, status: 0 });
  });

  it('event subjects end on the clock: a close with 3 s left is refused and changes nothing, with 2 s taken', async () => {
    const t = h.ctx.clock.now();
    const started = await h.start(h.f.event, 'akbarHash1', h.f.jadwalEvent);
    const idHasilTo = started.body.content.id_hasil_to;
    const report = (sisa: number, status: 0 | 1) =>
      h.status(h.f.event, h.f.mapel.akbar, sisa, status, 'akbarHash1', h.f.jadwalEvent);
    const row = () => h.clockRow(idHasilTo, h.f.mapel.akbar);
    const before = await row();
    // "Selesaikan Ujian" is not offered to event students; sent anyway, a minute in, it is refused.
    h.ctx.clock.set(t + 60 * S);
    expect((await report(0, 1)).body).toEqual({
      status: false,
      message: 'Mapel TO Akbar selesai saat waktunya habis, tidak dapat diselesaikan lebih awal',
      content: { sisa_waktu: 540, status: 0 },
    });
    // Reporting no time left does not close it either.
    expect((await report(0, 0)).body.content).toEqual({ sisa_waktu: 540, status: 0 });
    h.ctx.clock.set(t + 597 * S);
    expect((await report(0, 1)).body).toMatchObject({ status: false, content: { sisa_waktu: 3, status: 0 } });
    expect(await row()).toMatchObject({ status: 0, opened_at: before.opened_at });
    // The countdown reached 0 a little ahead of the server's whole seconds: the close is taken.
    h.ctx.clock.set(t + 598 * S);
    expect((await report(0, 1)).body).toEqual({
      status: true,
      message: 'Mapel selesai',
      content: { sisa_waktu: 0, status: 1 },
    });
    expect(await row()).toMatchObject({ status: 1, sisa_waktu: 0, last_seen_at: t + 598 * S });
  });

  it('status 1 closes the subject; a closed subject stays closed', async () => {
    expect((await h.start(h.f.reg4)).body.status).toBe(true);
    const closed = await h.status(h.f.reg4, h.f.mapel.pu, 200, 1);
    expect(closed.body).toEqual({
      status: true,
      message: 'Mapel selesai',
      content: { sisa_waktu: 0, status: 1 },
    });
    const reopen = await h.status(h.f.reg4, h.f.mapel.pu, 200, 0);
    expect(reopen.body).toMatchObject({ status: false, message: 'Mapel ini sudah selesai' });
    expect((await h.status(h.f.reg4, h.f.mapel.pu, 0, 1)).body.status).toBe(true);
    const preview = await h.preview(h.f.reg4);
    expect(
      preview.body.content.detailPaket[0].detailSoal.map((m: { status: string; antrian: number }) => [
        m.status,
        m.antrian,
      ]),
    ).toEqual([
      ['1', 0],
      ['0', 0],
    ]);
  });

  it('refuses reports for another student, an unknown subject, an unstarted category and bad bodies', async () => {
    const other = await h.call('PUT', `/siswa/tryout/statusmapel/id/${h.f.jadwal}`, h.f.reg4, {
      id_siswa: h.f.reg5.id,
      id_mapel: h.f.mapel.pu,
      kategori: 'tpsHash01',
      sisa_waktu: 10,
      status: 0,
    });
    expect(other.statusCode).toBe(403);
    expect((await h.status(h.f.reg4, h.f.mapel.lbi, 10, 0)).statusCode).toBe(404);
    expect((await h.status(h.f.reg5, h.f.mapel.pu, 10, 0)).body).toEqual({
      status: false,
      message: 'Tryout kategori ini belum dimulai',
    });
    const bad = await h.call('PUT', `/siswa/tryout/statusmapel/id/${h.f.jadwal}`, h.f.reg4, {
      id_siswa: h.f.reg4.id,
      id_mapel: h.f.mapel.pu,
      kategori: 'tpsHash01',
      sisa_waktu: -1,
      status: 2,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('event subjects run on the wall clock; late answers are refused after 30 s grace and the server closes the subject', async () => {
    const t = h.ctx.clock.now();
    const started = await h.start(h.f.event, 'akbarHash1', h.f.jadwalEvent);
    const idHasilTo = started.body.content.id_hasil_to;
    const q = started.body.content.soal[0] as StartedSoal;
    const save = (jawaban: string) =>
      h.save(
        h.f.event,
        { id_hasil_to: idHasilTo, id_jawaban: q.id_jawaban, type_soal: 1, jawaban },
        h.f.jadwalEvent,
      );
    expect((await save('A')).body.status).toBe(true);
    expect((await h.clockRow(idHasilTo, h.f.mapel.akbar)).opened_at).toBe(t);
    // Away for 250 s without any call: the wall clock still runs.
    h.ctx.clock.advance(250 * S);
    expect(
      (await h.status(h.f.event, h.f.mapel.akbar, 9999, 0, 'akbarHash1', h.f.jadwalEvent)).body.content,
    ).toEqual({
      sisa_waktu: 350,
      status: 0,
    });
    // 10 s after the end: an answer in flight is still accepted, and the subject is closed.
    h.ctx.clock.set(t + 610 * S);
    expect((await save('B')).body.status).toBe(true);
    expect(await h.clockRow(idHasilTo, h.f.mapel.akbar)).toMatchObject({ status: 1, sisa_waktu: 0 });
    h.ctx.clock.set(t + 631 * S);
    expect((await save('C')).body).toEqual({ status: false, message: 'Waktu mapel ini sudah habis' });
    const stored = await h.ctx.db
      .selectFrom('jawaban')
      .select('jawaban')
      .where('id', '=', q.id_jawaban)
      .executeTakeFirstOrThrow();
    expect(stored.jawaban).toBe('B');
  });

  it('closes an expired subject itself when the preview touches it', async () => {
    const t = h.ctx.clock.now();
    const started = await h.start(h.f.event, 'tpsHash01');
    const idHasilTo = started.body.content.id_hasil_to;
    expect((await h.status(h.f.event, h.f.mapel.pu, 600, 0)).body.status).toBe(true);
    // Wall clock for a TO Akbar student even on a regular package.
    h.ctx.clock.set(t + 700 * S);
    const preview = await h.preview(h.f.event);
    expect(preview.body.content.detailPaket[0].detailSoal[0]).toMatchObject({
      status: '1',
      sisa_waktu: 0,
      antrian: 0,
    });
    expect(preview.body.content.detailPaket[0].detailSoal[1]).toMatchObject({ status: '0', antrian: 0 });
    expect(await h.clockRow(idHasilTo, h.f.mapel.pu)).toMatchObject({ status: 1, sisa_waktu: 0 });
    const late = await h.status(h.f.event, h.f.mapel.pu, 100, 0);
    expect(late.body).toMatchObject({ status: false, message: 'Mapel ini sudah selesai' });
  });
});

describe('end', () => {
  let h: Harness;
  let started: Reply;
  beforeEach(async () => {
    h = await harness();
    started = await h.start(h.f.reg5);
  });
  afterEach(() => h.ctx.close());

  it('is refused while a subject is still open, then writes the classical results once', async () => {
    const idHasilTo = started.body.content.id_hasil_to;
    const base = { id_hasil_to: idHasilTo };
    const pilihan = soalOf(started, h.f.soal.pilihan);
    const pernyataan = soalOf(started, h.f.soal.pernyataan);
    const answers: Record<string, unknown>[] = [
      { id_jawaban: pilihan.id_jawaban, type_soal: 1, jawaban: 'B' },
      { id_jawaban: soalOf(started, h.f.soal.angka).id_jawaban, type_soal: 5, jawaban: '1/2' },
      { id_jawaban: soalOf(started, h.f.soal.esai).id_jawaban, type_soal: 4, jawaban: 'esai saya' },
      ...['Y', 'N', 'N'].map((jawaban, i) => ({
        id_jawaban: pernyataan.id_jawaban,
        id_jawaban_group: pernyataan.group_soal[i].id_jawaban_group,
        type_soal: 3,
        jawaban,
      })),
    ];
    for (const answer of answers)
      expect((await h.save(h.f.reg5, { ...base, ...answer })).body.status).toBe(true);

    const refused = await h.end(h.f.reg5);
    expect(refused.body).toEqual({
      status: false,
      message: 'Oops! Kamu belum menyelesaikan semua mapel tryout',
    });
    expect((await h.status(h.f.reg5, h.f.mapel.pu, 300, 1)).body.status).toBe(true);
    expect((await h.end(h.f.reg5)).body.status).toBe(false);
    // "Kerjakan" on the next subject opens it; the same start then shows its questions.
    expect((await h.status(h.f.reg5, h.f.mapel.pk, 300, 0)).body.status).toBe(true);
    const pilihanE = soalOf(await h.start(h.f.reg5), h.f.soal.pilihanE);
    expect(
      (await h.save(h.f.reg5, { ...base, id_jawaban: pilihanE.id_jawaban, type_soal: 1, jawaban: 'D' })).body
        .status,
    ).toBe(true);
    expect((await h.status(h.f.reg5, h.f.mapel.pk, 0, 1)).body.status).toBe(true);
    expect(await h.count('hasil_mapel')).toBe(0);

    const other = await h.end(h.f.reg4, 'tpsHash01', h.f.jadwal, h.f.reg5.id);
    expect(other.statusCode).toBe(403);

    const ended = await h.end(h.f.reg5);
    expect(ended.body).toEqual({ status: true, message: 'Tryout berhasil diakhiri' });
    const rows = await h.ctx.db
      .selectFrom('hasil_mapel')
      .selectAll()
      .where('id_hasil_to', '=', idHasilTo)
      .orderBy('id_mapel')
      .execute();
    const byMapel = new Map(rows.map((r) => [r.id_mapel, r]));
    // PU: choice right, statements wrong, 1/2 = 0,5 right, essay not scored → 2 of 3.
    expect(byMapel.get(h.f.mapel.pu)).toMatchObject({
      benar: 2,
      salah: 1,
      kosong: 0,
      nilai: 667,
      persentase: 66.7,
      metode: 'klasik',
      id_siswa: h.f.reg5.id,
      id_jadwal: h.f.jadwal,
    });
    // PK: short answer blank, D right → 1 of 2.
    expect(byMapel.get(h.f.mapel.pk)).toMatchObject({
      benar: 1,
      salah: 0,
      kosong: 1,
      nilai: 500,
      persentase: 50,
    });
    const attempt = await h.ctx.db
      .selectFrom('hasil_to')
      .selectAll()
      .where('id', '=', idHasilTo)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ is_selesai: 1, ended_at: h.ctx.clock.now() });

    h.ctx.clock.advance(5 * S);
    expect((await h.end(h.f.reg5)).body).toEqual({ status: true, message: 'Tryout ini sudah diakhiri' });
    const again = await h.ctx.db
      .selectFrom('hasil_to')
      .select('ended_at')
      .where('id', '=', idHasilTo)
      .executeTakeFirstOrThrow();
    expect(again.ended_at).toBe(attempt.ended_at);
    expect(await h.count('hasil_mapel')).toBe(2);
  });

  it('after the end: saves refused, the category shows its discussion and the next one is free', async () => {
    // Close both TPS subjects, then end the category.
    expect((await h.status(h.f.reg5, h.f.mapel.pu, 300, 1)).body.status).toBe(true);
    expect((await h.status(h.f.reg5, h.f.mapel.pk, 300, 0)).body.status).toBe(true);
    expect((await h.status(h.f.reg5, h.f.mapel.pk, 0, 1)).body.status).toBe(true);
    expect((await h.end(h.f.reg5)).body).toEqual({ status: true, message: 'Tryout berhasil diakhiri' });
    const save = await h.save(h.f.reg5, {
      id_hasil_to: started.body.content.id_hasil_to,
      id_jawaban: soalOf(started, h.f.soal.pilihan).id_jawaban,
      type_soal: 1,
      jawaban: 'C',
    });
    expect(save.body).toEqual({ status: false, message: 'Tryout ini sudah diakhiri' });
    expect((await h.start(h.f.reg5)).body).toEqual({
      status: false,
      message: 'Kategori ini sudah selesai dikerjakan',
    });
    const [tps, lit] = (await h.preview(h.f.reg5)).body.content.detailPaket;
    expect(tps).toMatchObject({ is_selesai: 1, is_antrian: 0, pembahasan: '/pembahasan/tpsHash01.pdf' });
    expect(lit).toMatchObject({ is_selesai: 0, is_antrian: 0, pembahasan: '' });
    expect((await h.start(h.f.reg5, 'litHash02')).body.status).toBe(true);
  });

  it('refuses an end before the start and bad parameters', async () => {
    expect((await h.end(h.f.reg4)).body).toEqual({
      status: false,
      message: 'Tryout kategori ini belum dimulai',
    });
    expect((await h.end(h.f.reg4, 'tidakAda99')).statusCode).toBe(404);
    const bad = await h.call('POST', '/siswa/tryout/end/id/0/kategori/tpsHash01', h.f.reg4, {
      id_siswa: h.f.reg4.id,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('questions are revealed only when their clock runs', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.ctx.close());

  const startEvent = () => h.start(h.f.event, 'akbarHash1', h.f.jadwalEvent);
  const statusEvent = (idMapel: number, sisa: number, status: 0 | 1 = 0) =>
    h.status(h.f.event, idMapel, sisa, status, 'akbarHash1', h.f.jadwalEvent);

  it('event: start, 20 s idle, then open → the subject has lost 20 s; the queued subject is in no answer', async () => {
    const started = await startEvent();
    expect(started.body.status).toBe(true);
    expect((started.body.content.soal as StartedSoal[]).map((s) => s.id_soal)).toHaveLength(1);
    expect(started.text).not.toContain('Soal 7 tipe 1');
    h.ctx.clock.advance(20 * S);
    expect((await statusEvent(h.f.mapel.akbar, 9999)).body.content).toEqual({ sisa_waktu: 580, status: 0 });
    // Opening the queued subject is refused, and asking again still does not show it.
    expect((await statusEvent(h.f.mapel.akbar2, 9999)).body).toEqual({
      status: false,
      message: 'Selesaikan Penalaran Matematika terlebih dahulu',
    });
    expect((await startEvent()).text).not.toContain('Soal 7 tipe 1');
    expect((await h.clockRow(started.body.content.id_hasil_to, h.f.mapel.akbar2)).opened_at).toBeNull();
  });

  it('event: the next subject opens when the previous one closes, whatever the student sends', async () => {
    const started = await startEvent();
    const idHasilTo = started.body.content.id_hasil_to;
    // Nothing sent for 700 s: the first subject (600 s) closed at T0 + 600 s and the second has run 100 s.
    h.ctx.clock.advance(700 * S);
    const again = await startEvent();
    expect(again.text).toContain('Soal 7 tipe 1');
    expect(await h.clockRow(idHasilTo, h.f.mapel.akbar)).toMatchObject({
      status: 1,
      last_seen_at: T0 + 600 * S,
    });
    expect(await h.clockRow(idHasilTo, h.f.mapel.akbar2)).toMatchObject({
      status: 0,
      opened_at: T0 + 600 * S,
    });
    expect((await statusEvent(h.f.mapel.akbar2, 9999)).body.content).toEqual({ sisa_waktu: 200, status: 0 });
  });

  it('a start writes the answer rows of the subjects it shows, the next subject when it is opened', async () => {
    const rowsOf = async (idHasilTo: number) =>
      (
        await h.ctx.db.selectFrom('jawaban').select('id_soal').where('id_hasil_to', '=', idHasilTo).execute()
      ).map((row) => row.id_soal);
    const started = await h.start(h.f.reg5);
    const idHasilTo = started.body.content.id_hasil_to;
    const shown = (started.body.content.soal as { id_soal: number }[]).map((soal) => soal.id_soal);
    expect(shown.length).toBeGreaterThan(0);
    expect((await rowsOf(idHasilTo)).sort()).toEqual([...shown].sort());
    expect(await rowsOf(idHasilTo)).not.toContain(h.f.soal.isian);
    // A second start only reads.
    expect((await h.start(h.f.reg5)).body.content.soal).toEqual(started.body.content.soal);
    expect(await rowsOf(idHasilTo)).toHaveLength(shown.length);

    expect((await h.status(h.f.reg5, h.f.mapel.pu, 0, 1)).body.status).toBe(true);
    expect((await h.status(h.f.reg5, h.f.mapel.pk, 9999, 0)).body.status).toBe(true);
    const next = await h.start(h.f.reg5);
    const isian = (next.body.content.soal as { id_soal: number; id_jawaban: number }[]).find(
      (soal) => soal.id_soal === h.f.soal.isian,
    );
    expect(await rowsOf(idHasilTo)).toContain(h.f.soal.isian);
    const saved = await h.save(h.f.reg5, {
      id_hasil_to: idHasilTo,
      id_jawaban: isian?.id_jawaban ?? -1,
      type_soal: 2,
      jawaban: 'Jakarta',
    });
    expect(saved.body).toEqual({ status: true, message: 'Jawaban tersimpan' });
  });

  it('regular: the next subject is shown only once "Kerjakan" opens it, and its clock starts then', async () => {
    const started = await h.start(h.f.reg5);
    const idHasilTo = started.body.content.id_hasil_to;
    expect(started.text).not.toContain('Soal 1 tipe 2');
    expect((await h.status(h.f.reg5, h.f.mapel.pu, 0, 1)).body.status).toBe(true);
    h.ctx.clock.advance(40 * S);
    expect((await h.start(h.f.reg5)).text).not.toContain('Soal 1 tipe 2');
    // A save to the unopened subject's answer row is refused and stores nothing.
    const idJawaban = await h.idJawaban(idHasilTo, h.f.soal.isian);
    expect(
      (await h.save(h.f.reg5, { id_hasil_to: idHasilTo, id_jawaban: idJawaban, type_soal: 2, jawaban: 'x' }))
        .body,
    ).toEqual({ status: false, message: 'Mapel ini belum dibuka: klik Kerjakan untuk memulainya' });
    expect((await h.status(h.f.reg5, h.f.mapel.pk, 9999, 0)).body.content).toEqual({
      sisa_waktu: 300,
      status: 0,
    });
    expect((await h.clockRow(idHasilTo, h.f.mapel.pk)).opened_at).toBe(T0 + 40 * S);
    expect((await h.start(h.f.reg5)).text).toContain('Soal 1 tipe 2');
  });

  const pdf = (who: Siswa, idMapel: number, hash = 'tpsHash01', id = h.f.jadwal) =>
    h.ctx.app.inject({
      method: 'GET',
      url: `/api/pdf/soal/${id}/${hash}/${idMapel}`,
      headers: { key: who.token },
    });

  it('question PDF: refused for a schedule not yet open, a category not started and a queued subject', async () => {
    const mFuture = await h.ctx.db
      .selectFrom('mapel')
      .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
      .select('mapel.id')
      .where('kategori.hash', '=', 'nantiHash1')
      .executeTakeFirstOrThrow();
    const future = await pdf(h.f.reg4, mFuture.id, 'nantiHash1', h.f.jadwalFuture);
    expect(future.statusCode).toBe(403);
    expect(future.json()).toEqual({ status: false, message: 'Jadwal tryout ini belum dibuka' });
    expect((await pdf(h.f.reg5, h.f.mapel.pu)).json()).toEqual({
      status: false,
      message: 'Mulai tryout kategori ini terlebih dahulu untuk membuka PDF soal',
    });
    await h.start(h.f.reg5);
    const queued = await pdf(h.f.reg5, h.f.mapel.pk);
    expect(queued.statusCode).toBe(403);
    expect(queued.json()).toEqual({ status: false, message: 'Selesaikan Penalaran Umum terlebih dahulu' });
    expect(await h.count('hasil_to')).toBe(1);
  });

  it('question PDF: served for the available subject, which it opens; refused once the subject is finished', async () => {
    const started = await h.start(h.f.reg5);
    const idHasilTo = started.body.content.id_hasil_to;
    expect((await h.status(h.f.reg5, h.f.mapel.pu, 0, 1)).body.status).toBe(true);
    h.ctx.clock.advance(30 * S);
    const served = await pdf(h.f.reg5, h.f.mapel.pk);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    // Its clock runs from the download, and the sheet now gets the questions the PDF showed.
    expect(await h.clockRow(idHasilTo, h.f.mapel.pk)).toMatchObject({ status: 0, opened_at: T0 + 30 * S });
    expect((await h.start(h.f.reg5)).text).toContain('Soal 1 tipe 2');
    const finished = await pdf(h.f.reg5, h.f.mapel.pu);
    expect(finished.statusCode).toBe(403);
    expect(finished.json()).toEqual({ status: false, message: 'Mapel ini sudah selesai' });
  });

  it('question PDF: never for an event schedule', async () => {
    await h.ctx.db
      .insertInto('jadwal_peserta')
      .values({ id_jadwal: h.f.jadwalEvent, id_siswa: h.f.reg5.id })
      .execute();
    expect((await h.start(h.f.reg5, 'akbarHash1', h.f.jadwalEvent)).body.status).toBe(true);
    const refused = await pdf(h.f.reg5, h.f.mapel.akbar, 'akbarHash1', h.f.jadwalEvent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: false, message: 'PDF soal tidak tersedia untuk tryout event' });
  });
});

describe('the schedule window closes everything', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.ctx.close());

  // Paket 7 runs from T0 − 1 day for 30 days.
  const TGL_AKHIR = T0 + 29 * DAY;

  it('a save at tgl_akhir + 30 s is accepted, at + 31 s refused with nothing changed; then the results are final', async () => {
    const started = await h.start(h.f.reg5);
    const idHasilTo = started.body.content.id_hasil_to;
    const pilihan = soalOf(started, h.f.soal.pilihan);
    const save = (jawaban: string) =>
      h.save(h.f.reg5, { id_hasil_to: idHasilTo, id_jawaban: pilihan.id_jawaban, type_soal: 1, jawaban });

    h.ctx.clock.set(TGL_AKHIR + 30 * S);
    expect((await save('B')).body).toEqual({ status: true, message: 'Jawaban tersimpan' });

    h.ctx.clock.set(TGL_AKHIR + 31 * S);
    const snapshot = async () => ({
      jawaban: await h.ctx.db.selectFrom('jawaban').selectAll().orderBy('id').execute(),
      clocks: await h.ctx.db.selectFrom('mapel_waktu').selectAll().orderBy('id_mapel').execute(),
    });
    const before = await snapshot();
    expect((await save('C')).body).toEqual({ status: false, message: 'Jadwal tryout ini sudah berakhir' });
    expect((await h.status(h.f.reg5, h.f.mapel.pu, 100, 0)).body).toEqual({
      status: false,
      message: 'Jadwal tryout ini sudah berakhir',
    });
    expect(await snapshot()).toEqual(before);

    // Every subject was closed at the window's end, so the category can be ended and scored as it stands.
    expect((await h.end(h.f.reg5)).body).toEqual({ status: true, message: 'Tryout berhasil diakhiri' });
    expect(await h.clockRow(idHasilTo, h.f.mapel.pk)).toMatchObject({ status: 1, last_seen_at: TGL_AKHIR });
    const pu = await h.ctx.db
      .selectFrom('hasil_mapel')
      .selectAll()
      .where('id_hasil_to', '=', idHasilTo)
      .where('id_mapel', '=', h.f.mapel.pu)
      .executeTakeFirstOrThrow();
    expect(pu).toMatchObject({ benar: 1 });
  });

  it('tgl_akhir − 1 s is inside the window: preview, start, save and status all answer as usual', async () => {
    h.ctx.clock.set(TGL_AKHIR - S);
    const preview = await h.preview(h.f.reg5);
    expect(preview.body.status).toBe(true);
    const [tps] = preview.body.content.detailPaket;
    expect(tps).toMatchObject({ kategori: 'TPS', is_selesai: 0, is_antrian: 0 });
    expect(tps.detailSoal[0]).toMatchObject({ mapel: 'Penalaran Umum', status: '0' });

    // Start and save (openAndLeave checks both answers).
    await openAndLeave();
    const status = await h.status(h.f.reg5, h.f.mapel.pu, 100, 0);
    expect(status.body).toMatchObject({ status: true, content: { status: 0 } });
  });

  it('a closing status report at tgl_akhir + 30 s is accepted, at + 31 s refused', async () => {
    const started = await h.start(h.f.reg5);
    expect(started.body.status).toBe(true);
    h.ctx.clock.set(TGL_AKHIR + 30 * S);
    expect((await h.status(h.f.reg5, h.f.mapel.pu, 0, 1)).body).toMatchObject({
      status: true,
      content: { status: 1, sisa_waktu: 0 },
    });
    h.ctx.clock.set(TGL_AKHIR + 31 * S);
    expect((await h.status(h.f.reg5, h.f.mapel.pu, 0, 1)).body).toEqual({
      status: false,
      message: 'Jadwal tryout ini sudah berakhir',
    });
  });

  /** reg5 opens TPS (Penalaran Umum runs) and answers its multiple-choice question right, then goes away. */
  async function openAndLeave(): Promise<number> {
    const started = await h.start(h.f.reg5);
    const idHasilTo = started.body.content.id_hasil_to;
    const pilihan = soalOf(started, h.f.soal.pilihan);
    const saved = await h.save(h.f.reg5, {
      id_hasil_to: idHasilTo,
      id_jawaban: pilihan.id_jawaban,
      type_soal: 1,
      jawaban: 'B',
    });
    expect(saved.body.status).toBe(true);
    return idHasilTo;
  }

  async function attempt(idHasilTo: number) {
    return h.ctx.db
      .selectFrom('hasil_to')
      .select(['is_selesai', 'ended_at'])
      .where('id', '=', idHasilTo)
      .executeTakeFirstOrThrow();
  }

  async function subjectRows(idHasilTo: number) {
    return h.ctx.db
      .selectFrom('hasil_mapel')
      .select(['id_mapel', 'benar', 'salah', 'kosong', 'nilai'])
      .where('id_hasil_to', '=', idHasilTo)
      .orderBy('id_mapel')
      .execute();
  }

  it('reading results at tgl_akhir + 30 s ends nothing; at + 31 s the open category is ended, its subjects closed and its score counted', async () => {
    const idHasilTo = await openAndLeave();
    const hasil = () =>
      h.call('POST', '/siswa/tryout/hasil', h.f.reg5, { id_siswa: h.f.reg5.id, type: 'list' });

    h.ctx.clock.set(TGL_AKHIR + 30 * S);
    expect((await hasil()).body).toEqual({ status: true, content: [] });
    expect(await attempt(idHasilTo)).toEqual({ is_selesai: 0, ended_at: null });
    expect(await h.count('hasil_mapel')).toBe(0);

    h.ctx.clock.set(TGL_AKHIR + 31 * S);
    // Its close starts: the list answers at once, the category listed as waiting (no lease taken yet: 5 s).
    const computing = await hasil();
    expect(computing.statusCode).toBe(200);
    expect(computing.body.content).toEqual([
      expect.objectContaining({
        paket: 7,
        kategori: 'TPS',
        terkunci: 'Hasil sedang dihitung',
        dihitung: { dinilai: 0, jumlah: 0, coba_lagi_detik: 5 },
      }),
    ]);
    await penutupanSelesai(h.ctx.db);
    const read = await hasil();
    expect(read.body.content).toEqual([
      expect.objectContaining({ paket: 7, kategori: 'TPS', kategoriHash: 'tpsHash01', nilai: 166.5 }),
    ]);
    expect(await attempt(idHasilTo)).toEqual({ is_selesai: 1, ended_at: TGL_AKHIR + 31 * S });
    // The running subject stopped when the window closed; the one never opened is closed too.
    expect(await h.clockRow(idHasilTo, h.f.mapel.pu)).toMatchObject({
      status: 1,
      sisa_waktu: 0,
      last_seen_at: TGL_AKHIR,
    });
    expect(await h.clockRow(idHasilTo, h.f.mapel.pk)).toMatchObject({
      status: 1,
      sisa_waktu: 0,
      opened_at: null,
    });
    // Penalaran Umum: 1 right of 3 scored questions (the essay is not scored); Pengetahuan Kuantitatif: blank.
    expect(await subjectRows(idHasilTo)).toEqual(
      [
        { id_mapel: h.f.mapel.pu, benar: 1, salah: 0, kosong: 2, nilai: 333 },
        { id_mapel: h.f.mapel.pk, benar: 0, salah: 0, kosong: 2, nilai: 0 },
      ].sort((a, b) => a.id_mapel - b.id_mapel),
    );
    // Final: reading again changes nothing.
    await hasil();
    expect(await attempt(idHasilTo)).toEqual({ is_selesai: 1, ended_at: TGL_AKHIR + 31 * S });
    expect(await h.count('hasil_mapel')).toBe(2);
  });

  const reads: [string, (h: Harness) => Promise<unknown>][] = [
    [
      'the results of the schedule',
      async (h) => {
        const res = await h.call('POST', `/siswa/tryout/hasil/id/${h.f.jadwal}`, h.f.reg5, {
          id_siswa: h.f.reg5.id,
          type: 'detail',
        });
        expect(res.body.content.kategori).toEqual([
          expect.objectContaining({ kategori: 'TPS', rata_rata: 166.5 }),
        ]);
      },
    ],
    [
      'the package scores',
      async (h) => {
        // Literasi was never started: the package is not finished, yet the ended category is final.
        const res = await h.call('POST', '/siswa/tryout/hasilskor', h.f.reg5, { id_siswa: h.f.reg5.id });
        expect(res.body).toEqual({ status: true, content: [] });
      },
    ],
    [
      'the package ranking',
      async (h) => {
        const url = `/siswa/tryout/ranking/idsiswa/${h.f.reg5.id}/paket/${h.f.jadwal}`;
        expect((await h.call('POST', url, h.f.reg5, {})).body.status).toBe(true);
      },
    ],
    [
      'the result PDF',
      async (h) => {
        const res = await h.ctx.app.inject({
          method: 'GET',
          url: `/api/pdf/hasil/${h.f.jadwal}/tpsHash01`,
          headers: { key: h.f.reg5.token },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
      },
    ],
    [
      'the review',
      async (h) => {
        const res = await h.call('POST', '/siswa/tryout/pembahasan', h.f.reg5, {
          idsiswa: h.f.reg5.id,
          idjadwal: h.f.jadwal,
          idmapel: h.f.mapel.pu,
        });
        expect(res.body.content).toMatchObject({ mapel: 'Penalaran Umum', benar: 1 });
      },
    ],
    [
      'the operator’s export',
      async (h) => {
        const [header, ...rows] = (await eksporHasil(h.ctx.db, h.f.jadwal, TGL_AKHIR + 31 * S))
          .trim()
          .split(/\r?\n/);
        const row = rows.find((r) => r.startsWith('reg5,'));
        expect(row?.split(',')[header.split(',').indexOf('Penalaran Umum nilai')]).toBe('333');
      },
    ],
    [
      'the preview (a touch of the schedule)',
      async (h) => {
        const [tps] = (await h.preview(h.f.reg5)).body.content.detailPaket;
        expect(tps).toMatchObject({ is_selesai: 1, pembahasan: '/pembahasan/tpsHash01.pdf' });
      },
    ],
  ];

  it.each(reads)('%s ends an attempt left open past tgl_akhir + 31 s and scores it', async (_name, read) => {
    const idHasilTo = await openAndLeave();
    h.ctx.clock.set(TGL_AKHIR + 31 * S);
    // A result read answers "sedang dihitung" at once and starts the close in its process; once it is done, the
    // read answers from its results.
    await read(h).catch(() => undefined);
    await penutupanSelesai(h.ctx.db);
    await read(h);
    expect(await attempt(idHasilTo)).toEqual({ is_selesai: 1, ended_at: TGL_AKHIR + 31 * S });
    expect(await subjectRows(idHasilTo)).toHaveLength(2);
    expect((await h.clockRow(idHasilTo, h.f.mapel.pk)).status).toBe(1);
  });

  it('readers arriving together end the attempt once: one row per subject, no error', async () => {
    const idHasilTo = await openAndLeave();
    h.ctx.clock.set(TGL_AKHIR + 31 * S);
    const replies = await Promise.all([
      h.call('POST', '/siswa/tryout/hasil', h.f.reg5, { id_siswa: h.f.reg5.id, type: 'list' }),
      h.call('POST', `/siswa/tryout/hasil/id/${h.f.jadwal}`, h.f.reg5, {
        id_siswa: h.f.reg5.id,
        type: 'detail',
      }),
      h.call('POST', `/siswa/tryout/ranking/idsiswa/${h.f.reg5.id}/paket/${h.f.jadwal}`, h.f.reg5, {}),
      h.preview(h.f.reg5),
    ]);
    // A result read waits for no close (503 while it runs, 200 once done); the preview ends the attempt itself,
    // beside the close the reads started.
    for (const reply of replies.slice(0, 3)) expect([200, 503]).toContain(reply.statusCode);
    expect(replies[3].statusCode).toBe(200);
    await penutupanSelesai(h.ctx.db);
    expect(await attempt(idHasilTo)).toEqual({ is_selesai: 1, ended_at: TGL_AKHIR + 31 * S });
    expect(await subjectRows(idHasilTo)).toHaveLength(2);
    expect(await h.count('hasil_to')).toBe(1);
  });
});

describe('against the demo seed', () => {
  let ctx: SeededTestContext;
  beforeAll(async () => {
    ctx = await buildSeededTestApp({ clock: testClock(T0), participants: 5 });
  });
  afterAll(() => ctx.close());

  it('tutor (choices A–D) meets no question keyed E in any start answer of the packages open to her', async () => {
    const { headers, siswa } = await loginAs(ctx.app, DEMO.usernames.tutor);
    const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await ctx.app.inject({ method, url: `/api${url}`, headers, payload });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const served = new Map<number, StartedSoal>();
    let expected = 0;
    for (const jadwal of [ctx.seed.jadwal.berjalan, ctx.seed.jadwal.berikutnya]) {
      for (const kategori of jadwal.kategori) {
        const startUrl = `/siswa/tryout/start/id/${jadwal.id}/kategori/${kategori.hash}`;
        expect((await call('POST', startUrl, { id_siswa: siswa.id })).status).toBe(true);
        for (const mapel of kategori.mapel) {
          expected += mapel.jumlahSoal;
          const report = (status: 0 | 1) =>
            call('PUT', `/siswa/tryout/statusmapel/id/${jadwal.id}`, {
              id_siswa: siswa.id,
              id_mapel: mapel.id,
              kategori: kategori.hash,
              sisa_waktu: status === 0 ? 9999 : 0,
              status,
            });
          // "Kerjakan" opens the subject; the start answer (asked again) is what the sheet shows.
          expect((await report(0)).status).toBe(true);
          const start = await call('POST', startUrl, { id_siswa: siswa.id });
          expect(start.status).toBe(true);
          for (const s of start.content.soal as StartedSoal[]) served.set(s.id_soal, s);
          expect((await report(1)).content).toEqual({ sisa_waktu: 0, status: 1 });
        }
        expect(
          (
            await call('POST', `/siswa/tryout/end/id/${jadwal.id}/kategori/${kategori.hash}`, {
              id_siswa: siswa.id,
            })
          ).status,
        ).toBe(true);
      }
    }
    expect(served.size).toBe(expected);
    const keys = await ctx.db
      .selectFrom('soal')
      .select(['id', 'type', 'kunci'])
      .where('id', 'in', [...served.keys()])
      .execute();
    expect(keys).toHaveLength(expected);
    const pilihan = keys.filter((k) => k.type === 1);
    expect(pilihan.length).toBeGreaterThan(20);
    expect(pilihan.filter((k) => !['A', 'B', 'C', 'D'].includes(k.kunci))).toEqual([]);
    expect([...served.values()].filter((s) => s.type === 1 && s.e !== '')).toEqual([]);
  });

  it('a regular student previews, starts, answers, closes every subject and ends a running package', async () => {
    const { headers, siswa } = await loginAs(ctx.app, DEMO.usernames.reguler);
    const jadwal = ctx.seed.jadwal.berjalan;
    const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await ctx.app.inject({
        method,
        url: `/api${url}`,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    const preview = await inject('GET', `/siswa/tryout/preview/paket/${jadwal.paket}/id/${jadwal.id}`);
    const kategori = preview.content.detailPaket.find(
      (k: { is_selesai: number; is_antrian: number }) => k.is_selesai === 0 && k.is_antrian === 0,
    );
    expect(kategori).toBeDefined();
    const start = await inject(
      'POST',
      `/siswa/tryout/start/id/${jadwal.id}/kategori/${kategori.kategoriHash}`,
      {
        id_siswa: siswa.id,
      },
    );
    expect(start.status).toBe(true);
    const jumlahPertama = (kategori.detailSoal as { jmlh_soal: number }[])[0].jmlh_soal;
    expect(start.content.soal.length).toBe(jumlahPertama);

    for (const mapel of kategori.detailSoal as { id_mapel: number; jmlh_soal: number }[]) {
      const opened = await inject('PUT', `/siswa/tryout/statusmapel/id/${jadwal.id}`, {
        id_siswa: siswa.id,
        id_mapel: mapel.id_mapel,
        kategori: kategori.kategoriHash,
        sisa_waktu: 60,
        status: 0,
      });
      expect(opened.status).toBe(true);
      const shown = await inject(
        'POST',
        `/siswa/tryout/start/id/${jadwal.id}/kategori/${kategori.kategoriHash}`,
        {
          id_siswa: siswa.id,
        },
      );
      const ofMapel = (shown.content.soal as (StartedSoal & { id_mapel: number })[]).filter(
        (s) => s.id_mapel === mapel.id_mapel,
      );
      expect(ofMapel).toHaveLength(mapel.jmlh_soal);
      const first = ofMapel.find((s) => s.type === 1);
      if (first) {
        const saved = await inject('PUT', `/siswa/tryout/saveanswer/id/${jadwal.id}`, {
          id_hasil_to: start.content.id_hasil_to,
          id_jawaban: first.id_jawaban,
          jawaban: 'A',
          sisa_waktu: 100,
          type_soal: 1,
          operation: 'save',
        });
        expect(saved.status).toBe(true);
      }
      const closed = await inject('PUT', `/siswa/tryout/statusmapel/id/${jadwal.id}`, {
        id_siswa: siswa.id,
        id_mapel: mapel.id_mapel,
        kategori: kategori.kategoriHash,
        sisa_waktu: 0,
        status: 1,
      });
      expect(closed.content).toEqual({ sisa_waktu: 0, status: 1 });
    }

    const end = await inject('POST', `/siswa/tryout/end/id/${jadwal.id}/kategori/${kategori.kategoriHash}`, {
      id_siswa: siswa.id,
    });
    expect(end.status).toBe(true);
    const rows = await ctx.db
      .selectFrom('hasil_mapel')
      .select('id_mapel')
      .where('id_hasil_to', '=', start.content.id_hasil_to)
      .execute();
    expect(rows).toHaveLength(kategori.detailSoal.length);
  });
});
