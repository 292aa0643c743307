/** The end of a category: refused while a subject is open, then the classical results written once. */
import { S, type Reply, type Harness, soalOf, harness } from '../../../helpers/tryoutPaketHarness';

describe('end', () => {
  let h: Harness;
  let started: Reply;
  beforeEach(async () => {
    h = await harness();
    started = await h.start(h.f.reg5);
  });
  afterEach(() => h.ctx.close());

  it('is refused while a subject is still open, then writes the classical results once', async () => {
    const idHasilTo = started.body.content.id_hasil_to;
    const base = { id_hasil_to: idHasilTo };
    const pilihan = soalOf(started, h.f.soal.pilihan);
    const pernyataan = soalOf(started, h.f.soal.pernyataan);
    const answers: Record<string, unknown>[] = [
      { id_jawaban: pilihan.id_jawaban, type_soal: 1, jawaban: 'B' },
      { id_jawaban: soalOf(started, h.f.soal.angka).id_jawaban, type_soal: 5, jawaban: '1/2' },
      { id_jawaban: soalOf(started, h.f.soal.esai).id_jawaban, type_soal: 4, jawaban: 'esai saya' },
      ...['Y', 'N', 'N'].map((jawaban, i) => ({
        id_jawaban: pernyataan.id_jawaban,
        id_jawaban_group: pernyataan.group_soal[i].id_jawaban_group,
        type_soal: 3,
        jawaban,
      })),
    ];
    for (const answer of answers)
      expect((await h.save(h.f.reg5, { ...base, ...answer })).body.status).toBe(true);

    const refused = await h.end(h.f.reg5);
    expect(refused.body).toEqual({
      status: false,
      message: 'Oops! Kamu belum menyelesaikan semua mapel tryout',
    });
    expect((await h.status(h.f.reg5, h.f.mapel.pu, 300, 1)).body.status).toBe(true);
    expect((await h.end(h.f.reg5)).body.status).toBe(false);
    // "Kerjakan" on the next subject opens it; the same start then shows its questions.
    expect((await h.status(h.f.reg5, h.f.mapel.pk, 300, 0)).body.status).toBe(true);
    const pilihanE = soalOf(await h.start(h.f.reg5), h.f.soal.pilihanE);
    expect(
      (await h.save(h.f.reg5, { ...base, id_jawaban: pilihanE.id_jawaban, type_soal: 1, jawaban: 'D' })).body
        .status,
    ).toBe(true);
    expect((await h.status(h.f.reg5, h.f.mapel.pk, 0, 1)).body.status).toBe(true);
    expect(await h.count('hasil_mapel')).toBe(0);

    const other = await h.end(h.f.reg4, 'tpsHash01', h.f.jadwal, h.f.reg5.id);
    expect(other.statusCode).toBe(403);

    const ended = await h.end(h.f.reg5);
    expect(ended.body).toEqual({ status: true, message: 'Tryout berhasil diakhiri' });
    const rows = await h.ctx.db
      .selectFrom('hasil_mapel')
      .selectAll()
      .where('id_hasil_to', '=', idHasilTo)
      .orderBy('id_mapel')
      .execute();
    const byMapel = new Map(rows.map((r) => [r.id_mapel, r]));
    // PU: choice right, statements wrong, 1/2 = 0,5 right, essay not scored → 2 of 3.
    expect(byMapel.get(h.f.mapel.pu)).toMatchObject({
      benar: 2,
      salah: 1,
      kosong: 0,
      nilai: 667,
      persentase: 66.7,
      metode: 'klasik',
      id_siswa: h.f.reg5.id,
      id_jadwal: h.f.jadwal,
    });
    // PK: short answer blank, D right → 1 of 2.
    expect(byMapel.get(h.f.mapel.pk)).toMatchObject({
      benar: 1,
      salah: 0,
      kosong: 1,
      nilai: 500,
      persentase: 50,
    });
    const attempt = await h.ctx.db
      .selectFrom('hasil_to')
      .selectAll()
      .where('id', '=', idHasilTo)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ is_selesai: 1, ended_at: h.ctx.clock.now() });

    h.ctx.clock.advance(5 * S);
    expect((await h.end(h.f.reg5)).body).toEqual({ status: true, message: 'Tryout ini sudah diakhiri' });
    const again = await h.ctx.db
      .selectFrom('hasil_to')
      .select('ended_at')
      .where('id', '=', idHasilTo)
      .executeTakeFirstOrThrow();
    expect(again.ended_at).toBe(attempt.ended_at);
    expect(await h.count('hasil_mapel')).toBe(2);
  });

  it('after the end: saves refused, the category shows its discussion and the next one is free', async () => {
    // Close both TPS subjects, then end the category.
    expect((await h.status(h.f.reg5, h.f.mapel.pu, 300, 1)).body.status).toBe(true);
    expect((await h.status(h.f.reg5, h.f.mapel.pk, 300, 0)).body.status).toBe(true);
    expect((await h.status(h.f.reg5, h.f.mapel.pk, 0, 1)).body.status).toBe(true);
    expect((await h.end(h.f.reg5)).body).toEqual({ status: true, message: 'Tryout berhasil diakhiri' });
    const save = await h.save(h.f.reg5, {
      id_hasil_to: started.body.content.id_hasil_to,
      id_jawaban: soalOf(started, h.f.soal.pilihan).id_jawaban,
      type_soal: 1,
      jawaban: 'C',
    });
    expect(save.body).toEqual({ status: false, message: 'Tryout ini sudah diakhiri' });
    expect((await h.start(h.f.reg5)).body).toEqual({
      status: false,
      message: 'Kategori ini sudah selesai dikerjakan',
    });
    const [tps, lit] = (await h.preview(h.f.reg5)).body.content.detailPaket;
    expect(tps).toMatchObject({ is_selesai: 1, is_antrian: 0, pembahasan: '/pembahasan/tpsHash01.pdf' });
    expect(lit).toMatchObject({ is_selesai: 0, is_antrian: 0, pembahasan: '' });
    expect((await h.start(h.f.reg5, 'litHash02')).body.status).toBe(true);
  });

  it('refuses an end before the start and bad parameters', async () => {
    expect((await h.end(h.f.reg4)).body).toEqual({
      status: false,
      message: 'Tryout kategori ini belum dimulai',
    });
    expect((await h.end(h.f.reg4, 'tidakAda99')).statusCode).toBe(404);
    const bad = await h.call('POST', '/siswa/tryout/end/id/0/kategori/tpsHash01', h.f.reg4, {
      id_siswa: h.f.reg4.id,
    });
    expect(bad.statusCode).toBe(400);
  });
});
