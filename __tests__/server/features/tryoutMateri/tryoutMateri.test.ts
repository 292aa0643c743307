import { isPastGrace, newClock, openClock, tick } from '../../../../src/server/domain/timing';
import { materiRules } from '../../../../src/server/features/tryoutMateri/waktu';
import type { Executor } from '../../../../src/server/db/executor';
import { buildTestApp, testClock, type TestContext } from '../../../helpers/buildTestApp';
import { insertSesi, insertSiswaRow } from '../../../helpers/serverRows';

const DAY = 24 * 60 * 60 * 1000;
const TEKS_SOAL = '<p>Jika x ≥ ½, berapakah café “é”?</p>';
const TEKS_PEMBAHASAN = '<p>Karena ½ · 2 = 1 — naïve ✓</p>';

interface Fixture {
  siswaA: number;
  siswaB: number;
  tokenA: string;
  tokenB: string;
  kSaintek: number;
  kSoshum: number;
  mMatematika: number;
  mEkonomi: number;
  /** 10 minutes; questions [pilihan B (no E), pilihan E, isian 0,5, esai, pilihan C]. */
  tAljabar: number;
  soal: { s1: number; s2: number; s3: number; s4: number; s5: number };
  /** 5 minutes, one question (kunci A). */
  tGeometri: number;
  soalGeometri: number;
  /** No questions. */
  tKosong: number;
  tEkonomi: number;
  soalEkonomi: number;
}

async function insertSiswa(db: Executor, username: string, token: string, now: number): Promise<number> {
  const id = await insertSiswaRow(db, username, { nama_lengkap: `Siswa ${username}` });
  await insertSesi(db, id, token, now, now + 30 * DAY);
  return id;
}

async function insertSoal(
  db: Executor,
  id_materi: number,
  nomor: number,
  fields: { type: number; kunci: string; e?: string; soal?: string },
): Promise<number> {
  const row = await db
    .insertInto('materi_soal')
    .values({
      id_materi,
      nomor,
      type: fields.type,
      soal: fields.soal ?? `<p>Soal ${nomor}</p>`,
      a: fields.type === 1 ? '<p>pilihan á</p>' : '',
      b: fields.type === 1 ? '<p>pilihan ≥ b</p>' : '',
      c: fields.type === 1 ? 'c' : '',
      d: fields.type === 1 ? 'd' : '',
      e: fields.e ?? '',
      kunci: fields.kunci,
      pembahasan: TEKS_PEMBAHASAN,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function seedFixture(db: Executor, now: number): Promise<Fixture> {
  const id = (r: { id: number }) => r.id;
  const kSaintek = id(
    await db
      .insertInto('materi_kategori')
      .values({ nama: 'Saintek', urutan: 1 })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const kSoshum = id(
    await db
      .insertInto('materi_kategori')
      .values({ nama: 'Soshum é', urutan: 2 })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const mMatematika = id(
    await db
      .insertInto('materi_mapel')
      .values({ id_kategori: kSaintek, nama: 'Matematika', urutan: 1 })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const mEkonomi = id(
    await db
      .insertInto('materi_mapel')
      .values({ id_kategori: kSoshum, nama: 'Ekonomi', urutan: 1 })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const materi = async (id_mapel: number, nama: string, menit: number, urutan: number) =>
    id(
      await db
        .insertInto('materi')
        .values({ id_mapel, nama, menit, urutan })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  const tAljabar = await materi(mMatematika, 'Aljabar ½', 10, 1);
  const tGeometri = await materi(mMatematika, 'Geometri', 5, 2);
  const tKosong = await materi(mMatematika, 'Belum Ada Soal', 5, 3);
  const tEkonomi = await materi(mEkonomi, 'Permintaan', 5, 1);
  const soal = {
    s1: await insertSoal(db, tAljabar, 1, { type: 1, kunci: 'B', soal: TEKS_SOAL }),
    s2: await insertSoal(db, tAljabar, 2, { type: 1, kunci: 'E', e: '<p>pilihan e</p>' }),
    s3: await insertSoal(db, tAljabar, 3, { type: 2, kunci: '0,5' }),
    s4: await insertSoal(db, tAljabar, 4, { type: 4, kunci: 'model jawaban' }),
    s5: await insertSoal(db, tAljabar, 5, { type: 1, kunci: 'C' }),
  };
  const soalGeometri = await insertSoal(db, tGeometri, 1, { type: 1, kunci: 'A' });
  const soalEkonomi = await insertSoal(db, tEkonomi, 1, { type: 1, kunci: 'A' });
  const siswaA = await insertSiswa(db, 'andi', 'token-andi', now);
  const siswaB = await insertSiswa(db, 'budi', 'token-budi', now);
  return {
    siswaA,
    siswaB,
    tokenA: 'token-andi',
    tokenB: 'token-budi',
    kSaintek,
    kSoshum,
    mMatematika,
    mEkonomi,
    tAljabar,
    soal,
    tGeometri,
    soalGeometri,
    tKosong,
    tEkonomi,
    soalEkonomi,
  };
}

interface Jawab {
  statusCode: number;
  body: { status: boolean; message?: string; content?: unknown };
  text: string;
}

async function setup(): Promise<{ ctx: TestContext; f: Fixture }> {
  let fixture: Fixture | undefined;
  const clock = testClock(Date.UTC(2025, 0, 6, 8, 0, 0));
  const ctx = await buildTestApp({
    clock,
    seed: async (db) => {
      fixture = await seedFixture(db, clock.now());
    },
  });
  if (!fixture) throw new Error('fixture not seeded');
  return { ctx, f: fixture };
}

function caller(ctx: TestContext) {
  return async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | null,
    payload?: Record<string, unknown>,
  ): Promise<Jawab> => {
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? { key: token } : {},
      ...(payload ? { payload } : {}),
    });
    // Whatever the input, the server never answers 500.
    expect(res.statusCode).toBeLessThan(500);
    return { statusCode: res.statusCode, body: res.json(), text: res.body };
  };
}

const fromB64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

interface SoalSheet {
  id_soal: number;
  soal: string;
  a: string;
  e: string;
  type: number;
  jawaban: string;
}
interface Session {
  idmateri: number;
  materi: string;
  max_soal: number;
  waktu: number;
  soals: SoalSheet[];
}
interface MateriItem {
  id: number;
  soal_dikerjakan: number;
  jumlah_soal: number;
  status: number;
}

describe('tryout permateri', () => {
  let ctx: TestContext;
  let f: Fixture;
  let call: ReturnType<typeof caller>;
  const start = (idmateri: number, token = f.tokenA, id_siswa = f.siswaA) =>
    call('POST', `/siswa/tryoutmateri/start/materi/${idmateri}`, token, { id_siswa });
  const save = (idmateri: number, idsoal: number, jawaban: string, sisa_waktu = 500) =>
    call('PUT', `/siswa/tryoutmateri/saveanswer/idmateri/${idmateri}`, f.tokenA, {
      idsiswa: f.siswaA,
      idsoal,
      jawaban,
      sisa_waktu,
    });
  const end = (idmateri: number, list_jawaban: { idsoal: number; jawaban: string }[]) =>
    call('POST', `/siswa/tryoutmateri/end/materi/${idmateri}`, f.tokenA, {
      id_siswa: f.siswaA,
      list_jawaban,
    });
  const materiList = async (idmapel = f.mMatematika, idkategori = f.kSaintek) => {
    const res = await call(
      'GET',
      `/siswa/tryoutmateri/preview/idsiswa/${f.siswaA}/kategori/${idkategori}/mapel/${idmapel}`,
      f.tokenA,
    );
    return (res.body.content as { materi: MateriItem[] }).materi;
  };
  const hasilRow = (idmateri: number) =>
    ctx.db
      .selectFrom('materi_hasil')
      .selectAll()
      .where('id_materi', '=', idmateri)
      .where('id_siswa', '=', f.siswaA)
      .executeTakeFirst();
  const jawabanRows = async (idmateri: number) => {
    const rows = await ctx.db
      .selectFrom('materi_jawaban')
      .innerJoin('materi_hasil', 'materi_hasil.id', 'materi_jawaban.id_materi_hasil')
      .select(['materi_jawaban.id_soal', 'materi_jawaban.jawaban'])
      .where('materi_hasil.id_materi', '=', idmateri)
      .where('materi_hasil.id_siswa', '=', f.siswaA)
      .orderBy('materi_jawaban.id_soal')
      .execute();
    return rows.map((r) => [r.id_soal, r.jawaban]);
  };
  /** Starts Aljabar, then after 60 s leaves s1 B, s2 cancelled, s3 a 200-char short answer, s4 a 5000-char essay. */
  const saveAljabarAnswers = async () => {
    expect((await start(f.tAljabar)).body.status).toBe(true);
    ctx.clock.advance(60_000);
    for (const [idsoal, jawaban] of [
      [f.soal.s1, 'B'],
      [f.soal.s2, '0'],
      [f.soal.s3, 'x'.repeat(200)],
      [f.soal.s4, 'é'.repeat(5000)],
    ] as const) {
      expect((await save(f.tAljabar, idsoal, jawaban)).body.status).toBe(true);
    }
  };
  /** The saves above, then 10 s later an end that answers s2 A (wrong) and s3 ' 0.5 ' (right): skor 50. */
  const endAljabar = async () => {
    await saveAljabarAnswers();
    ctx.clock.advance(10_000);
    const res = await end(f.tAljabar, [
      { idsoal: f.soal.s2, jawaban: 'A' },
      { idsoal: f.soal.s3, jawaban: ' 0.5 ' },
    ]);
    expect(res.body.status).toBe(true);
  };

  beforeEach(async () => {
    ({ ctx, f } = await setup());
    call = caller(ctx);
  });
  afterEach(async () => {
    await ctx.close();
  });

  describe('auth', () => {
    it('answers 401 without a key or with a dead one', async () => {
      const none = await call('GET', `/siswa/tryoutmateri/preview/idsiswa/${f.siswaA}`, null);
      expect(none.statusCode).toBe(401);
      expect(none.body.status).toBe(false);
      const dead = await call('POST', '/siswa/tryoutmateri/hasil', 'token-palsu', { id_siswa: f.siswaA });
      expect(dead.statusCode).toBe(401);
    });

    it("answers 403 for another student's id and writes nothing", async () => {
      const other = f.siswaB;
      const results = [
        await call('GET', `/siswa/tryoutmateri/preview/idsiswa/${other}`, f.tokenA),
        await call('GET', `/siswa/tryoutmateri/preview/idsiswa/${other}/kategori/${f.kSaintek}`, f.tokenA),
        await start(f.tAljabar, f.tokenA, other),
        await call('PUT', `/siswa/tryoutmateri/saveanswer/idmateri/${f.tAljabar}`, f.tokenA, {
          idsiswa: other,
          idsoal: f.soal.s1,
          jawaban: 'A',
          sisa_waktu: 10,
        }),
        await call('POST', `/siswa/tryoutmateri/end/materi/${f.tAljabar}`, f.tokenA, {
          id_siswa: other,
          list_jawaban: [],
        }),
        await call('POST', '/siswa/tryoutmateri/hasil', f.tokenA, { id_siswa: other }),
        await call('POST', `/siswa/tryoutmateri/hasil/materi/${f.tAljabar}`, f.tokenA, { id_siswa: other }),
        await call('POST', `/siswa/tryoutmateri/pembahasan/materi/${f.tAljabar}`, f.tokenA, {
          id_siswa: other,
        }),
      ];
      for (const r of results) {
        expect(r.statusCode).toBe(403);
        expect(r.body).toEqual({ status: false, message: expect.any(String) });
      }
      const rows = await ctx.db.selectFrom('materi_hasil').selectAll().execute();
      expect(rows).toHaveLength(0);
    });
  });

  describe('preview', () => {
    it('lists categories, then the subjects of one category', async () => {
      const kat = await call('GET', `/siswa/tryoutmateri/preview/idsiswa/${f.siswaA}`, f.tokenA);
      expect(kat.statusCode).toBe(200);
      expect(kat.body).toEqual({
        status: true,
        content: {
          kategori: [
            { id: f.kSaintek, name: 'Saintek' },
            { id: f.kSoshum, name: 'Soshum é' },
          ],
        },
      });
      const mapel = await call(
        'GET',
        `/siswa/tryoutmateri/preview/idsiswa/${f.siswaA}/kategori/${f.kSoshum}`,
        f.tokenA,
      );
      expect(mapel.body).toEqual({
        status: true,
        content: {
          kategori: 'Soshum é',
          mapel: [{ id_kategori: f.kSoshum, id_mapel: f.mEkonomi, mapel: 'Ekonomi' }],
        },
      });
    });

    it('lists the topics of a subject with question counts and no attempt yet', async () => {
      const res = await call(
        'GET',
        `/siswa/tryoutmateri/preview/idsiswa/${f.siswaA}/kategori/${f.kSaintek}/mapel/${f.mMatematika}`,
        f.tokenA,
      );
      expect(res.body).toEqual({
        status: true,
        content: {
          mapel: 'Matematika',
          materi: [
            { id: f.tAljabar, materi: 'Aljabar ½', menit: 10, soal_dikerjakan: 0, jumlah_soal: 5, status: 0 },
            { id: f.tGeometri, materi: 'Geometri', menit: 5, soal_dikerjakan: 0, jumlah_soal: 1, status: 0 },
            {
              id: f.tKosong,
              materi: 'Belum Ada Soal',
              menit: 5,
              soal_dikerjakan: 0,
              jumlah_soal: 0,
              status: 0,
            },
          ],
        },
      });
    });

    it('answers 404 for unknown ids and for a subject outside the category', async () => {
      const base = `/siswa/tryoutmateri/preview/idsiswa/${f.siswaA}`;
      for (const url of [
        `${base}/kategori/9999`,
        `${base}/kategori/9999/mapel/${f.mMatematika}`,
        `${base}/kategori/${f.kSaintek}/mapel/9999`,
        `${base}/kategori/${f.kSaintek}/mapel/${f.mEkonomi}`,
      ]) {
        const res = await call('GET', url, f.tokenA);
        expect(res.statusCode).toBe(404);
        expect(res.body.status).toBe(false);
      }
      const bad = await call('GET', `${base}/kategori/abc`, f.tokenA);
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('start', () => {
    it('refuses a topic without questions and creates no attempt', async () => {
      const res = await start(f.tKosong);
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual({ status: false, message: 'Soal untuk materi ini belum tersedia' });
      expect(await hasilRow(f.tKosong)).toBeUndefined();
      expect((await start(9999)).statusCode).toBe(404);
    });

    it('starts once with the full time and sends no keys nor discussions', async () => {
      const res = await start(f.tAljabar);
      expect(res.statusCode).toBe(200);
      expect(res.body.status).toBe(true);
      const s = res.body.content as Session;
      expect(s).toMatchObject({ idmateri: f.tAljabar, materi: 'Aljabar ½', max_soal: 5, waktu: 600 });
      expect(s.soals.map((q) => [q.id_soal, q.type, q.jawaban])).toEqual([
        [f.soal.s1, 1, ''],
        [f.soal.s2, 1, ''],
        [f.soal.s3, 2, ''],
        [f.soal.s4, 4, ''],
        [f.soal.s5, 1, ''],
      ]);
      expect(res.text).not.toMatch(/kunci|pembahasan|is_benar/);
      expect(res.text).not.toContain(Buffer.from(TEKS_PEMBAHASAN, 'utf8').toString('base64'));
      const row = await hasilRow(f.tAljabar);
      expect(row).toMatchObject({ status: 0, sisa_waktu: 600, started_at: ctx.clock.now(), ended_at: null });
    });

    it('creates one attempt when two starts race', async () => {
      const [one, two] = await Promise.all([
        start(f.tGeometri, f.tokenB, f.siswaB),
        start(f.tGeometri, f.tokenB, f.siswaB),
      ]);
      expect([one.body.status, two.body.status]).toEqual([true, true]);
      const rows = await ctx.db
        .selectFrom('materi_hasil')
        .select('id')
        .where('id_siswa', '=', f.siswaB)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('answers 400 for a malformed start', async () => {
      const bad = await call('POST', '/siswa/tryoutmateri/start/materi/abc', f.tokenA, {
        id_siswa: f.siswaA,
      });
      expect(bad.statusCode).toBe(400);
      const noBody = await call('POST', `/siswa/tryoutmateri/start/materi/${f.tGeometri}`, f.tokenA, {});
      expect(noBody.statusCode).toBe(400);
      expect(noBody.body.status).toBe(false);
    });

    it('encodes texts as base64 of UTF-8 and keeps non-ASCII intact', async () => {
      const s = (await start(f.tAljabar)).body.content as Session;
      expect(fromB64(s.soals[0].soal)).toBe(TEKS_SOAL);
      expect(fromB64(s.soals[0].a)).toBe('<p>pilihan á</p>');
      expect(fromB64(s.soals[0].e)).toBe('');
      expect(fromB64(s.soals[1].e)).toBe('<p>pilihan e</p>');
    });
  });

  describe('save', () => {
    it('stores answers as idempotent upserts and clamps the reported time', async () => {
      await start(f.tAljabar);
      ctx.clock.advance(60_000);
      const first = await save(f.tAljabar, f.soal.s1, 'b', 9999);
      expect(first.statusCode).toBe(200);
      expect(first.body.status).toBe(true);
      expect(await save(f.tAljabar, f.soal.s1, 'B', 9999)).toMatchObject({ body: { status: true } });
      expect(await jawabanRows(f.tAljabar)).toEqual([[f.soal.s1, 'B']]);
      // The client reported more than the server counts (600 − 60): recorded as the server's count.
      expect((await hasilRow(f.tAljabar))?.sisa_waktu).toBe(540);
      await save(f.tAljabar, f.soal.s1, 'B', 500);
      expect((await hasilRow(f.tAljabar))?.sisa_waktu).toBe(500);
    });

    it('cancels a choice with "0" or "" and accepts short answers and essays within bounds', async () => {
      await start(f.tAljabar);
      expect((await save(f.tAljabar, f.soal.s1, 'B')).body.status).toBe(true);
      expect((await save(f.tAljabar, f.soal.s2, 'A')).body.status).toBe(true);
      expect((await save(f.tAljabar, f.soal.s2, '0')).body.status).toBe(true);
      expect((await save(f.tAljabar, f.soal.s3, 'x'.repeat(200))).body.status).toBe(true);
      expect((await save(f.tAljabar, f.soal.s4, 'é'.repeat(5000))).body.status).toBe(true);
      expect(await jawabanRows(f.tAljabar)).toEqual([
        [f.soal.s1, 'B'],
        [f.soal.s2, ''],
        [f.soal.s3, 'x'.repeat(200)],
        [f.soal.s4, 'é'.repeat(5000)],
      ]);
    });

    it('refuses bad answers with 400 and changes nothing', async () => {
      await saveAljabarAnswers();
      const before = await jawabanRows(f.tAljabar);
      const cases: [number, string][] = [
        [f.soal.s1, 'E'], // option E has no text on this question
        [f.soal.s1, 'F'],
        [f.soal.s1, 'AB'],
        [f.soal.s3, 'x'.repeat(201)],
        [f.soal.s4, 'x'.repeat(5001)],
        [f.soalGeometri, 'A'], // a question of another topic
        [999999, 'A'],
      ];
      for (const [idsoal, jawaban] of cases) {
        const res = await save(f.tAljabar, idsoal, jawaban);
        expect(res.statusCode).toBe(400);
        expect(res.body).toEqual({ status: false, message: expect.any(String) });
      }
      const noBody = await call('PUT', `/siswa/tryoutmateri/saveanswer/idmateri/${f.tAljabar}`, f.tokenA, {
        idsiswa: f.siswaA,
      });
      expect(noBody.statusCode).toBe(400);
      expect((await save(9999, f.soal.s1, 'A')).statusCode).toBe(404);
      expect(await jawabanRows(f.tAljabar)).toEqual(before);
    });

    it('refuses a save on a topic that was not started', async () => {
      const res = await save(f.tGeometri, f.soalGeometri, 'A');
      expect(res.body).toEqual({ status: false, message: 'Tryout materi ini belum dimulai' });
      expect(await hasilRow(f.tGeometri)).toBeUndefined();
    });

    it('shows the answered count in the topic list and the saved answers on a second start', async () => {
      await saveAljabarAnswers();
      const list = await materiList();
      expect(list[0]).toMatchObject({ id: f.tAljabar, soal_dikerjakan: 3, jumlah_soal: 5, status: 0 });
      const startedAt = (await hasilRow(f.tAljabar))?.started_at;
      ctx.clock.advance(30_000);
      const again = (await start(f.tAljabar)).body.content as Session;
      expect(again.waktu).toBe(600 - 90);
      expect(again.soals.map((q) => q.jawaban)).toEqual(['B', '', 'x'.repeat(200), 'é'.repeat(5000), '']);
      expect((await hasilRow(f.tAljabar))?.started_at).toBe(startedAt);
      const count = await ctx.db
        .selectFrom('materi_hasil')
        .select(['id'])
        .where('id_siswa', '=', f.siswaA)
        .execute();
      expect(count).toHaveLength(1);
    });
  });

  describe('end, results and discussion', () => {
    it('refuses results and discussion before the topic is done', async () => {
      const hasil = await call('POST', `/siswa/tryoutmateri/hasil/materi/${f.tAljabar}`, f.tokenA, {
        id_siswa: f.siswaA,
      });
      expect(hasil.body).toEqual({ status: false, message: 'Data Tidak Ditemukan' });
      const pembahasan = await call('POST', `/siswa/tryoutmateri/pembahasan/materi/${f.tAljabar}`, f.tokenA, {
        id_siswa: f.siswaA,
      });
      expect(pembahasan.body).toEqual({ status: false, message: 'Data Pembahasan Tidak Ditemukan' });
      expect(pembahasan.text).not.toMatch(/kunci/);
      const list = await call('POST', '/siswa/tryoutmateri/hasil', f.tokenA, { id_siswa: f.siswaA });
      expect(list.body).toEqual({ status: true, content: [] });
    });

    it('refuses an end with a foreign question as a whole: 400 and nothing written', async () => {
      await saveAljabarAnswers();
      const before = await jawabanRows(f.tAljabar);
      const res = await end(f.tAljabar, [
        { idsoal: f.soal.s5, jawaban: 'C' },
        { idsoal: f.soalEkonomi, jawaban: 'A' },
      ]);
      expect(res.statusCode).toBe(400);
      expect(await jawabanRows(f.tAljabar)).toEqual(before);
      const dup = await end(f.tAljabar, [
        { idsoal: f.soal.s5, jawaban: 'C' },
        { idsoal: f.soal.s5, jawaban: 'D' },
      ]);
      expect(dup.statusCode).toBe(400);
      expect((await end(f.tAljabar, [{ idsoal: f.soal.s1, jawaban: 'E' }])).statusCode).toBe(400);
      const noList = await call('POST', `/siswa/tryoutmateri/end/materi/${f.tAljabar}`, f.tokenA, {
        id_siswa: f.siswaA,
      });
      expect(noList.statusCode).toBe(400);
      const notText = await call('POST', `/siswa/tryoutmateri/end/materi/${f.tAljabar}`, f.tokenA, {
        id_siswa: f.siswaA,
        list_jawaban: [{ idsoal: f.soal.s5, jawaban: { x: 1 } }],
      });
      expect(notText.statusCode).toBe(400);
      expect((await hasilRow(f.tAljabar))?.status).toBe(0);
    });

    it('saves the listed answers and scores the topic in one step', async () => {
      await saveAljabarAnswers();
      ctx.clock.advance(10_000);
      const res = await end(f.tAljabar, [
        { idsoal: f.soal.s2, jawaban: 'A' },
        { idsoal: f.soal.s3, jawaban: ' 0.5 ' },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual({ status: true, message: expect.any(String) });
      // s1 B right, s2 A wrong, s3 0.5 = 0,5 right, s4 essay not scored, s5 blank.
      const row = await hasilRow(f.tAljabar);
      expect(row).toMatchObject({
        status: 1,
        benar: 2,
        salah: 1,
        kosong: 1,
        skor: 50,
        ended_at: ctx.clock.now(),
      });
    });

    it('is idempotent: a second end changes nothing, later saves and starts are refused', async () => {
      await endAljabar();
      const before = await hasilRow(f.tAljabar);
      const answers = await jawabanRows(f.tAljabar);
      ctx.clock.advance(5_000);
      const again = await end(f.tAljabar, [{ idsoal: f.soal.s5, jawaban: 'C' }]);
      expect(again.body.status).toBe(true);
      const saved = await save(f.tAljabar, f.soal.s5, 'C');
      expect(saved.body).toEqual({ status: false, message: 'Tryout materi ini sudah selesai dikerjakan' });
      const restarted = await start(f.tAljabar);
      expect(restarted.body).toEqual({
        status: false,
        message: 'Tryout materi ini sudah selesai dikerjakan',
      });
      expect(await hasilRow(f.tAljabar)).toEqual(before);
      expect(await jawabanRows(f.tAljabar)).toEqual(answers);
      const list = await materiList();
      expect(list[0]).toMatchObject({ id: f.tAljabar, soal_dikerjakan: 4, status: 1 });
    });

    it('lists finished topics newest first and shows one result', async () => {
      await endAljabar();
      await start(f.tEkonomi);
      ctx.clock.advance(1_000);
      await end(f.tEkonomi, [{ idsoal: f.soalEkonomi, jawaban: 'A' }]);
      const list = await call('POST', '/siswa/tryoutmateri/hasil', f.tokenA, { id_siswa: f.siswaA });
      expect(list.body).toEqual({
        status: true,
        content: [
          { idmateri: f.tEkonomi, mapel: 'Ekonomi', materi: 'Permintaan', skor: 100 },
          { idmateri: f.tAljabar, mapel: 'Matematika', materi: 'Aljabar ½', skor: 50 },
        ],
      });
      const other = await call('POST', '/siswa/tryoutmateri/hasil', f.tokenB, { id_siswa: f.siswaB });
      expect(other.body).toEqual({ status: true, content: [] });
      const one = await call('POST', `/siswa/tryoutmateri/hasil/materi/${f.tAljabar}`, f.tokenA, {
        id_siswa: f.siswaA,
      });
      expect(one.body).toEqual({
        status: true,
        content: {
          idmateri: f.tAljabar,
          materi: 'Aljabar ½',
          mapel: 'Matematika',
          skor: 50,
          benar: 2,
          salah: 1,
          kosong: 1,
          jumlah_soal: 5,
        },
      });
      const unknown = await call('POST', '/siswa/tryoutmateri/hasil/materi/9999', f.tokenA, {
        id_siswa: f.siswaA,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('shows the discussion with keys, base64 UTF-8 texts and is_benar once done', async () => {
      await endAljabar();
      const res = await call('POST', `/siswa/tryoutmateri/pembahasan/materi/${f.tAljabar}`, f.tokenA, {
        id_siswa: f.siswaA,
      });
      expect(res.body.status).toBe(true);
      const content = res.body.content as {
        materi: string;
        mapel: string;
        soal: (SoalSheet & { kunci: string; is_benar: number; pembahasan: string })[];
      };
      expect(content.materi).toBe('Aljabar ½');
      expect(content.mapel).toBe('Matematika');
      expect(content.soal.map((s) => [s.id_soal, s.jawaban, s.kunci, s.is_benar])).toEqual([
        [f.soal.s1, 'B', 'B', 1],
        [f.soal.s2, 'A', 'E', 0],
        [f.soal.s3, ' 0.5 ', '0,5', 1],
        [f.soal.s4, 'é'.repeat(5000), 'model jawaban', 0],
        [f.soal.s5, '', 'C', 0],
      ]);
      expect(fromB64(content.soal[0].soal)).toBe(TEKS_SOAL);
      expect(fromB64(content.soal[0].pembahasan)).toBe(TEKS_PEMBAHASAN);
      // Another student who never took the topic gets nothing.
      const other = await call('POST', `/siswa/tryoutmateri/pembahasan/materi/${f.tAljabar}`, f.tokenB, {
        id_siswa: f.siswaB,
      });
      expect(other.body).toEqual({ status: false, message: 'Data Pembahasan Tidak Ditemukan' });
    });
  });
});

describe('tryout permateri: the server keeps the time', () => {
  let ctx: TestContext;
  let f: Fixture;
  let call: ReturnType<typeof caller>;
  const save = (idmateri: number, idsoal: number, jawaban: string) =>
    call('PUT', `/siswa/tryoutmateri/saveanswer/idmateri/${idmateri}`, f.tokenA, {
      idsiswa: f.siswaA,
      idsoal,
      jawaban,
      sisa_waktu: 0,
    });
  const row = (idmateri: number) =>
    ctx.db
      .selectFrom('materi_hasil')
      .selectAll()
      .where('id_materi', '=', idmateri)
      .where('id_siswa', '=', f.siswaA)
      .executeTakeFirstOrThrow();

  beforeEach(async () => {
    ({ ctx, f } = await setup());
    call = caller(ctx);
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('accepts a save within the 30 s grace, refuses it after and ends the topic itself', async () => {
    const startedAt = ctx.clock.now();
    await call('POST', `/siswa/tryoutmateri/start/materi/${f.tGeometri}`, f.tokenA, { id_siswa: f.siswaA });
    ctx.clock.advance(5 * 60_000 + 20_000);
    const again = await call('POST', `/siswa/tryoutmateri/start/materi/${f.tGeometri}`, f.tokenA, {
      id_siswa: f.siswaA,
    });
    expect((again.body.content as Session).waktu).toBe(0);
    expect((await save(f.tGeometri, f.soalGeometri, 'A')).body.status).toBe(true);

    ctx.clock.advance(11_000);
    const late = await save(f.tGeometri, f.soalGeometri, 'B');
    expect(late.body).toEqual({ status: false, message: 'Waktu tryout materi sudah habis' });
    expect(await row(f.tGeometri)).toMatchObject({
      status: 1,
      benar: 1,
      salah: 0,
      kosong: 0,
      skor: 100,
      sisa_waktu: 0,
      ended_at: startedAt + 5 * 60_000,
    });
    const answer = await ctx.db
      .selectFrom('materi_jawaban')
      .select('jawaban')
      .where('id_soal', '=', f.soalGeometri)
      .execute();
    expect(answer).toEqual([{ jawaban: 'A' }]);
  });

  it('ends an expired topic when the list or the results touch it, scoring only what was saved in time', async () => {
    // An earlier topic, Geometri, expired with its answer: it must come after Aljabar in the results.
    await call('POST', `/siswa/tryoutmateri/start/materi/${f.tGeometri}`, f.tokenA, { id_siswa: f.siswaA });
    expect((await save(f.tGeometri, f.soalGeometri, 'A')).body.status).toBe(true);
    ctx.clock.advance(5 * 60_000 + 31_000);
    expect((await row(f.tGeometri)).status).toBe(0);
    expect((await save(f.tGeometri, f.soalGeometri, 'B')).body.status).toBe(false);
    expect((await row(f.tGeometri)).status).toBe(1);
    await call('POST', `/siswa/tryoutmateri/start/materi/${f.tAljabar}`, f.tokenA, { id_siswa: f.siswaA });
    expect((await save(f.tAljabar, f.soal.s1, 'B')).body.status).toBe(true);
    ctx.clock.advance(10 * 60_000 + 31_000);

    const list = await call(
      'GET',
      `/siswa/tryoutmateri/preview/idsiswa/${f.siswaA}/kategori/${f.kSaintek}/mapel/${f.mMatematika}`,
      f.tokenA,
    );
    const aljabar = (list.body.content as { materi: MateriItem[] }).materi.find((m) => m.id === f.tAljabar);
    expect(aljabar).toMatchObject({ status: 1, soal_dikerjakan: 1 });
    // A late end keeps the score of the saved answers and writes nothing new.
    const ended = await call('POST', `/siswa/tryoutmateri/end/materi/${f.tAljabar}`, f.tokenA, {
      id_siswa: f.siswaA,
      list_jawaban: [{ idsoal: f.soal.s5, jawaban: 'C' }],
    });
    expect(ended.body.status).toBe(true);
    expect(await row(f.tAljabar)).toMatchObject({ status: 1, benar: 1, salah: 0, kosong: 3, skor: 25 });
    const hasil = await call('POST', '/siswa/tryoutmateri/hasil', f.tokenA, { id_siswa: f.siswaA });
    expect((hasil.body.content as { idmateri: number }[]).map((h) => h.idmateri)).toEqual([
      f.tAljabar,
      f.tGeometri,
    ]);
  });

  it('scores a late end with the saved answers when nothing touched the topic before', async () => {
    await call('POST', `/siswa/tryoutmateri/start/materi/${f.tEkonomi}`, f.tokenA, { id_siswa: f.siswaA });
    ctx.clock.advance(6 * 60_000);
    const ended = await call('POST', `/siswa/tryoutmateri/end/materi/${f.tEkonomi}`, f.tokenA, {
      id_siswa: f.siswaA,
      list_jawaban: [{ idsoal: f.soalEkonomi, jawaban: 'A' }],
    });
    expect(ended.body).toEqual({
      status: true,
      message: expect.stringContaining('Waktu tryout materi sudah habis'),
    });
    expect(await row(f.tEkonomi)).toMatchObject({ status: 1, benar: 0, kosong: 1, skor: 0 });
    const answers = await ctx.db
      .selectFrom('materi_jawaban')
      .select('jawaban')
      .where('id_soal', '=', f.soalEkonomi)
      .execute();
    expect(answers).toEqual([]);
  });
});

describe('a per-topic clock on the one timing engine', () => {
  const t0 = 1_000_000;
  const rules = materiRules(10);
  const clock = (now: number) => tick(openClock(newClock(rules.durasi), t0), rules, now);
  it('counts the remaining seconds on the wall clock from the start, never below 0', () => {
    expect(clock(t0).sisaWaktu).toBe(600);
    expect(clock(t0 + 999).sisaWaktu).toBe(600);
    expect(clock(t0 + 1_000).sisaWaktu).toBe(599);
    expect(clock(t0 + 700_000)).toMatchObject({ status: 1, sisaWaktu: 0, lastSeenAt: t0 + 600_000 });
    // A clock reading before the start (clock skew) gives no extra time.
    expect(clock(t0 - 5_000).sisaWaktu).toBe(600);
  });

  it('closes exactly 30 s after the time is over', () => {
    expect(isPastGrace(clock(t0 + 630_000), t0 + 630_000)).toBe(false);
    expect(isPastGrace(clock(t0 + 631_000), t0 + 631_000)).toBe(true);
  });
});

describe('tryout permateri: who may start', () => {
  let ctx: TestContext;
  let f: Fixture;
  beforeEach(async () => {
    ({ ctx, f } = await setup());
  });
  afterEach(() => ctx.close());

  async function startAs(username: string, fields: { lembaga: string; id_program: number }) {
    const id = await insertSiswaRow(ctx.db, username, { nama_lengkap: `Siswa ${username}`, ...fields });
    const token = `token-${username}`;
    await insertSesi(ctx.db, id, token, ctx.clock.now(), ctx.clock.now() + DAY);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/siswa/tryoutmateri/start/materi/${f.tAljabar}`,
      headers: { key: token },
      payload: { id_siswa: id },
    });
    const rows = await ctx.db.selectFrom('materi_hasil').selectAll().where('id_siswa', '=', id).execute();
    return { status: res.statusCode, body: res.json(), rows };
  }

  it('refuses an event student and a programme outside 1, 2, 5, 6, 7, with a clear message and no row', async () => {
    const refusal = { status: false, message: 'Tryout permateri tidak tersedia untuk akun kamu' };
    const event = await startAs('akbar1', { lembaga: 'TO Akbar', id_program: 1 });
    expect(event).toEqual({ status: 200, body: refusal, rows: [] });
    const program3 = await startAs('prog3', { lembaga: 'SiapTes', id_program: 3 });
    expect(program3).toEqual({ status: 200, body: refusal, rows: [] });
    const program7 = await startAs('prog7', { lembaga: 'Bimbel Nusantara', id_program: 7 });
    expect(program7.body.status).toBe(true);
    expect(program7.rows).toHaveLength(1);
  });
});
