/**
 * A TO Akbar event reveals nothing of a result before it is over, for everyone: three students who each answer one
 * question with a different option and compare their counts would learn its key. Until the schedule's end plus
 * 30 s no count of right, wrong or blank, no score, percentage, rank or PTN status and no result PDF leaves the
 * server; the refusal says when it opens. One second later the same calls answer as before. A regular schedule's
 * results open as they always did.
 */
import { buildTestApp, testClock, type TestContext } from '../../../helpers/buildTestApp';
import {
  buildEventFixture,
  buildPaketFixture,
  sessionFor,
  type EventFixture,
  type PaketFixture,
} from '../../../helpers/hasilFixture';
import { SESSION_COOKIE } from '../../../../src/server/plugins/auth';

/** 1 December 2026, 21.00 WIB: the event's end. */
const END = Date.UTC(2026, 11, 1, 14, 0, 0);
const SECOND = 1000;
const SENTENCE = 'Hasil TO Akbar dibuka setelah 1 Desember 2026 21.00 WIB';
const LOCKED = { status: false, message: SENTENCE, dibuka_pada: '2026-12-01T14:00:30.000Z' };
/** Any figure of a result, by the names the answers give them. */
const FIGURES = /benar|salah|kosong|nilai|skor|persentase|rata_rata|peringkat|rangking|hasil_str|theta/;

let ctx: TestContext;
let ev: EventFixture;
let reg: PaketFixture;
const tokens = new Map<number, string>();

async function post(idSiswa: number, url: string, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { key: tokens.get(idSiswa) ?? '' },
    payload,
  });
}

async function setUp() {
  ctx = await buildTestApp({ clock: testClock(END - 60 * 60 * SECOND) });
  ev = await buildEventFixture(ctx.db, { paket: 21, peserta: 3, tgl_akhir: END, seed: 7 });
  reg = await buildPaketFixture(ctx.db, END - 60 * 60 * SECOND);
  for (const id of [...ev.siswa, reg.siswa.andi])
    tokens.set(id, await sessionFor(ctx.db, id, END - 2 * 3600_000));
  const prodi = await ctx.db
    .insertInto('prodi')
    .values({
      universitas: 'Universitas Indonesia',
      jurusan: 'Kedokteran',
      jenjang: 'S1',
      grade: 0,
      kapasitas: 5,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const id of ev.siswa) {
    await ctx.db
      .insertInto('pilihan_siswa')
      .values({ id_siswa: id, num_option: 1, id_prodi: prodi.id })
      .execute();
    // The subject rows are written (Sync answers only a sentence), so a leak would have figures to show.
    const sync = await post(id, '/siswa/tryout/generatehasilmapel', { idsiswa: id, idjadwal: ev.idJadwal });
    expect(sync.json().status).toBe(true);
  }
}

/** Every way to an event result, for one student: the HTTP status and the body. */
async function results(id: number) {
  const j = ev.idJadwal;
  const answers = {
    list: await post(id, '/siswa/tryout/hasil', { id_siswa: id, type: 'list' }),
    jadwal: await post(id, `/siswa/tryout/hasil/id/${j}`, { id_siswa: id, type: 'detail' }),
    kategori: await post(id, `/siswa/tryout/hasil/id/${j}/kategori/${ev.hash}`, {
      id_siswa: id,
      type: 'detail',
    }),
    skor: await post(id, '/siswa/tryout/hasilskor', { id_siswa: id }),
    ptn: await post(id, '/siswa/tryout/hasilptn', { idsiswa: id, idjadwal: j }),
    ranking: await post(id, `/siswa/tryout/ranking/idsiswa/${id}/paket/${j}`, {}),
    rankingHalaman: await post(id, `/siswa/tryout/ranking/idsiswa/${id}/paket/${j}`, { halaman: 1 }),
    rankingjur: await post(id, '/siswa/tryout/rankingjur', { idsiswa: id, idjadwal: j, numoption: 1 }),
    pdf: await ctx.app.inject({
      method: 'GET',
      url: `/api/pdf/hasil/${j}/${ev.hash}`,
      cookies: { [SESSION_COOKIE]: tokens.get(id) ?? '' },
    }),
  };
  return answers;
}

async function expectLocked() {
  for (const id of ev.siswa) {
    const r = await results(id);
    for (const name of ['jadwal', 'kategori', 'ptn', 'ranking', 'rankingHalaman', 'rankingjur'] as const) {
      expect([name, r[name].statusCode, r[name].json()]).toEqual([name, 200, LOCKED]);
    }
    expect(r.pdf.statusCode).toBe(403);
    expect(r.pdf.headers['content-type']).toMatch(/^application\/json/);
    expect(r.pdf.json()).toEqual(LOCKED);
    // The lists name the event's category and package, with the sentence instead of any figure.
    expect(r.list.json()).toEqual({
      status: true,
      content: [
        {
          paket: 21,
          type: 'TO Akbar',
          date: expect.any(String),
          idjadwal: ev.idJadwal,
          kategori: 'TPS',
          kategoriHash: ev.hash,
          terkunci: SENTENCE,
        },
      ],
    });
    expect(r.skor.json()).toEqual({
      status: true,
      content: [
        { id: ev.idJadwal, paket: 21, tgl_selesai: expect.any(String), type: 'TO Akbar', terkunci: SENTENCE },
      ],
    });
    for (const answer of Object.values(r)) expect(answer.body).not.toMatch(FIGURES);
  }
}

describe('the results of a TO Akbar event', () => {
  beforeEach(setUp);
  afterEach(() => ctx.close());

  it('stay on the server for every participant, an hour before the end', async () => {
    await expectLocked();
  });

  it('stay closed one second before the end and 30 s after it', async () => {
    ctx.clock.set(END - SECOND);
    await expectLocked();
    ctx.clock.set(END + 30 * SECOND);
    await expectLocked();
  });

  it('open 31 s after the end: counts, scores, PTN status, rankings and the PDF', async () => {
    ctx.clock.set(END + 31 * SECOND);
    await ctx.closeDue(); // the close that follows the end runs off the request path
    const [first] = ev.siswa;
    const r = await results(first);
    const [item] = r.list.json().content;
    expect(item).not.toHaveProperty('terkunci');
    expect(item).toMatchObject({ paket: 21, nilai: expect.any(Number), persentase: expect.any(Number) });
    const detail = { mapel: 'Penalaran Umum', benar: ev.raw[0], salah: 12 - ev.raw[0], kosong: 0 };
    expect(r.jadwal.json().content.kategori[0].detail[0]).toMatchObject(detail);
    expect(r.kategori.json().content.detail[0]).toMatchObject(detail);
    expect(r.skor.json().content[0]).toMatchObject({ id: ev.idJadwal, skor: expect.any(Number) });
    expect(r.ptn.json()).toMatchObject({ status: true, content: { my_ptn: { skor: expect.any(Number) } } });
    expect(r.ranking.json().content.jumlah_peserta).toBe(3);
    expect(r.rankingjur.json().content.list_rangking).toHaveLength(3);
    expect(r.pdf.statusCode).toBe(200);
    expect(r.pdf.headers['content-type']).toBe('application/pdf');
  });

  it('leave a regular schedule as it was: its results show before its end', async () => {
    const andi = reg.siswa.andi;
    const list = (await post(andi, '/siswa/tryout/hasil', { id_siswa: andi, type: 'list' })).json();
    expect(list.content.length).toBeGreaterThan(0);
    for (const item of list.content) expect(item).toMatchObject({ type: 'UTBK', nilai: expect.any(Number) });
    const ranking = await post(andi, `/siswa/tryout/ranking/idsiswa/${andi}/paket/${reg.idJadwal}`, {});
    expect(ranking.json().content.my_rangking).not.toBeNull();
  });
});
