/** Questions are revealed only when their subject's clock runs: start, opening the next subject, the question PDF. */
import {
  T0,
  S,
  type Siswa,
  type Harness,
  type StartedSoal,
  harness,
} from '../../../helpers/tryoutPaketHarness';

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
