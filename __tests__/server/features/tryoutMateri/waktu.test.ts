/**
 * The topic tryout's time on the server (features/tryoutMateri/waktu.ts): the grace, the ends the server makes itself,
 * the one timing engine's per-topic clock; and who may start a topic.
 */
import { isPastGrace, newClock, openClock, tick } from '../../../../src/server/domain/timing';
import { materiRules } from '../../../../src/server/features/tryoutMateri/waktu';
import type { TestContext } from '../../../helpers/buildTestApp';
import { insertSiswaMasuk } from '../../../helpers/serverRows';
import {
  DAY,
  type Fixture,
  setup,
  caller,
  type Session,
  type MateriItem,
} from '../../../helpers/tryoutMateriServer';

describe('tryout permateri: the server keeps the time', () => {
  let ctx: TestContext;
  let f: Fixture;
  let call: ReturnType<typeof caller>;
  const save = (idmateri: number, idsoal: number, jawaban: string) =>
    call('PUT', `/siswa/tryoutmateri/saveanswer/idmateri/${idmateri}`, f.tokenA, {
      idsiswa: f.siswaA,
      idsoal,
      jawaban,
      sisa_waktu: 0,
    });
  const row = (idmateri: number) =>
    ctx.db
      .selectFrom('materi_hasil')
      .selectAll()
      .where('id_materi', '=', idmateri)
      .where('id_siswa', '=', f.siswaA)
      .executeTakeFirstOrThrow();

  beforeEach(async () => {
    ({ ctx, f } = await setup());
    call = caller(ctx);
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('accepts a save within the 30 s grace, refuses it after and ends the topic itself', async () => {
    const startedAt = ctx.clock.now();
    await call('POST', `/siswa/tryoutmateri/start/materi/${f.tGeometri}`, f.tokenA, { id_siswa: f.siswaA });
    ctx.clock.advance(5 * 60_000 + 20_000);
    const again = await call('POST', `/siswa/tryoutmateri/start/materi/${f.tGeometri}`, f.tokenA, {
      id_siswa: f.siswaA,
    });
    expect((again.body.content as Session).waktu).toBe(0);
    expect((await save(f.tGeometri, f.soalGeometri, 'A')).body.status).toBe(true);

    ctx.clock.advance(11_000);
    const late = await save(f.tGeometri, f.soalGeometri, 'B');
    expect(late.body).toEqual({ status: false, message: 'Waktu tryout materi sudah habis' });
    expect(await row(f.tGeometri)).toMatchObject({
      status: 1,
      benar: 1,
      salah: 0,
      kosong: 0,
      skor: 100,
      sisa_waktu: 0,
      ended_at: startedAt + 5 * 60_000,
    });
    const answer = await ctx.db
      .selectFrom('materi_jawaban')
      .select('jawaban')
      .where('id_soal', '=', f.soalGeometri)
      .execute();
    expect(answer).toEqual([{ jawaban: 'A' }]);
  });

  it('ends an expired topic when the list or the results touch it, scoring only what was saved in time', async () => {
    // An earlier topic, Geometri, expired with its answer: it must come after Aljabar in the results.
    await call('POST', `/siswa/tryoutmateri/start/materi/${f.tGeometri}`, f.tokenA, { id_siswa: f.siswaA });
    expect((await save(f.tGeometri, f.soalGeometri, 'A')).body.status).toBe(true);
    ctx.clock.advance(5 * 60_000 + 31_000);
    expect((await row(f.tGeometri)).status).toBe(0);
    expect((await save(f.tGeometri, f.soalGeometri, 'B')).body.status).toBe(false);
    expect((await row(f.tGeometri)).status).toBe(1);
    await call('POST', `/siswa/tryoutmateri/start/materi/${f.tAljabar}`, f.tokenA, { id_siswa: f.siswaA });
    expect((await save(f.tAljabar, f.soal.s1, 'B')).body.status).toBe(true);
    ctx.clock.advance(10 * 60_000 + 31_000);

    const list = await call(
      'GET',
      `/siswa/tryoutmateri/preview/idsiswa/${f.siswaA}/kategori/${f.kSaintek}/mapel/${f.mMatematika}`,
      f.tokenA,
    );
    const aljabar = (list.body.content as { materi: MateriItem[] }).materi.find((m) => m.id === f.tAljabar);
    expect(aljabar).toMatchObject({ status: 1, soal_dikerjakan: 1 });
    // A late end keeps the score of the saved answers and writes nothing new.
    const ended = await call('POST', `/siswa/tryoutmateri/end/materi/${f.tAljabar}`, f.tokenA, {
      id_siswa: f.siswaA,
      list_jawaban: [{ idsoal: f.soal.s5, jawaban: 'C' }],
    });
    expect(ended.body.status).toBe(true);
    expect(await row(f.tAljabar)).toMatchObject({ status: 1, benar: 1, salah: 0, kosong: 3, skor: 25 });
    const hasil = await call('POST', '/siswa/tryoutmateri/hasil', f.tokenA, { id_siswa: f.siswaA });
    expect((hasil.body.content as { idmateri: number }[]).map((h) => h.idmateri)).toEqual([
      f.tAljabar,
      f.tGeometri,
    ]);
  });

  it('scores a late end with the saved answers when nothing touched the topic before', async () => {
    await call('POST', `/siswa/tryoutmateri/start/materi/${f.tEkonomi}`, f.tokenA, { id_siswa: f.siswaA });
    ctx.clock.advance(6 * 60_000);
    const ended = await call('POST', `/siswa/tryoutmateri/end/materi/${f.tEkonomi}`, f.tokenA, {
      id_siswa: f.siswaA,
      list_jawaban: [{ idsoal: f.soalEkonomi, jawaban: 'A' }],
    });
    expect(ended.body).toEqual({
      status: true,
      message: expect.stringContaining('Waktu tryout materi sudah habis'),
    });
    expect(await row(f.tEkonomi)).toMatchObject({ status: 1, benar: 0, kosong: 1, skor: 0 });
    const answers = await ctx.db
      .selectFrom('materi_jawaban')
      .select('jawaban')
      .where('id_soal', '=', f.soalEkonomi)
      .execute();
    expect(answers).toEqual([]);
  });
});

describe('a per-topic clock on the one timing engine', () => {
  const t0 = 1_000_000;
  const rules = materiRules(10);
  const clock = (now: number) => tick(openClock(newClock(rules.durasi), t0), rules, now);
  it('counts the remaining seconds on the wall clock from the start, never below 0', () => {
    expect(clock(t0).sisaWaktu).toBe(600);
    expect(clock(t0 + 999).sisaWaktu).toBe(600);
    expect(clock(t0 + 1_000).sisaWaktu).toBe(599);
    expect(clock(t0 + 700_000)).toMatchObject({ status: 1, sisaWaktu: 0, lastSeenAt: t0 + 600_000 });
    // A clock reading before the start (clock skew) gives no extra time.
    expect(clock(t0 - 5_000).sisaWaktu).toBe(600);
  });

  it('closes exactly 30 s after the time is over', () => {
    expect(isPastGrace(clock(t0 + 630_000), t0 + 630_000)).toBe(false);
    expect(isPastGrace(clock(t0 + 631_000), t0 + 631_000)).toBe(true);
  });
});

describe('tryout permateri: who may start', () => {
  let ctx: TestContext;
  let f: Fixture;
  beforeEach(async () => {
    ({ ctx, f } = await setup());
  });
  afterEach(() => ctx.close());

  async function startAs(username: string, fields: { lembaga: string; id_program: number }) {
    const { id, token } = await insertSiswaMasuk(
      ctx.db,
      username,
      { now: ctx.clock.now(), ttlMs: DAY },
      fields,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/siswa/tryoutmateri/start/materi/${f.tAljabar}`,
      headers: { key: token },
      payload: { id_siswa: id },
    });
    const rows = await ctx.db.selectFrom('materi_hasil').selectAll().where('id_siswa', '=', id).execute();
    return { status: res.statusCode, body: res.json(), rows };
  }

  it('refuses an event student and a programme outside 1, 2, 5, 6, 7, with a clear message and no row', async () => {
    const refusal = { status: false, message: 'Tryout permateri tidak tersedia untuk akun kamu' };
    const event = await startAs('akbar1', { lembaga: 'TO Akbar', id_program: 1 });
    expect(event).toEqual({ status: 200, body: refusal, rows: [] });
    const program3 = await startAs('prog3', { lembaga: 'SiapTes', id_program: 3 });
    expect(program3).toEqual({ status: 200, body: refusal, rows: [] });
    const program7 = await startAs('prog7', { lembaga: 'Bimbel Nusantara', id_program: 7 });
    expect(program7.body.status).toBe(true);
    expect(program7.rows).toHaveLength(1);
  });
});
