/**
 * The close of a schedule stores its results (scoring/penutupan.ts, migration 004): package ranks, choice ranks
 * and statuses, category means. The stored rows equal the computed ones, the HTTP answers are the same before and
 * after, closing twice changes nothing, and a closed schedule's reads come from the stored rows.
 */
import { passesChoice } from '../../../src/server/domain/ptn';
import { imporSiswa } from '../../../src/server/operator/imporSiswa';
import { writeHasilMapel } from '../../../src/server/scoring/hasilMapel';
import { calibrateJadwal, nilaiUlangJadwal } from '../../../src/server/scoring/irtScoring';
import { tutupHasil } from '../../../src/server/scoring/penutupan';
import { rankPackage } from '../../../src/server/scoring/skorPaket';
import { buildTestApp, testClock, type TestContext } from '../../helpers/buildTestApp';
import {
  FIXTURE_NOW,
  buildEventFixture,
  buildPaketFixture,
  sessionFor,
  type PaketFixture,
} from '../../helpers/hasilFixture';

const DAY = 24 * 60 * 60 * 1000;

type Who = keyof PaketFixture['siswa'];

async function storedPaket(ctx: TestContext, idJadwal: number) {
  return (
    await ctx.db
      .selectFrom('peringkat_paket')
      .select(['id_siswa', 'skor', 'peringkat', 'urutan'])
      .where('id_jadwal', '=', idJadwal)
      .orderBy('urutan')
      .execute()
  ).map((r) => ({ ...r, skor: Number(r.skor) }));
}

async function storedPilihan(ctx: TestContext, idJadwal: number) {
  return (
    await ctx.db
      .selectFrom('peringkat_pilihan')
      .select(['id_prodi', 'id_siswa', 'skor', 'peringkat', 'urutan', 'lulus'])
      .where('id_jadwal', '=', idJadwal)
      .orderBy('id_prodi')
      .orderBy('urutan')
      .execute()
  ).map((r) => ({ ...r, skor: Number(r.skor) }));
}

async function peringkatAt(ctx: TestContext, idJadwal: number) {
  const row = await ctx.db
    .selectFrom('jadwal')
    .select('peringkat_at')
    .where('id', '=', idJadwal)
    .executeTakeFirstOrThrow();
  return row.peringkat_at === null ? null : Number(row.peringkat_at);
}

describe('the close of an event with many participants', () => {
  let ctx: TestContext;
  let idJadwal: number;
  let prodi: { id: number; grade: number; kapasitas: number }[];

  beforeAll(async () => {
    ctx = await buildTestApp({ clock: testClock(FIXTURE_NOW) });
    const event = await buildEventFixture(ctx.db, {
      paket: 31,
      peserta: 60,
      tgl_akhir: FIXTURE_NOW - DAY,
      seed: 7,
    });
    idJadwal = event.idJadwal;
    prodi = [];
    for (const [grade, kapasitas] of [
      [400, 3],
      [550, 10],
      [300, 40],
    ]) {
      const row = await ctx.db
        .insertInto('prodi')
        .values({
          universitas: `Univ ${grade}`,
          jurusan: `Jurusan ${grade}`,
          jenjang: 'S1',
          grade,
          kapasitas,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      prodi.push({ id: row.id, grade, kapasitas });
    }
    // Two choices each, spread over the programmes.
    for (const [i, idSiswa] of event.siswa.entries()) {
      await ctx.db
        .insertInto('pilihan_siswa')
        .values([
          { id_siswa: idSiswa, num_option: 1, id_prodi: prodi[i % 3].id },
          { id_siswa: idSiswa, num_option: 2, id_prodi: prodi[(i + 1) % 3].id },
        ])
        .execute();
    }
  });
  afterAll(() => ctx.close());

  it('stores the ranks the computed rankings give, ties included, and the choice statuses by the PTN rule', async () => {
    // The scores the close ends with: the event calibrated (the close calibrates only when not yet current).
    await calibrateJadwal(ctx.db, idJadwal, FIXTURE_NOW);
    const computed = await rankPackage(ctx.db, idJadwal);
    const perProdi = new Map<number, Awaited<ReturnType<typeof rankPackage>>>();
    for (const p of prodi) perProdi.set(p.id, await rankPackage(ctx.db, idJadwal, p.id));

    const ringkasan = await tutupHasil(ctx.db, idJadwal, FIXTURE_NOW);

    const paket = await storedPaket(ctx, idJadwal);
    expect(paket).toEqual(
      computed.map((r, i) => ({ id_siswa: r.id_siswa, skor: r.skor, peringkat: r.peringkat, urutan: i + 1 })),
    );
    expect(paket).toHaveLength(60);
    // 12 questions for 60 participants: scores tie, and a tie shares its rank.
    const ranks = paket.map((r) => r.peringkat);
    expect(new Set(ranks).size).toBeLessThan(ranks.length);

    const pilihan = await storedPilihan(ctx, idJadwal);
    const expected = prodi.flatMap((p) =>
      (perProdi.get(p.id) ?? []).map((r, i) => ({
        id_prodi: p.id,
        id_siswa: r.id_siswa,
        skor: r.skor,
        peringkat: r.peringkat,
        urutan: i + 1,
        lulus: passesChoice(r.skor, { grade: p.grade, kapasitas: p.kapasitas, rank: r.peringkat }) ? 1 : 0,
      })),
    );
    expect(pilihan).toEqual(expected);
    expect(pilihan).toHaveLength(120);
    expect(pilihan.some((r) => r.lulus === 1)).toBe(true);
    expect(pilihan.some((r) => r.lulus === 0)).toBe(true);
    expect(ringkasan.peserta).toBe(60);
    expect(ringkasan.skorTertinggi).toBe(computed[0].skor);
    expect(ringkasan.lulusPtn).toBe(
      new Set(expected.filter((r) => r.lulus === 1).map((r) => r.id_siswa)).size,
    );
  });

  it('writes the same rows when closed twice', async () => {
    await tutupHasil(ctx.db, idJadwal, FIXTURE_NOW);
    const first = { paket: await storedPaket(ctx, idJadwal), pilihan: await storedPilihan(ctx, idJadwal) };
    await tutupHasil(ctx.db, idJadwal, FIXTURE_NOW + 60_000);
    await tutupHasil(ctx.db, idJadwal, FIXTURE_NOW + 120_000, { nilaiUlang: true });
    expect({ paket: await storedPaket(ctx, idJadwal), pilihan: await storedPilihan(ctx, idJadwal) }).toEqual(
      first,
    );
    expect(first.paket).toHaveLength(60);
    expect(await peringkatAt(ctx, idJadwal)).toBe(FIXTURE_NOW + 120_000);
    // Two closes at once (two processes on PostgreSQL): one after the other, the same rows, no error.
    await Promise.all([
      tutupHasil(ctx.db, idJadwal, FIXTURE_NOW + 180_000, { nilaiUlang: true }),
      tutupHasil(ctx.db, idJadwal, FIXTURE_NOW + 180_000, { nilaiUlang: true }),
    ]);
    expect({ paket: await storedPaket(ctx, idJadwal), pilihan: await storedPilihan(ctx, idJadwal) }).toEqual(
      first,
    );
  });
});

/** The package fixture (ranks 1, 2, 2, 4) with its running attempt removed, and a session per student. */
async function closableApp() {
  const clock = testClock(FIXTURE_NOW);
  const ctx = await buildTestApp({ clock });
  const fx = await buildPaketFixture(ctx.db);
  // Fajar's unfinished TPS would be ended by the close and change the ranking; without it the data stays the same.
  await ctx.db
    .deleteFrom('hasil_to')
    .where('id_siswa', '=', fx.siswa.fajar)
    .where('is_selesai', '=', 0)
    .execute();
  const headers: Record<string, { key: string }> = {};
  for (const [name, id] of Object.entries(fx.siswa))
    headers[name] = { key: await sessionFor(ctx.db, id, FIXTURE_NOW + 30 * DAY) };
  const post = (url: string, who: Who, payload: Record<string, unknown> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: headers[who], payload });
  /** The schedule's window ends at `tglAkhir`. */
  const endAt = (tglAkhir: number) =>
    ctx.db.updateTable('jadwal').set({ tgl_akhir: tglAkhir }).where('id', '=', fx.idJadwal).execute();
  return { ctx, fx, clock, post, endAt };
}

type Closable = Awaited<ReturnType<typeof closableApp>>;

/** Every read of aggregates a student can make on the package, as the raw HTTP bodies. */
async function everyRead({ fx, post }: Closable): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const read = async (name: string, url: string, who: Who, payload: Record<string, unknown> = {}) => {
    const response = await post(url, who, payload);
    expect(response.statusCode).toBe(200);
    out[name] = response.payload;
  };
  for (const who of ['andi', 'budi', 'citra', 'dewi', 'eka', 'gita'] as const) {
    const id = fx.siswa[who];
    await read(`${who} ranking list`, `/siswa/tryout/ranking/idsiswa/${id}`, who);
    const ranking = `/siswa/tryout/ranking/idsiswa/${id}/paket/${fx.idJadwal}`;
    await read(`${who} package ranking`, ranking, who);
    // Pages: the caller's row on one page and not on another, a page cut inside a tie, one past the end.
    for (const [halaman, per_halaman] of [
      [1, 2],
      [2, 2],
      [2, 3],
      [3, 2],
      [1, 500],
    ])
      await read(`${who} package ranking ${halaman}/${per_halaman}`, ranking, who, { halaman, per_halaman });
    for (const numoption of [1, 2, 3])
      await read(`${who} choice ${numoption}`, '/siswa/tryout/rankingjur', who, {
        idsiswa: id,
        idjadwal: fx.idJadwal,
        numoption,
      });
    for (const [halaman, per_halaman] of [
      [1, 1],
      [2, 1],
      [1, 500],
    ])
      await read(`${who} choice 2 page ${halaman}/${per_halaman}`, '/siswa/tryout/rankingjur', who, {
        idsiswa: id,
        idjadwal: fx.idJadwal,
        numoption: 2,
        halaman,
        per_halaman,
      });
    await read(`${who} ptn`, '/siswa/tryout/hasilptn', who, { idsiswa: id, idjadwal: fx.idJadwal });
    await read(`${who} results`, '/siswa/tryout/hasil', who, { id_siswa: id, type: 'list' });
    await read(`${who} scores`, '/siswa/tryout/hasilskor', who, { id_siswa: id });
  }
  return out;
}

describe('reads of a closed schedule', () => {
  it('answer byte for byte as before the close, from the stored rows', async () => {
    const app = await closableApp();
    try {
      const before = await everyRead(app);
      expect(await peringkatAt(app.ctx, app.fx.idJadwal)).toBeNull();
      // Rankings, statuses and means are worth comparing: they hold ties, passes and failures.
      expect(JSON.parse(before['budi package ranking']).content.list_rangking).toHaveLength(4);
      expect(JSON.parse(before['andi ptn']).content.my_ptn.hasil).toBe(1);

      await app.endAt(FIXTURE_NOW - 60_000);
      await app.ctx.closeDue();
      const after = await everyRead(app);
      expect(await peringkatAt(app.ctx, app.fx.idJadwal)).toBe(FIXTURE_NOW);
      expect(after).toEqual(before);
    } finally {
      await app.ctx.close();
    }
  });

  it('closes 31 s after the end of the window, not 30 (the grace)', async () => {
    const app = await closableApp();
    try {
      const ranking = () =>
        app.post(`/siswa/tryout/ranking/idsiswa/${app.fx.siswa.andi}/paket/${app.fx.idJadwal}`, 'andi');
      await app.endAt(FIXTURE_NOW - 30_000);
      await app.ctx.closeDue();
      expect((await ranking()).statusCode).toBe(200);
      expect(await peringkatAt(app.ctx, app.fx.idJadwal)).toBeNull();
      expect(await storedPaket(app.ctx, app.fx.idJadwal)).toEqual([]);
      app.clock.set(FIXTURE_NOW + 1000);
      await app.ctx.closeDue();
      expect((await ranking()).statusCode).toBe(200);
      expect(await peringkatAt(app.ctx, app.fx.idJadwal)).toBe(FIXTURE_NOW + 1000);
      expect((await storedPaket(app.ctx, app.fx.idJadwal)).map((r) => r.peringkat)).toEqual([1, 2, 2, 4]);
    } finally {
      await app.ctx.close();
    }
  });

  it('return what is stored, not a new computation', async () => {
    const app = await closableApp();
    const { ctx, fx, post } = app;
    try {
      await app.endAt(FIXTURE_NOW - 60_000);
      await tutupHasil(ctx.db, fx.idJadwal, FIXTURE_NOW);
      // Deliberately wrong rows: a read that recomputed would not show them.
      await ctx.db
        .updateTable('peringkat_paket')
        .set({ skor: 123.45, peringkat: 9 })
        .where('id_jadwal', '=', fx.idJadwal)
        .where('id_siswa', '=', fx.siswa.dewi)
        .execute();
      await ctx.db
        .updateTable('peringkat_pilihan')
        .set({ peringkat: 7, skor: 654.32 })
        .where('id_jadwal', '=', fx.idJadwal)
        .where('id_siswa', '=', fx.siswa.andi)
        .execute();
      await ctx.db
        .updateTable('rata_rata_kategori')
        .set({ rata_rata: 111.111 })
        .where('id_kategori', '=', fx.kategori.saintek.id)
        .execute();

      const paket = (
        await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.dewi}/paket/${fx.idJadwal}`, 'dewi')
      ).json();
      expect(paket.content.my_rangking).toEqual({ peringkat: 9, skor: 123.45 });
      expect(paket.content.list_rangking[3]).toEqual({
        peringkat: 9,
        nama: 'Dewi Anggraini',
        skor: 123.45,
        is_me: true,
      });

      const jur = (
        await post('/siswa/tryout/rankingjur', 'andi', {
          idsiswa: fx.siswa.andi,
          idjadwal: fx.idJadwal,
          numoption: 3,
        })
      ).json();
      expect(jur.content.my_rangking).toEqual({ peringkat: 7, skor: 654.32 });

      const ptn = (
        await post('/siswa/tryout/hasilptn', 'andi', { idsiswa: fx.siswa.andi, idjadwal: fx.idJadwal })
      ).json();
      expect(ptn.content.list_pilihan.map((p: { rank_jurusan: number }) => p.rank_jurusan)).toEqual([
        7, 7, 7,
      ]);
      // Rank 7 is beyond every capacity (1, 1, 5): no choice passes any more.
      expect(ptn.content.my_ptn.hasil).toBe(0);

      const hasil = (
        await post('/siswa/tryout/hasil', 'andi', { id_siswa: fx.siswa.andi, type: 'list' })
      ).json();
      const saintek = hasil.content.find((h: { kategori: string }) => h.kategori === 'Saintek');
      expect(saintek.rata_rata).toBe(111.11);
    } finally {
      await ctx.close();
    }
  });

  it('are written again when Sync rebuilds a missing summary after the close', async () => {
    const app = await closableApp();
    const { ctx, fx, post } = app;
    try {
      await app.endAt(FIXTURE_NOW - 60_000);
      await tutupHasil(ctx.db, fx.idJadwal, FIXTURE_NOW);
      expect((await storedPaket(ctx, fx.idJadwal)).map((r) => r.id_siswa)).not.toContain(fx.siswa.gita);
      // Gita ended both categories but has no score summary: Sync writes it, and the ranks follow.
      const sync = await post('/siswa/tryout/generatehasilmapel', 'gita', {
        idsiswa: fx.siswa.gita,
        idjadwal: fx.idJadwal,
      });
      expect(sync.json()).toEqual({ status: true, message: 'Rekapitulasi nilai per mapel berhasil dibuat' });
      const computed = await rankPackage(ctx.db, fx.idJadwal);
      expect(computed.map((r) => r.id_siswa)).toContain(fx.siswa.gita);
      expect(await storedPaket(ctx, fx.idJadwal)).toEqual(
        computed.map((r, i) => ({
          id_siswa: r.id_siswa,
          skor: r.skor,
          peringkat: r.peringkat,
          urutan: i + 1,
        })),
      );
      const mine = (
        await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.gita}/paket/${fx.idJadwal}`, 'gita')
      ).json();
      expect(mine.content.jumlah_peserta).toBe(5);
      expect(mine.content.my_rangking).not.toBeNull();
    } finally {
      await ctx.close();
    }
  });
});

describe("the close's bulk scoring", () => {
  it('writes the classical rows that scoring each attempt alone writes (every question type)', async () => {
    const ctx = await buildTestApp({ clock: testClock(FIXTURE_NOW) });
    try {
      const fx = await buildPaketFixture(ctx.db);
      const rows = () =>
        ctx.db
          .selectFrom('hasil_mapel')
          .select([
            'id_hasil_to',
            'id_mapel',
            'id_siswa',
            'benar',
            'salah',
            'kosong',
            'nilai',
            'persentase',
            'metode',
          ])
          .where('id_jadwal', '=', fx.idJadwal)
          .orderBy('id_hasil_to')
          .orderBy('id_mapel')
          .execute();
      const finished = await ctx.db
        .selectFrom('hasil_to')
        .select('id')
        .where('id_jadwal', '=', fx.idJadwal)
        .where('is_selesai', '=', 1)
        .execute();
      for (const { id } of finished) await writeHasilMapel(ctx.db, id);
      const one = await rows();
      // Andi's Matematika: right, right (1/2 = 0,5), a wrong statement, an essay (not scored), a blank.
      expect(
        one.find((r) => r.id_hasil_to === fx.attempts.andiSaintek && r.id_mapel === fx.mapel.matematika),
      ).toMatchObject({
        benar: 2,
        salah: 1,
        kosong: 1,
      });
      await ctx.db.deleteFrom('hasil_mapel').where('id_jadwal', '=', fx.idJadwal).execute();
      const report = await nilaiUlangJadwal(ctx.db, fx.idJadwal, FIXTURE_NOW, { semuaKlasik: true });
      expect(report.dinilai).toBe(finished.length);
      expect(await rows()).toEqual(one);
    } finally {
      await ctx.close();
    }
  });
});

describe('stored results after an operator import', () => {
  it('serve the list built once: a single marked row, a new name within a minute', async () => {
    const app = await closableApp();
    const { ctx, fx, post, clock } = app;
    try {
      await app.endAt(FIXTURE_NOW - 60_000);
      await tutupHasil(ctx.db, fx.idJadwal, FIXTURE_NOW);
      const url = `/siswa/tryout/ranking/idsiswa/${fx.siswa.budi}/paket/${fx.idJadwal}`;
      const full = await post(url, 'budi');
      // The bytes are those of the answer's schema: 'answer byte for byte as before the close' compares them.
      expect(full.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(full.json().content.list_rangking.filter((r: { is_me: boolean }) => r.is_me)).toHaveLength(1);

      await ctx.db
        .updateTable('siswa')
        .set({ nama_lengkap: 'Dewi Baru' })
        .where('id', '=', fx.siswa.dewi)
        .execute();
      const names = async () =>
        (await post(url, 'budi')).json().content.list_rangking.map((r: { nama: string }) => r.nama);
      clock.set(FIXTURE_NOW + 59_000);
      expect(await names()).toContain('Dewi Anggraini');
      clock.set(FIXTURE_NOW + 61_000);
      expect(await names()).toContain('Dewi Baru');
    } finally {
      await ctx.close();
    }
  });

  it('follow a renamed student within his tie', async () => {
    const app = await closableApp();
    const { ctx, fx, post } = app;
    try {
      await app.endAt(FIXTURE_NOW - 60_000);
      await tutupHasil(ctx.db, fx.idJadwal, FIXTURE_NOW);
      const names = async () =>
        (await post(`/siswa/tryout/ranking/idsiswa/${fx.siswa.andi}/paket/${fx.idJadwal}`, 'andi'))
          .json()
          .content.list_rangking.map((r: { peringkat: number; nama: string }) => `${r.peringkat} ${r.nama}`);
      expect(await names()).toEqual([
        '1 Citra Lestari',
        '2 Andi Pratama',
        '2 Budi Santoso',
        '4 Dewi Anggraini',
      ]);
      const budi = await ctx.db
        .selectFrom('siswa')
        .select(['lembaga', 'id_program'])
        .where('id', '=', fx.siswa.budi)
        .executeTakeFirstOrThrow();
      await imporSiswa(
        ctx.db,
        'kelas.csv',
        `username,nama_lengkap,lembaga,id_program\nbudi,Aaron Santoso,${budi.lembaga},${budi.id_program}\n`,
      );
      expect(await names()).toEqual([
        '1 Citra Lestari',
        '2 Aaron Santoso',
        '2 Andi Pratama',
        '4 Dewi Anggraini',
      ]);
      expect(await peringkatAt(ctx, fx.idJadwal)).toBe(FIXTURE_NOW);
    } finally {
      await ctx.close();
    }
  });
});
