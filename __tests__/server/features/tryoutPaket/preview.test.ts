/** The preview of a package: its categories and subjects in order, with their queues, and who may read it. */
import { onPostgres } from '../../../helpers/pgRoundTrips';
import { roundTrips, type Harness, harness } from '../../../helpers/tryoutPaketHarness';

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
