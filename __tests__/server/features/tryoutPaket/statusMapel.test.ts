/** The subject status report and the server's clock: clamps, charges, event subjects on the wall clock. */
import { onPostgres } from '../../../helpers/pgRoundTrips';
import {
  T0,
  S,
  roundTrips,
  type Harness,
  type StartedSoal,
  soalOf,
  harness,
} from '../../../helpers/tryoutPaketHarness';

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
