/** The schedule window closes everything: tgl_akhir + 30 s is inside, + 31 s outside, for saves, reports and reads. */
import { eksporHasil } from '../../../../src/server/operator/ekspor';
import { penutupanSelesai } from '../../../../src/server/scoring/tugasPenutupan';
import { T0, S, DAY, type Harness, soalOf, harness } from '../../../helpers/tryoutPaketHarness';

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

  it('Sync at tgl_akhir + 30 s ends nothing; at + 31 s it ends the open category and writes its subject rows', async () => {
    const idHasilTo = await openAndLeave();
    const sync = () =>
      h.call('POST', '/siswa/tryout/generatehasilmapel', h.f.reg5, {
        idsiswa: h.f.reg5.id,
        idjadwal: h.f.jadwal,
      });

    // Inside the grace: the student may still save, so Sync ends nothing and has nothing ended to rebuild.
    h.ctx.clock.set(TGL_AKHIR + 30 * S);
    expect((await sync()).body).toEqual({ status: false, message: 'Tryout ini belum dikerjakan' });
    expect(await attempt(idHasilTo)).toEqual({ is_selesai: 0, ended_at: null });
    expect(await h.count('hasil_mapel')).toBe(0);

    h.ctx.clock.set(TGL_AKHIR + 31 * S);
    // Ending the attempt scores it: the rows are complete by the time Sync looks for missing ones.
    expect((await sync()).body).toEqual({
      status: true,
      message: 'Rekapitulasi nilai per mapel sudah lengkap',
    });
    expect(await attempt(idHasilTo)).toEqual({ is_selesai: 1, ended_at: TGL_AKHIR + 31 * S });
    expect(await subjectRows(idHasilTo)).toEqual(
      [
        { id_mapel: h.f.mapel.pu, benar: 1, salah: 0, kosong: 2, nilai: 333 },
        { id_mapel: h.f.mapel.pk, benar: 0, salah: 0, kosong: 2, nilai: 0 },
      ].sort((a, b) => a.id_mapel - b.id_mapel),
    );
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
