import { buildTestApp, testClock, type TestContext } from '../../../helpers/buildTestApp';
import {
  FIXTURE_NOW,
  buildPaketFixture,
  insertAttempt,
  insertHasilMapel,
  insertSiswa,
  sessionFor,
  type PaketFixture,
} from '../../../helpers/hasilFixture';

type Who = keyof PaketFixture['siswa'];

/** A fresh app on the shared package fixture, with a session for each of its students. */
async function fixtureApp() {
  const ctx = await buildTestApp({ clock: testClock(FIXTURE_NOW) });
  const fx = await buildPaketFixture(ctx.db);
  const headers: Record<string, { key: string }> = {};
  for (const [name, id] of Object.entries(fx.siswa))
    headers[name] = { key: await sessionFor(ctx.db, id, FIXTURE_NOW) };
  const post = (url: string, who: Who | null, payload?: unknown, extra: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...(who ? headers[who] : {}), ...extra },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return { ctx, fx, headers, post };
}

// Tests that only read share one app; a test that adds rows builds its own, so the order of tests never matters.
let ctx: TestContext;
let fx: PaketFixture;
let headers: Record<string, { key: string }>;
let post: Awaited<ReturnType<typeof fixtureApp>>['post'];

beforeAll(async () => {
  ({ ctx, fx, headers, post } = await fixtureApp());
});
afterAll(() => ctx.close());

describe('POST /siswa/tryout/ranking/idsiswa/:idsiswa', () => {
  it('lists the packages the student finished, with or without a body', async () => {
    const expected = { status: true, content: [{ paket: 7, codepaket: fx.idJadwal }] };
    expect((await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.andi}`, 'andi', {})).json()).toEqual(
      expected,
    );
    expect((await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.andi}`, 'andi')).json()).toEqual(expected);
    // An empty body sent as JSON is the same as none.
    const empty = await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.andi}`, 'andi', undefined, {
      'content-type': 'application/json',
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(expected);
    // Fajar has not ended every category.
    expect(
      (await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.fajar}`, 'fajar', {})).json().content,
    ).toEqual([]);
  });

  it('answers 401 without a session, 403 for another student, 400 for a bad id or broken JSON', async () => {
    expect((await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.andi}`, null, {})).statusCode).toBe(401);
    expect((await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.andi}`, 'budi', {})).statusCode).toBe(403);
    const bad = await post('/siswa/tryout/ranking/idsiswa/abc', 'andi', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(false);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: `/api/siswa/tryout/ranking/idsiswa/${fx.siswa.andi}`,
      headers: { ...headers.andi, 'content-type': 'application/json' },
      payload: '{"tidak json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ status: false, message: 'Isi permintaan bukan JSON yang valid' });
  });
});

describe('POST /siswa/tryout/ranking/idsiswa/:idsiswa/paket/:paket', () => {
  it('ranks every participant who finished the package with competition ranks', async () => {
    const body = (
      await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.budi}/paket/${fx.idJadwal}`, 'budi', {})
    ).json();
    expect(body).toEqual({
      status: true,
      content: {
        my_rangking: { peringkat: 2, skor: 700 },
        list_rangking: [
          { peringkat: 1, nama: 'Citra Lestari', skor: 850, is_me: false },
          { peringkat: 2, nama: 'Andi Pratama', skor: 700, is_me: false },
          { peringkat: 2, nama: 'Budi Santoso', skor: 700, is_me: true },
          { peringkat: 4, nama: 'Dewi Anggraini', skor: 500, is_me: false },
        ],
        jumlah_peserta: 4,
      },
    });
  });

  it("marks only the caller's own row, by identity, when another participant has the same rank and score", async () => {
    const mine = async (who: Who) =>
      (await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa[who]}/paket/${fx.idJadwal}`, who, {}))
        .json()
        .content.list_rangking.filter((row: { is_me: boolean }) => row.is_me)
        .map((row: { nama: string }) => row.nama);
    // Andi and Budi share rank 2 with 700: each sees only himself marked.
    expect(await mine('andi')).toEqual(['Andi Pratama']);
    expect(await mine('budi')).toEqual(['Budi Santoso']);
    // Eka is enrolled without a score: no row is hers.
    expect(await mine('eka')).toEqual([]);
  });

  it("answers one page of the listing when a page is asked for, the caller's own place wherever it is", async () => {
    const url = `/siswa/tryout/ranking/idsiswa/${fx.siswa.budi}/paket/${fx.idJadwal}`;
    const page = async (body: Record<string, unknown>) => (await post(url, 'budi', body)).json().content;
    const full = await page({});
    expect(await page({ halaman: 1, per_halaman: 2 })).toEqual({
      my_rangking: { peringkat: 2, skor: 700 },
      list_rangking: [
        { peringkat: 1, nama: 'Citra Lestari', skor: 850, is_me: false },
        { peringkat: 2, nama: 'Andi Pratama', skor: 700, is_me: false },
      ],
      jumlah_peserta: 4,
      // Budi ties with Andi at rank 2 and is listed after him: third in the listing, on page 2 of 2-row pages.
      posisi_saya: 3,
    });
    const second = await page({ halaman: 2, per_halaman: 2 });
    expect(second.list_rangking.map((row: { nama: string }) => row.nama)).toEqual([
      'Budi Santoso',
      'Dewi Anggraini',
    ]);
    expect(second.list_rangking[0].is_me).toBe(true);
    // Page after page gives the full list in its order.
    expect([
      ...(await page({ halaman: 1, per_halaman: 3 })).list_rangking,
      ...(await page({ halaman: 2, per_halaman: 3 })).list_rangking,
    ]).toEqual(full.list_rangking);
    // Past the end: no rows, the count and the caller's place still there. Without per_halaman: 100 rows.
    expect(await page({ halaman: 3, per_halaman: 2 })).toEqual({
      ...full,
      list_rangking: [],
      posisi_saya: 3,
    });
    expect(await page({ halaman: 1 })).toEqual({ ...full, posisi_saya: 3 });
    // The whole list (no page asked for) is the spec's answer, without the place.
    expect(full).not.toHaveProperty('posisi_saya');
    const eka = await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.eka}/paket/${fx.idJadwal}`, 'eka', {
      halaman: 1,
      per_halaman: 1,
    });
    expect(eka.json().content).toEqual({
      my_rangking: null,
      list_rangking: [{ peringkat: 1, nama: 'Citra Lestari', skor: 850, is_me: false }],
      jumlah_peserta: 4,
      posisi_saya: null,
    });
    for (const bad of [{ halaman: 0 }, { halaman: 1, per_halaman: 501 }, { halaman: 'satu' }]) {
      const res = await post(url, 'budi', bad);
      expect([res.statusCode, res.json().status]).toEqual([400, false]);
    }
    expect((await post(url, 'budi', { halaman: 1, per_halaman: 500 })).statusCode).toBe(200);
  });

  it('gives null as my rank to an enrolled student without a score', async () => {
    const body = (
      await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.eka}/paket/${fx.idJadwal}`, 'eka')
    ).json();
    expect(body.content.my_rangking).toBeNull();
    expect(body.content.jumlah_peserta).toBe(4);
  });

  it('answers 404 for an unknown package and 403 for a schedule the student is not part of', async () => {
    expect(
      (await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.andi}/paket/999999`, 'andi', {})).statusCode,
    ).toBe(404);
    const other = await ctx.db
      .insertInto('jadwal')
      .values({
        paket: 8,
        nama: 'Lain',
        tgl_awal: FIXTURE_NOW,
        tgl_akhir: FIXTURE_NOW + 1,
        is_event: 0,
        irt_calibrated_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await post(
      `/siswa/tryout/ranking/idsiswa/${fx.siswa.andi}/paket/${other.id}`,
      'andi',
      {},
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().status).toBe(false);
  });
});

describe('POST /siswa/tryout/rankingjur', () => {
  const jurusan = (who: Who, numoption: unknown) =>
    post('/siswa/tryout/rankingjur', who, { idsiswa: fx.siswa[who], idjadwal: fx.idJadwal, numoption });

  it("ranks the programme's choosers whatever their option number", async () => {
    expect((await jurusan('andi', 2)).json()).toEqual({
      status: true,
      content: {
        data_tryout: { paket: 7 },
        option_student: {
          num_option: 2,
          jenjang: 'S1',
          jurusan: 'Ilmu Hukum',
          universitas: 'Universitas Gadjah Mada',
          grade: 650,
        },
        list_rangking: [
          { peringkat: 1, nama: 'Citra Lestari', skor: 850, is_me: false },
          { peringkat: 2, nama: 'Andi Pratama', skor: 700, is_me: true },
          { peringkat: 2, nama: 'Budi Santoso', skor: 700, is_me: false },
        ],
        my_rangking: { peringkat: 2, skor: 700 },
      },
    });
  });

  it('keeps the Top 10 only', async () => {
    // Its own app: the twelve finishers it adds would change the other rankings.
    const { ctx, fx, post } = await fixtureApp();
    const jurusan = (who: Who, numoption: unknown) =>
      post('/siswa/tryout/rankingjur', who, { idsiswa: fx.siswa[who], idjadwal: fx.idJadwal, numoption });
    const informatika = await ctx.db
      .selectFrom('pilihan_siswa')
      .select('id_prodi')
      .where('id_siswa', '=', fx.siswa.andi)
      .where('num_option', '=', 3)
      .executeTakeFirstOrThrow();
    // Twelve more finishers choose Teknik Informatika, all scoring above Andi.
    for (let i = 0; i < 12; i++) {
      const id = await insertSiswa(ctx.db, `extra${i}`, `Peserta Tambahan ${String(i).padStart(2, '0')}`);
      await ctx.db
        .insertInto('pilihan_siswa')
        .values({ id_siswa: id, num_option: 1, id_prodi: informatika.id_prodi })
        .execute();
      for (const [kategori, mapel] of [
        [fx.kategori.saintek.id, [fx.mapel.matematika, fx.mapel.fisika]],
        [fx.kategori.tps.id, [fx.mapel.penalaran, fx.mapel.bahasa]],
      ] as const) {
        const attempt = await insertAttempt(ctx.db, {
          id_jadwal: fx.idJadwal,
          id_kategori: kategori,
          id_siswa: id,
          ended_at: FIXTURE_NOW - 1000,
        });
        for (const m of mapel)
          await insertHasilMapel(
            ctx.db,
            { id_hasil_to: attempt, id_siswa: id, id_jadwal: fx.idJadwal },
            m,
            900 - i * 10,
          );
      }
    }
    const body = (await jurusan('andi', 3)).json();
    expect(body.content.list_rangking).toHaveLength(10);
    expect(body.content.list_rangking[0]).toEqual({
      peringkat: 1,
      nama: 'Peserta Tambahan 00',
      skor: 900,
      is_me: false,
    });
    expect(body.content.my_rangking).toEqual({ peringkat: 13, skor: 700 });
    await ctx.close();
  });

  it("answers one page of the programme's whole ranking when a page is asked for, with the count and my place", async () => {
    const page = async (who: Who, halaman: number, per_halaman: number) =>
      (
        await post('/siswa/tryout/rankingjur', who, {
          idsiswa: fx.siswa[who],
          idjadwal: fx.idJadwal,
          numoption: 2,
          halaman,
          per_halaman,
        })
      ).json().content;
    const second = await page('andi', 2, 1);
    expect(second).toMatchObject({
      list_rangking: [{ peringkat: 2, nama: 'Andi Pratama', skor: 700, is_me: true }],
      my_rangking: { peringkat: 2, skor: 700 },
      jumlah_peserta: 3,
      posisi_saya: 2,
    });
    expect((await page('andi', 3, 1)).list_rangking).toEqual([
      { peringkat: 2, nama: 'Budi Santoso', skor: 700, is_me: false },
    ]);
    expect((await page('andi', 4, 1)).list_rangking).toEqual([]);
    // The Top 10 answer (no page) keeps the spec's shape.
    expect((await jurusan('andi', 2)).json().content).not.toHaveProperty('posisi_saya');
    for (const bad of [{ halaman: 0 }, { halaman: 1, per_halaman: 501 }]) {
      const res = await post('/siswa/tryout/rankingjur', 'andi', {
        idsiswa: fx.siswa.andi,
        idjadwal: fx.idJadwal,
        numoption: 2,
        ...bad,
      });
      expect([res.statusCode, res.json().status]).toEqual([400, false]);
    }
  });

  it('answers "Data Pilihan Tidak Ditemukan" for a choice the student does not have', async () => {
    expect((await jurusan('andi', 9)).json()).toEqual({
      status: false,
      message: 'Data Pilihan Tidak Ditemukan',
    });
  });

  it('refuses a bad body and another student', async () => {
    expect((await jurusan('andi', 'satu')).statusCode).toBe(400);
    expect((await post('/siswa/tryout/rankingjur', 'andi', { idsiswa: fx.siswa.andi })).statusCode).toBe(400);
    const other = await post('/siswa/tryout/rankingjur', 'budi', {
      idsiswa: fx.siswa.andi,
      idjadwal: fx.idJadwal,
      numoption: 1,
    });
    expect(other.statusCode).toBe(403);
  });
});
