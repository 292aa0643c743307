/**
 * The topic tryout (tryout permateri): auth, preview, start, save, end, results and the discussion.
 */
import type { TestContext } from '../../../helpers/buildTestApp';
import {
  TEKS_SOAL,
  TEKS_PEMBAHASAN,
  type Fixture,
  setup,
  caller,
  fromB64,
  type SoalSheet,
  type Session,
  type MateriItem,
} from '../../../helpers/tryoutMateriServer';

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
