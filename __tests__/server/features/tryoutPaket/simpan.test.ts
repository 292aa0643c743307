/** The answer save: each question type within its rules, E only for five-choice students, never another's attempt. */
import { T0, type Reply, type Harness, soalOf, harness } from '../../../helpers/tryoutPaketHarness';

describe('saveanswer', () => {
  let h: Harness;
  let reg4: Reply;
  let reg5: Reply;
  beforeEach(async () => {
    h = await harness();
    reg4 = await h.start(h.f.reg4);
    reg5 = await h.start(h.f.reg5);
  });
  afterEach(() => h.ctx.close());

  const answerOf = async (idJawaban: number) =>
    (
      await h.ctx.db
        .selectFrom('jawaban')
        .select('jawaban')
        .where('id', '=', idJawaban)
        .executeTakeFirstOrThrow()
    ).jawaban;

  it('saves a choice; E only for students who have five choices', async () => {
    const mine = soalOf(reg4, h.f.soal.pilihan);
    const body = { id_hasil_to: reg4.body.content.id_hasil_to, id_jawaban: mine.id_jawaban, type_soal: 1 };
    expect((await h.save(h.f.reg4, { ...body, jawaban: 'D' })).body.status).toBe(true);
    expect(await answerOf(mine.id_jawaban)).toBe('D');
    const e = await h.save(h.f.reg4, { ...body, jawaban: 'E' });
    expect(e.statusCode).toBe(400);
    expect(e.body).toEqual({ status: false, message: 'Pilihan E tidak tersedia untuk kamu' });
    expect(await answerOf(mine.id_jawaban)).toBe('D');
    expect((await h.save(h.f.reg4, { ...body, jawaban: 'F' })).statusCode).toBe(400);
    expect((await h.save(h.f.reg4, { ...body, jawaban: '0' })).body.status).toBe(true);
    expect(await answerOf(mine.id_jawaban)).toBe('0');

    const theirs = soalOf(reg5, h.f.soal.pilihan);
    const ok = await h.save(h.f.reg5, {
      id_hasil_to: reg5.body.content.id_hasil_to,
      id_jawaban: theirs.id_jawaban,
      type_soal: 1,
      jawaban: 'E',
    });
    expect(ok.body.status).toBe(true);
    expect(await answerOf(theirs.id_jawaban)).toBe('E');
  });

  it('saves short answers and essays within their lengths', async () => {
    const idHasilTo = reg4.body.content.id_hasil_to;
    const angka = soalOf(reg4, h.f.soal.angka);
    const esai = soalOf(reg4, h.f.soal.esai);
    expect(
      (
        await h.save(h.f.reg4, {
          id_hasil_to: idHasilTo,
          id_jawaban: angka.id_jawaban,
          type_soal: 5,
          jawaban: '1/2',
        })
      ).body.status,
    ).toBe(true);
    expect(await answerOf(angka.id_jawaban)).toBe('1/2');
    const long = await h.save(h.f.reg4, {
      id_hasil_to: idHasilTo,
      id_jawaban: angka.id_jawaban,
      type_soal: 5,
      jawaban: 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    const essay = 'Karena ½ · 2 = 1 — naïve ✓ '.repeat(100);
    expect(
      (
        await h.save(h.f.reg4, {
          id_hasil_to: idHasilTo,
          id_jawaban: esai.id_jawaban,
          type_soal: 4,
          jawaban: essay,
        })
      ).body.status,
    ).toBe(true);
    expect(await answerOf(esai.id_jawaban)).toBe(essay);
    const tooLong = await h.save(h.f.reg4, {
      id_hasil_to: idHasilTo,
      id_jawaban: esai.id_jawaban,
      type_soal: 4,
      jawaban: 'x'.repeat(5001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(await answerOf(esai.id_jawaban)).toBe(essay);
  });

  it('saves statements one by one, marks the question Z, and groupCancel clears them', async () => {
    const idHasilTo = reg4.body.content.id_hasil_to;
    const q = soalOf(reg4, h.f.soal.pernyataan);
    const [g1, g2] = q.group_soal;
    const base = { id_hasil_to: idHasilTo, id_jawaban: q.id_jawaban, type_soal: 3 };
    expect(
      (await h.save(h.f.reg4, { ...base, id_jawaban_group: g1.id_jawaban_group, jawaban: 'Y' })).body.status,
    ).toBe(true);
    expect(
      (await h.save(h.f.reg4, { ...base, id_jawaban_group: g2.id_jawaban_group, jawaban: 'N' })).body.status,
    ).toBe(true);
    // A retried request changes nothing.
    expect(
      (await h.save(h.f.reg4, { ...base, id_jawaban_group: g2.id_jawaban_group, jawaban: 'N' })).body.status,
    ).toBe(true);
    expect(await answerOf(q.id_jawaban)).toBe('Z');
    let again = soalOf(await h.start(h.f.reg4), h.f.soal.pernyataan);
    expect(again.jawaban_siswa).toBe('Z');
    expect(again.group_soal.map((g) => g.jawaban)).toEqual(['Y', 'N', '0']);

    const bad = await h.save(h.f.reg4, { ...base, id_jawaban_group: g1.id_jawaban_group, jawaban: 'X' });
    expect(bad.statusCode).toBe(400);
    const otherGroup = soalOf(reg5, h.f.soal.pernyataan).group_soal[0].id_jawaban_group;
    expect((await h.save(h.f.reg4, { ...base, id_jawaban_group: otherGroup, jawaban: 'Y' })).statusCode).toBe(
      400,
    );

    const cancel = await h.save(h.f.reg4, { ...base, operation: 'groupCancel', jawaban: '0' });
    expect(cancel.body.status).toBe(true);
    again = soalOf(await h.start(h.f.reg4), h.f.soal.pernyataan);
    expect(again.jawaban_siswa).toBe('0');
    expect(again.group_soal.map((g) => g.jawaban)).toEqual(['0', '0', '0']);
  });

  it('refuses a type that does not match, an answer of another attempt, and bad bodies', async () => {
    const idHasilTo = reg4.body.content.id_hasil_to;
    const pilihan = soalOf(reg4, h.f.soal.pilihan);
    const mismatch = await h.save(h.f.reg4, {
      id_hasil_to: idHasilTo,
      id_jawaban: pilihan.id_jawaban,
      type_soal: 2,
      jawaban: 'B',
    });
    expect(mismatch.statusCode).toBe(400);
    const foreign = await h.save(h.f.reg4, {
      id_hasil_to: idHasilTo,
      id_jawaban: soalOf(reg5, h.f.soal.pilihan).id_jawaban,
      type_soal: 1,
      jawaban: 'B',
    });
    expect(foreign.statusCode).toBe(400);
    const notMine = await h.save(h.f.reg4, {
      id_hasil_to: reg5.body.content.id_hasil_to,
      id_jawaban: soalOf(reg5, h.f.soal.pilihan).id_jawaban,
      type_soal: 1,
      jawaban: 'B',
    });
    expect(notMine.statusCode).toBe(403);
    for (const body of [
      { id_hasil_to: idHasilTo, id_jawaban: pilihan.id_jawaban, type_soal: 1 },
      { id_hasil_to: idHasilTo, id_jawaban: pilihan.id_jawaban, type_soal: 9, jawaban: 'B' },
      {
        id_hasil_to: idHasilTo,
        id_jawaban: pilihan.id_jawaban,
        type_soal: 1,
        jawaban: 'B',
        operation: 'hapus',
      },
      { id_hasil_to: 'abc', id_jawaban: pilihan.id_jawaban, type_soal: 1, jawaban: 'B' },
    ]) {
      const res = await h.save(h.f.reg4, body);
      expect(res.statusCode).toBe(400);
      expect(res.body.status).toBe(false);
    }
    const wrongJadwal = await h.save(
      h.f.reg4,
      { id_hasil_to: idHasilTo, id_jawaban: pilihan.id_jawaban, type_soal: 1, jawaban: 'B' },
      h.f.jadwalEvent,
    );
    expect(wrongJadwal.statusCode).toBe(404);
    const anonymous = await h.call('PUT', `/siswa/tryout/saveanswer/id/${h.f.jadwal}`, null, {
      id_hasil_to: idHasilTo,
      id_jawaban: pilihan.id_jawaban,
      type_soal: 1,
      jawaban: 'B',
      sisa_waktu: 100,
      operation: 'save',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses answers to a subject still in the queue', async () => {
    const idJawaban = await h.idJawaban(reg4.body.content.id_hasil_to, h.f.soal.isian);
    const res = await h.save(h.f.reg4, {
      id_hasil_to: reg4.body.content.id_hasil_to,
      id_jawaban: idJawaban,
      type_soal: 2,
      jawaban: 'Jakarta',
    });
    expect(res.body).toEqual({ status: false, message: 'Selesaikan Penalaran Umum terlebih dahulu' });
    expect(await answerOf(idJawaban)).toBe('');
  });

  it("the first subject's clock runs from the start", async () => {
    const clock = await h.clockRow(reg4.body.content.id_hasil_to, h.f.mapel.pu);
    expect(clock.opened_at).toBe(T0);
    expect(clock.status).toBe(0);
  });
});
