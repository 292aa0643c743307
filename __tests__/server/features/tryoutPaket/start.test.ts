/** The start of a category: the attempt once, the open subject's questions without keys, the choices a student sees. */
import { insertMapel } from '../../../helpers/serverRows';
import {
  T0,
  S,
  DAY,
  type Harness,
  type StartedSoal,
  soalOf,
  harness,
  insertJadwal30,
  insertKategoriPaket,
} from '../../../helpers/tryoutPaketHarness';

describe('start', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.ctx.close());

  it('creates the attempt once, even when two starts race', async () => {
    const [first, second] = await Promise.all([h.start(h.f.reg5), h.start(h.f.reg5)]);
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatchObject({ status: true, message: 'Tryout berhasil dimulai' });
    expect(second.body.content.id_hasil_to).toBe(first.body.content.id_hasil_to);
    expect(await h.count('hasil_to')).toBe(1);
    // The open subject's 4 questions have rows; the queued subject's 2 get theirs when it is opened.
    expect(await h.count('jawaban')).toBe(4);
    expect(await h.count('jawaban_group')).toBe(3);
    expect(await h.count('mapel_waktu')).toBe(2);
    // The first subject's questions are shown with the start, so its clock starts now; the next one waits.
    const clock = await h.clockRow(first.body.content.id_hasil_to, h.f.mapel.pu);
    expect(clock).toMatchObject({ sisa_waktu: 600, status: 0, opened_at: T0 });
    const next = await h.clockRow(first.body.content.id_hasil_to, h.f.mapel.pk);
    expect(next).toMatchObject({ sisa_waktu: 300, status: 0, opened_at: null });
  });

  it("sends the open subject's questions in order with blank answers, and never a key or a discussion", async () => {
    const res = await h.start(h.f.reg5);
    const soal = res.body.content.soal as (StartedSoal & { nomor: number; id_mapel: number })[];
    expect(soal.map((s) => [s.id_mapel, s.nomor])).toEqual([
      [h.f.mapel.pu, 1],
      [h.f.mapel.pu, 2],
      [h.f.mapel.pu, 3],
      [h.f.mapel.pu, 4],
    ]);
    expect(soal.map((s) => s.jawaban_siswa)).toEqual(['0', '0', '', '']);
    // The queued subject's questions (Soal 1 tipe 2 of Pengetahuan Kuantitatif) are nowhere in the answer.
    expect(res.text).not.toContain('tipe 2');
    const group = soalOf(res, h.f.soal.pernyataan);
    expect(group).toMatchObject({ type: 3, group_text_type: 2 });
    expect(group.group_soal.map((g) => [g.soal, g.jawaban])).toEqual([
      ['Pernyataan satu', '0'],
      ['Pernyataan dua', '0'],
      ['Pernyataan tiga', '0'],
    ]);
    expect(soalOf(res, h.f.soal.pilihan).e).toBe('pilihan e');
    expect(res.text).not.toMatch(/kunci|pembahasan|is_benar|RAHASIA/);
  });

  it('hides option E from a four-choice regular student', async () => {
    expect((await h.start(h.f.reg5)).body.status).toBe(true);
    const res = await h.start(h.f.reg4);
    expect(res.body.status).toBe(true);
    expect(soalOf(res, h.f.soal.pilihan).e).toBe('');
    expect(await h.count('hasil_to')).toBe(2);
  });

  it('returns the saved answers on a second start', async () => {
    // Another student's attempt, so the count below shows the second start adds no rows: 4 + 4 (open subject).
    expect((await h.start(h.f.reg5)).body.status).toBe(true);
    const first = await h.start(h.f.reg4);
    const pilihan = soalOf(first, h.f.soal.pilihan);
    const saved = await h.save(h.f.reg4, {
      id_hasil_to: first.body.content.id_hasil_to,
      id_jawaban: pilihan.id_jawaban,
      jawaban: 'C',
      type_soal: 1,
    });
    expect(saved.body).toEqual({ status: true, message: 'Jawaban tersimpan' });
    const again = await h.start(h.f.reg4);
    expect(again.body.content.id_hasil_to).toBe(first.body.content.id_hasil_to);
    expect(soalOf(again, h.f.soal.pilihan).jawaban_siswa).toBe('C');
    expect(await h.count('jawaban')).toBe(8);
  });

  it('refuses a queued category, a schedule not yet open, another student and bad input', async () => {
    // Both students hold a TPS attempt; the refusals below must add none.
    expect((await h.start(h.f.reg5)).body.status).toBe(true);
    expect((await h.start(h.f.reg4)).body.status).toBe(true);
    expect((await h.start(h.f.reg5, 'litHash02')).body).toEqual({
      status: false,
      message: 'Selesaikan kategori TPS terlebih dahulu',
    });
    expect((await h.start(h.f.reg4, 'nantiHash1', h.f.jadwalFuture)).body).toEqual({
      status: false,
      message: 'Jadwal tryout ini belum dibuka',
    });
    const other = await h.start(h.f.reg4, 'tpsHash01', h.f.jadwal, h.f.reg5.id);
    expect(other.statusCode).toBe(403);
    expect((await h.start(h.f.stranger)).statusCode).toBe(403);
    expect((await h.start(h.f.reg4, 'tidakAda99')).statusCode).toBe(404);
    expect((await h.start(h.f.reg4, 'bad hash!')).statusCode).toBe(400);
    const noBody = await h.call(
      'POST',
      `/siswa/tryout/start/id/${h.f.jadwal}/kategori/tpsHash01`,
      h.f.reg4,
      {},
    );
    expect(noBody.statusCode).toBe(400);
    expect(noBody.body.status).toBe(false);
    expect(await h.count('hasil_to')).toBe(2);
  });

  it('refuses a schedule that has ended', async () => {
    h.ctx.clock.set(T0 + 29 * DAY + S);
    try {
      expect((await h.start(h.f.reg5)).body).toEqual({
        status: false,
        message: 'Jadwal tryout ini sudah berakhir',
      });
    } finally {
      h.ctx.clock.set(T0);
    }
  });
});

describe('start and the choices a student can see', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(() => h.ctx.close());

  it('refuses a category with a question keyed E to a student who sees A–D only, and writes nothing', async () => {
    const refused = await h.start(h.f.reg4, 'limaHash01', h.f.jadwalKunciE);
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toEqual({
      status: false,
      message:
        'Kategori ini memuat soal yang jawabannya pilihan E, padahal kamu hanya mendapat pilihan A–D. ' +
        'Hubungi admin lembagamu untuk paket yang sesuai.',
    });
    expect(await h.count('hasil_to')).toBe(0);
    expect(await h.count('mapel_waktu')).toBe(0);

    const served = await h.start(h.f.reg5, 'limaHash01', h.f.jadwalKunciE);
    expect(served.body.status).toBe(true);
    expect((served.body.content.soal as StartedSoal[]).map((s) => s.e)).toEqual(['pilihan e', 'pilihan e']);
  });
});

describe('start of a category without questions', () => {
  it("is refused with the spec's message and writes nothing", async () => {
    const h = await harness();
    try {
      const { db } = h.ctx;
      const jadwal = await insertJadwal30(db, 8, 0, T0 - DAY);
      const kategori = await insertKategoriPaket(db, jadwal, 'Belum Siap', 'kosong0001', 1);
      await insertMapel(db, kategori, 'Penalaran Umum', 1, 30);
      await insertMapel(db, kategori, 'Literasi', 2, 20);
      await db.insertInto('jadwal_peserta').values({ id_jadwal: jadwal, id_siswa: h.f.reg5.id }).execute();
      const refused = await h.start(h.f.reg5, 'kosong0001', jadwal);
      expect(refused.body).toEqual({ status: false, message: 'Soal untuk kategori ini belum tersedia' });
      expect(await h.count('hasil_to')).toBe(0);
      expect(await h.count('mapel_waktu')).toBe(0);
    } finally {
      await h.ctx.close();
    }
  });
});
