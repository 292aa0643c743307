/** The package tryout against the demo seed: a four-choice student meets no E, a regular student runs a package through. */
import { DEMO } from '../../../../src/server/demo';
import { testClock } from '../../../helpers/buildTestApp';
import { buildSeededTestApp, loginAs, type SeededTestContext } from '../../../helpers/seeded';
import { T0, type StartedSoal } from '../../../helpers/tryoutPaketHarness';

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
