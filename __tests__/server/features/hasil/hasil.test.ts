import { buildTestApp, testClock, type TestContext } from '../../../helpers/buildTestApp';
import {
  FIXTURE_NOW,
  buildEventFixture,
  buildPaketFixture,
  sessionFor,
  type PaketFixture,
} from '../../../helpers/hasilFixture';
import { irtNilai } from '../../../../src/server/domain/irt';
import { buildSeededTestApp, loginAs, type SeededTestContext } from '../../../helpers/seeded';
import type { HasilListItem, PembahasanMapel } from '../../../../src/contract/hasil';

let ctx: TestContext;
let fx: PaketFixture;
const headers: Record<string, { key: string }> = {};

// A fresh database per test: Sync, the IRT tests and others add rows that change everyone's averages.
beforeEach(async () => {
  ctx = await buildTestApp({ clock: testClock(FIXTURE_NOW) });
  fx = await buildPaketFixture(ctx.db);
  for (const [name, id] of Object.entries(fx.siswa))
    headers[name] = { key: await sessionFor(ctx.db, id, FIXTURE_NOW) };
});
afterEach(() => ctx.close());

function post(url: string, who: string | null, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: payload as Record<string, unknown>,
    headers: who ? headers[who] : {},
  });
}

const decode = (text: string) => Buffer.from(text, 'base64').toString('utf8');

describe('POST /siswa/tryout/hasil (list)', () => {
  it("lists the student's finished categories with score, percentage and everyone's average", async () => {
    const response = await post('/siswa/tryout/hasil', 'andi', { id_siswa: fx.siswa.andi, type: 'list' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { status: boolean; content: HasilListItem[] };
    expect(body.status).toBe(true);
    expect(body.content).toEqual([
      {
        paket: 7,
        type: 'UTBK',
        date: '19 Mei 2025',
        persentase: 75,
        nilai: 750,
        // Andi 750, Budi 700, Citra 900, Dewi 500, Fajar 600 (Gita has no summary)
        rata_rata: 690,
        idjadwal: fx.idJadwal,
        kategori: 'Saintek',
        kategoriHash: fx.kategori.saintek.hash,
      },
      {
        paket: 7,
        type: 'UTBK',
        date: '19 Mei 2025',
        persentase: 65,
        nilai: 650,
        rata_rata: 662.5, // 650, 700, 800, 500
        idjadwal: fx.idJadwal,
        kategori: 'TPS',
        kategoriHash: fx.kategori.tps.hash,
      },
    ]);
  });

  it('rounds the percentage as the score it stands beside: 396 is 39,6 %, whatever decimals a row kept', async () => {
    // TPS as scoring stored it before the percentage took the score's rounding: 2 of 3 right (667, 66,67 %) and
    // 1 of 8 right (125, 12,5 %). The means, 396 and 39,585 %, would show as "39,59 %" beside "396".
    const stored = [
      { id_mapel: fx.mapel.penalaran, benar: 2, salah: 1, nilai: 667, persentase: 66.67 },
      { id_mapel: fx.mapel.bahasa, benar: 1, salah: 7, nilai: 125, persentase: 12.5 },
    ];
    for (const { id_mapel, ...row } of stored)
      await ctx.db
        .updateTable('hasil_mapel')
        .set(row)
        .where('id_siswa', '=', fx.siswa.andi)
        .where('id_mapel', '=', id_mapel)
        .execute();
    const body = (
      await post('/siswa/tryout/hasil', 'andi', { id_siswa: fx.siswa.andi, type: 'list' })
    ).json() as {
      content: HasilListItem[];
    };
    const tps = body.content.find((item) => item.kategori === 'TPS');
    expect({ nilai: tps?.nilai, persentase: tps?.persentase }).toEqual({ nilai: 396, persentase: 39.6 });
  });

  it('answers 401 without a session, 403 for another student and 400 for a bad body', async () => {
    expect(
      (await post('/siswa/tryout/hasil', null, { id_siswa: fx.siswa.andi, type: 'list' })).statusCode,
    ).toBe(401);
    const other = await post('/siswa/tryout/hasil', 'budi', { id_siswa: fx.siswa.andi, type: 'list' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ status: false, message: expect.stringMatching(/siswa lain/) });
    const bad = await post('/siswa/tryout/hasil', 'andi', { id_siswa: fx.siswa.andi, type: 'semua' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(false);
    expect((await post('/siswa/tryout/hasil', 'andi', { type: 'list' })).statusCode).toBe(400);
  });
});

describe('POST /siswa/tryout/hasil/id/:id/kategori/:kategori (detail)', () => {
  it('returns the heading data and one row per subject with the average', async () => {
    const url = `/siswa/tryout/hasil/id/${fx.idJadwal}/kategori/${fx.kategori.tps.hash}`;
    const body = (await post(url, 'andi', { id_siswa: fx.siswa.andi, type: 'detail' })).json();
    expect(body).toEqual({
      status: true,
      content: {
        paket: 7,
        kategori: 'TPS',
        nama: 'Andi Pratama',
        minat: 'SMA KELAS 12 IPA',
        detail: [
          { mapel: 'Penalaran Umum', benar: 2, salah: 2, kosong: 0, nilai: 600 },
          { mapel: 'Bahasa Indonésia', benar: 3, salah: 1, kosong: 0, nilai: 700 },
        ],
        rata_rata: 650,
      },
    });
  });

  it('answers status false for an unfinished category and 404 for an unknown one', async () => {
    const url = `/siswa/tryout/hasil/id/${fx.idJadwal}/kategori/${fx.kategori.tps.hash}`;
    expect((await post(url, 'fajar', { id_siswa: fx.siswa.fajar, type: 'detail' })).json()).toEqual({
      status: false,
      message: 'Data Detail Hasil Tryout Tidak Ditemukan',
    });
    const unknown = await post(`/siswa/tryout/hasil/id/${fx.idJadwal}/kategori/tidak-ada`, 'andi', {
      id_siswa: fx.siswa.andi,
      type: 'detail',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('gives every category of the schedule with /hasil/id/:id', async () => {
    const body = (
      await post(`/siswa/tryout/hasil/id/${fx.idJadwal}`, 'citra', {
        id_siswa: fx.siswa.citra,
        type: 'detail',
      })
    ).json();
    expect(body.status).toBe(true);
    expect(body.content.paket).toBe(7);
    expect(
      body.content.kategori.map((k: { kategori: string; rata_rata: number }) => [k.kategori, k.rata_rata]),
    ).toEqual([
      ['Saintek', 900],
      ['TPS', 800],
    ]);
  });
});

describe('POST /siswa/tryout/hasilskor', () => {
  it('lists finished packages with the package total only', async () => {
    expect((await post('/siswa/tryout/hasilskor', 'andi', { id_siswa: fx.siswa.andi })).json()).toEqual({
      status: true,
      content: [{ id: fx.idJadwal, paket: 7, tgl_selesai: '19 Mei 2025', skor: 700, type: 'UTBK' }],
    });
    // Fajar has not ended TPS: the package is not finished.
    expect(
      (await post('/siswa/tryout/hasilskor', 'fajar', { id_siswa: fx.siswa.fajar })).json().content,
    ).toEqual([]);
  });
});

describe('POST /siswa/tryout/hasilptn', () => {
  const ptn = (who: keyof PaketFixture['siswa']) =>
    post('/siswa/tryout/hasilptn', who, { idsiswa: fx.siswa[who], idjadwal: fx.idJadwal });

  it('fails a choice on grade and one on capacity, and passes the third', async () => {
    const body = (await ptn('andi')).json();
    expect(body.status).toBe(true);
    expect(body.content.my_ptn).toEqual({
      hasil: 1,
      hasil_str: 'LULUS - Selamat! Kamu lulus di pilihan 3: Teknik Informatika - Institut Teknologi Bandung',
      skor: 700,
    });
    expect(body.content.list_pilihan).toEqual([
      {
        num_option: 1,
        jenjang: 'S1',
        jurusan: 'Kedokteran',
        universitas: 'Universitas Indonesia',
        rank_jurusan: 2,
        grade: 750,
        status: 0,
        status_str: 'TIDAK LULUS',
      },
      {
        num_option: 2,
        jenjang: 'S1',
        jurusan: 'Ilmu Hukum',
        universitas: 'Universitas Gadjah Mada',
        rank_jurusan: 2,
        grade: 650,
        status: 0,
        status_str: 'TIDAK LULUS',
      },
      {
        num_option: 3,
        jenjang: 'S1',
        jurusan: 'Teknik Informatika',
        universitas: 'Institut Teknologi Bandung',
        rank_jurusan: 1,
        grade: 600,
        status: 1,
        status_str: 'LULUS',
      },
    ]);
    expect(body.content.paket).toBe(7);
    expect(body.content.mapel.map((m: { mapel: string; nilai: number }) => m.nilai)).toEqual([
      800, 700, 600, 700,
    ]);
  });

  it('passes the first choice when score and rank allow, and fails everywhere otherwise', async () => {
    const citra = (await ptn('citra')).json().content.my_ptn;
    expect(citra.hasil).toBe(1);
    expect(citra.hasil_str).toContain('pilihan 1: Kedokteran - Universitas Indonesia');
    const budi = (await ptn('budi')).json().content;
    // Budi reaches Ilmu Hukum's grade but ties at rank 2 behind Citra for one seat.
    expect(budi.my_ptn).toEqual({
      hasil: 0,
      hasil_str: 'TIDAK LULUS - Belum lulus di pilihan mana pun',
      skor: 700,
    });
    expect(budi.list_pilihan[0]).toMatchObject({ rank_jurusan: 2, status: 0 });
  });

  it('refuses an unfinished package, and 403 for another student', async () => {
    expect((await ptn('fajar')).json()).toEqual({
      status: false,
      message: 'Paket tryout ini belum selesai dikerjakan',
    });
    const other = await post('/siswa/tryout/hasilptn', 'budi', {
      idsiswa: fx.siswa.andi,
      idjadwal: fx.idJadwal,
    });
    expect(other.statusCode).toBe(403);
    const bad = await post('/siswa/tryout/hasilptn', 'andi', { idsiswa: fx.siswa.andi, idjadwal: 'tujuh' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /siswa/tryout/pembahasan', () => {
  const pembahasan = (who: keyof PaketFixture['siswa'], idmapel?: number) =>
    post('/siswa/tryout/pembahasan', who, {
      idsiswa: fx.siswa[who],
      idjadwal: fx.idJadwal,
      ...(idmapel ? { idmapel } : {}),
    });

  it('lists the subjects with "1" for those whose category attempt has ended', async () => {
    expect((await pembahasan('fajar')).json()).toEqual({
      status: true,
      content: {
        paket: 7,
        mapel: [
          { idmapel: fx.mapel.matematika, mapel: 'Matematika', status: '1' },
          { idmapel: fx.mapel.fisika, mapel: 'Fisika', status: '1' },
          { idmapel: fx.mapel.penalaran, mapel: 'Penalaran Umum', status: '0' },
          { idmapel: fx.mapel.bahasa, mapel: 'Bahasa Indonésia', status: '0' },
        ],
      },
    });
  });

  it('reviews a finished subject with keys, verdicts and base64 UTF-8 texts', async () => {
    const body = (await pembahasan('andi', fx.mapel.matematika)).json() as {
      status: boolean;
      content: PembahasanMapel;
    };
    expect(body.status).toBe(true);
    const { content } = body;
    expect(content.mapel).toBe('Matematika');
    expect(content.jumlah_soal).toBe(5);
    expect(content.benar).toBe(2);
    const [pilihan, isian, pernyataan, esai, kosong] = content.soal;
    expect(decode(pilihan.soal)).toBe(fx.text.soal);
    expect(decode(pilihan.pembahasan)).toBe(fx.text.pembahasan);
    expect(decode(pilihan.a)).toBe(fx.text.opsiA);
    expect(pilihan).toMatchObject({
      id_soal: fx.soal.pilihan,
      type: 1,
      jawaban: 'B',
      kunci: 'B',
      is_benar: 1,
    });
    expect(isian).toMatchObject({ type: 2, jawaban: '1/2', kunci: '0,5', is_benar: 1 });
    expect(pernyataan.is_benar).toBe(0);
    // The review names the statements' judgement as the sheet did (1: Benar/Salah, 2: Memperkuat/Memperlemah).
    expect(pernyataan.group_text_type).toBe(1);
    expect(pilihan).not.toHaveProperty('group_text_type');
    expect(pernyataan.group_soal?.map((g) => [decode(g.soal), g.jawaban, g.kunci])).toEqual([
      [fx.text.pernyataan, 'Y', 'Y'],
      ['Keliling lingkaran = πr', 'Y', 'N'],
    ]);
    expect(esai).toMatchObject({
      type: 4,
      jawaban: 'Esai saya tentang π',
      kunci: 'Model jawaban',
      is_benar: 0,
    });
    expect(kosong).toMatchObject({ jawaban: '', kunci: 'C', is_benar: 0 });
  });

  it('refuses keys for a subject whose category is not finished', async () => {
    const response = await pembahasan('fajar', fx.mapel.penalaran);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ status: false, message: 'Tryout ini belum dikerjakan' });
    expect(JSON.stringify(body)).not.toContain('kunci');
    expect((await pembahasan('eka', fx.mapel.matematika)).json().message).toBe('Tryout ini belum dikerjakan');
  });

  it('answers 404 for a subject of another schedule and 400 for a bad id', async () => {
    expect((await pembahasan('andi', 999999)).statusCode).toBe(404);
    const bad = await post('/siswa/tryout/pembahasan', 'andi', {
      idsiswa: fx.siswa.andi,
      idjadwal: fx.idJadwal,
      idmapel: 0,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Sync: POST /siswa/tryout/generatehasilmapel', () => {
  const ptn = () => post('/siswa/tryout/hasilptn', 'gita', { idsiswa: fx.siswa.gita, idjadwal: fx.idJadwal });

  it('reports the missing summary, builds it on Sync, and then answers the PTN status', async () => {
    expect((await ptn()).json()).toEqual({
      status: false,
      message: 'Rekapitulasi nilai per mapel tidak ditemukan',
    });

    const sync = await post('/siswa/tryout/generatehasilmapel', 'gita', {
      idsiswa: fx.siswa.gita,
      idjadwal: fx.idJadwal,
    });
    expect(sync.json()).toEqual({ status: true, message: 'Rekapitulasi nilai per mapel berhasil dibuat' });

    const rows = await ctx.db
      .selectFrom('hasil_mapel')
      .select(['id_mapel', 'benar', 'salah', 'kosong', 'nilai', 'metode'])
      .where('id_siswa', '=', fx.siswa.gita)
      .orderBy('id_mapel')
      .execute();
    expect(rows).toEqual([
      // Matematika: right, right ("0.5" = "0,5"), every statement right, essay not scored, wrong.
      { id_mapel: fx.mapel.matematika, benar: 3, salah: 1, kosong: 0, nilai: 750, metode: 'klasik' },
      { id_mapel: fx.mapel.fisika, benar: 1, salah: 0, kosong: 0, nilai: 1000, metode: 'klasik' },
      { id_mapel: fx.mapel.penalaran, benar: 0, salah: 0, kosong: 1, nilai: 0, metode: 'klasik' },
      { id_mapel: fx.mapel.bahasa, benar: 1, salah: 0, kosong: 0, nilai: 1000, metode: 'klasik' },
    ]);

    const body = (await ptn()).json();
    expect(body.status).toBe(true);
    expect(body.content.my_ptn).toEqual({
      hasil: 1,
      hasil_str: 'LULUS - Selamat! Kamu lulus di pilihan 1: Teknik Informatika - Institut Teknologi Bandung',
      skor: 687.5,
    });
    expect(body.content.list_pilihan[0].rank_jurusan).toBe(2); // behind Andi (700)

    const again = await post('/siswa/tryout/generatehasilmapel', 'gita', {
      idsiswa: fx.siswa.gita,
      idjadwal: fx.idJadwal,
    });
    expect(again.json()).toEqual({ status: true, message: 'Rekapitulasi nilai per mapel sudah lengkap' });
  });

  it('refuses a student without ended attempts, and another student', async () => {
    expect(
      (
        await post('/siswa/tryout/generatehasilmapel', 'eka', {
          idsiswa: fx.siswa.eka,
          idjadwal: fx.idJadwal,
        })
      ).json(),
    ).toEqual({ status: false, message: 'Tryout ini belum dikerjakan' });
    const other = await post('/siswa/tryout/generatehasilmapel', 'eka', {
      idsiswa: fx.siswa.gita,
      idjadwal: fx.idJadwal,
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('IRT scores of TO Akbar schedules', () => {
  const HOUR = 60 * 60 * 1000;
  const rowsOf = (idJadwal: number) =>
    ctx.db
      .selectFrom('hasil_mapel')
      .select(['id_siswa', 'nilai', 'metode', 'theta', 'benar'])
      .where('id_jadwal', '=', idJadwal)
      .execute();
  const calibratedAt = async (idJadwal: number) =>
    (
      await ctx.db
        .selectFrom('jadwal')
        .select('irt_calibrated_at')
        .where('id', '=', idJadwal)
        .executeTakeFirstOrThrow()
    ).irt_calibrated_at;

  it('calibrates an event schedule at its close, and scores every participant by θ', async () => {
    const ev = await buildEventFixture(ctx.db, {
      paket: 21,
      peserta: 40,
      tgl_akhir: FIXTURE_NOW - HOUR,
      seed: 11,
    });
    await ctx.closeDue();
    const token = { key: await sessionFor(ctx.db, ev.siswa[25], FIXTURE_NOW) };
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/siswa/tryout/hasil',
      headers: token,
      payload: { id_siswa: ev.siswa[25], type: 'list' },
    });
    const [item] = (response.json() as { content: HasilListItem[] }).content;
    expect(item).toMatchObject({ paket: 21, type: 'TO Akbar', kategori: 'TPS' });

    const rows = await rowsOf(ev.idJadwal);
    expect(rows).toHaveLength(40);
    for (const row of rows) {
      expect(row.metode).toBe('irt');
      expect(row.theta).not.toBeNull();
      expect(row.nilai).toBe(irtNilai(row.theta as number));
    }
    expect(item.nilai).toBe(rows.find((r) => r.id_siswa === ev.siswa[25])?.nilai);
    expect(Number(await calibratedAt(ev.idJadwal))).toBe(FIXTURE_NOW);

    // The score follows the raw score: equal raw scores share a score, more right answers score higher.
    const byStudent = new Map(rows.map((r) => [r.id_siswa, r]));
    const pairs = ev.siswa.map((id, i) => ({ raw: ev.raw[i], nilai: byStudent.get(id)?.nilai as number }));
    pairs.sort((a, b) => a.raw - b.raw);
    for (let i = 1; i < pairs.length; i++) {
      if (pairs[i].raw === pairs[i - 1].raw) expect(pairs[i].nilai).toBe(pairs[i - 1].nilai);
      else expect(pairs[i].nilai).toBeGreaterThan(pairs[i - 1].nilai);
    }
    expect(rows.every((r) => r.benar === ev.raw[ev.siswa.indexOf(r.id_siswa)])).toBe(true);

    // Item difficulties of the choice questions (the essay is not scored) sum to zero.
    const items = await ctx.db
      .selectFrom('irt_item')
      .select(['id_soal', 'difficulty', 'se'])
      .where('id_soal', 'in', ev.soal)
      .execute();
    expect(items.length).toBeGreaterThanOrEqual(10);
    expect(Math.abs(items.reduce((sum, i) => sum + Number(i.difficulty), 0))).toBeLessThan(1e-6);
    const first = items.find((i) => i.id_soal === ev.soal[0]);
    const last = items.find((i) => i.id_soal === ev.soal[11]);
    expect(first).toBeDefined();
    expect(last).toBeDefined();
    expect(Number(first?.difficulty)).toBeLessThan(Number(last?.difficulty));
  });

  it('does not recalibrate while no attempt ended after the last calibration', async () => {
    const ev = await buildEventFixture(ctx.db, {
      paket: 22,
      peserta: 30,
      tgl_akhir: FIXTURE_NOW - HOUR,
      seed: 5,
    });
    await ctx.closeDue();
    const token = { key: await sessionFor(ctx.db, ev.siswa[0], FIXTURE_NOW) };
    const rank = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/siswa/tryout/ranking/idsiswa/${ev.siswa[0]}/paket/${ev.idJadwal}`,
        headers: token,
        payload: {},
      });
    const first = (await rank()).json();
    expect(first.content.jumlah_peserta).toBe(30);
    expect(Number(await calibratedAt(ev.idJadwal))).toBe(FIXTURE_NOW);
    ctx.clock.advance(60_000);
    await rank();
    expect(Number(await calibratedAt(ev.idJadwal))).toBe(FIXTURE_NOW);
    ctx.clock.set(FIXTURE_NOW);
  });

  it('Sync after the close rebuilds a missing summary from the stored items and never calibrates again', async () => {
    const ev = await buildEventFixture(ctx.db, {
      paket: 25,
      peserta: 30,
      tgl_akhir: FIXTURE_NOW - HOUR,
      seed: 11,
    });
    await ctx.closeDue();
    const id = ev.siswa[4];
    const token = { key: await sessionFor(ctx.db, id, FIXTURE_NOW) };
    const call = (url: string, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: token,
        payload: payload as Record<string, unknown>,
      });
    await call('/siswa/tryout/hasil', { id_siswa: id, type: 'list' });
    expect(Number(await calibratedAt(ev.idJadwal))).toBe(FIXTURE_NOW);
    const mine = async () => (await rowsOf(ev.idJadwal)).filter((row) => row.id_siswa === id);
    const before = await mine();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((row) => row.metode === 'irt')).toBe(true);

    // The student's summary is lost; a minute later the student presses Sync.
    await ctx.db.deleteFrom('hasil_mapel').where('id_siswa', '=', id).execute();
    ctx.clock.advance(60_000);
    const sync = await call('/siswa/tryout/generatehasilmapel', { idsiswa: id, idjadwal: ev.idJadwal });
    expect(sync.json()).toEqual({ status: true, message: 'Rekapitulasi nilai per mapel berhasil dibuat' });
    expect(Number(await calibratedAt(ev.idJadwal))).toBe(FIXTURE_NOW);
    const byMapel = (rows: { nilai: number; theta: number | null; metode: string; benar: number }[]) =>
      rows.map(({ nilai, theta, metode, benar }) => ({ nilai, theta, metode, benar }));
    expect(byMapel(await mine())).toEqual(byMapel(before));

    // Nothing missing: Sync changes nothing and still does not calibrate.
    ctx.clock.advance(60_000);
    const again = await call('/siswa/tryout/generatehasilmapel', { idsiswa: id, idjadwal: ev.idJadwal });
    expect(again.json().status).toBe(true);
    expect(Number(await calibratedAt(ev.idJadwal))).toBe(FIXTURE_NOW);
    ctx.clock.set(FIXTURE_NOW);
  });

  it('keeps the classical score with fewer than 30 participants', async () => {
    const ev = await buildEventFixture(ctx.db, {
      paket: 23,
      peserta: 29,
      tgl_akhir: FIXTURE_NOW - HOUR,
      seed: 3,
    });
    await ctx.closeDue();
    const token = { key: await sessionFor(ctx.db, ev.siswa[0], FIXTURE_NOW) };
    await ctx.app.inject({
      method: 'POST',
      url: `/api/siswa/tryout/hasil/id/${ev.idJadwal}`,
      headers: token,
      payload: { id_siswa: ev.siswa[0], type: 'detail' },
    });
    const rows = await rowsOf(ev.idJadwal);
    expect(rows).toHaveLength(29);
    for (const row of rows) {
      expect(row.metode).toBe('klasik');
      expect(row.theta).toBeNull();
      expect(row.nilai).toBe(Math.round((1000 * row.benar) / 12));
    }
    expect(await calibratedAt(ev.idJadwal)).toBeNull();
  });

  it('leaves an open event schedule classical on reads and calibrates it on Sync', async () => {
    const ev = await buildEventFixture(ctx.db, {
      paket: 24,
      peserta: 30,
      tgl_akhir: FIXTURE_NOW + 24 * HOUR,
      seed: 8,
    });
    const id = ev.siswa[3];
    const token = { key: await sessionFor(ctx.db, id, FIXTURE_NOW) };
    const call = (url: string, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: token,
        payload: payload as Record<string, unknown>,
      });
    await call('/siswa/tryout/hasil', { id_siswa: id, type: 'list' });
    expect(await rowsOf(ev.idJadwal)).toHaveLength(0);

    const sync = await call('/siswa/tryout/generatehasilmapel', { idsiswa: id, idjadwal: ev.idJadwal });
    expect(sync.json()).toEqual({ status: true, message: 'Rekapitulasi nilai per mapel berhasil dibuat' });
    const rows = await rowsOf(ev.idJadwal);
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.metode === 'irt')).toBe(true);
  });
});

describe('with the demo data', () => {
  let seeded: SeededTestContext;
  beforeAll(async () => {
    seeded = await buildSeededTestApp({ clock: testClock(FIXTURE_NOW), participants: 60 });
    await seeded.closeDue();
  }, 60_000);
  afterAll(() => seeded.close());

  const call = (headers: { key: string }, url: string, payload: object) =>
    seeded.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers,
      payload: payload as Record<string, unknown>,
    });

  it("answers the regular student's results, PTN status and ranking", async () => {
    const { headers, siswa } = await loginAs(seeded.app, 'reguler');
    const paket1 = seeded.seed.jadwal.selesai;

    const list = (await call(headers, '/siswa/tryout/hasil', { id_siswa: siswa.id, type: 'list' })).json();
    expect(list.status).toBe(true);
    expect(list.content.length).toBeGreaterThanOrEqual(paket1.kategori.length);
    expect(list.content.every((item: HasilListItem) => item.type === 'UTBK')).toBe(true);

    const ptn = (
      await call(headers, '/siswa/tryout/hasilptn', { idsiswa: siswa.id, idjadwal: paket1.id })
    ).json();
    expect(ptn.status).toBe(true);
    expect(ptn.content.my_ptn.skor).toBeCloseTo(seeded.seed.reguler.skorPaket1, 1);
    expect(ptn.content.my_ptn.hasil).toBe(1);
    expect(ptn.content.list_pilihan.map((p: { status: number }) => p.status)).toEqual([0, 1]);

    const ranking = (
      await call(headers, `/siswa/tryout/ranking/idsiswa/${siswa.id}/paket/${paket1.id}`, {})
    ).json().content;
    expect(ranking.my_rangking).not.toBeNull();
    expect(ranking.jumlah_peserta).toBe(ranking.list_rangking.length);
    const ranks = ranking.list_rangking.map((r: { peringkat: number }) => r.peringkat);
    expect(new Set(ranks).size).toBeLessThan(ranks.length); // the seed's tie shares a rank
  }, 30_000); // login hashes with scrypt, slow on a busy machine

  it("shows the event student's IRT-scored TO Akbar result", async () => {
    const { headers, siswa } = await loginAs(seeded.app, 'akbar');
    const event = seeded.seed.jadwal.eventSelesai;
    const list = (await call(headers, '/siswa/tryout/hasil', { id_siswa: siswa.id, type: 'list' })).json();
    expect(
      list.content.some((item: HasilListItem) => item.type === 'TO Akbar' && item.idjadwal === event.id),
    ).toBe(true);
    const rows = await seeded.db
      .selectFrom('hasil_mapel')
      .select(['metode', 'theta'])
      .where('id_jadwal', '=', event.id)
      .where('id_siswa', '=', siswa.id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.metode === 'irt' && r.theta !== null)).toBe(true);
  }, 30_000);
});
