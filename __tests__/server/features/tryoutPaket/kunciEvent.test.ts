/**
 * A TO Akbar event keeps its keys until it is over, for everyone: the review (with and without idmapel), the
 * discussion PDF and the preview's discussion link answer when they open, until the schedule's end plus 30 s; one
 * second later the same calls answer everything. A regular schedule's review opens as soon as the category is done.
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
import { kunciTerkunci, pesanKunciEvent } from '../../../../src/server/domain/kunciEvent';

/** 1 December 2026, 21.00 WIB: the event's end. */
const END = Date.UTC(2026, 11, 1, 14, 0, 0);
const SECOND = 1000;
const SENTENCE = 'Pembahasan dibuka setelah TO Akbar berakhir pada 1 Desember 2026 21.00 WIB';
const LOCKED = { status: false, message: SENTENCE, dibuka_pada: '2026-12-01T14:00:30.000Z' };

let ctx: TestContext;
let ev: EventFixture;
let reg: PaketFixture;
const tokens = new Map<number, string>();

async function setUp() {
  ctx = await buildTestApp({ clock: testClock(END - 60 * 60 * SECOND) });
  ev = await buildEventFixture(ctx.db, { paket: 21, peserta: 3, tgl_akhir: END, seed: 7 });
  reg = await buildPaketFixture(ctx.db, END - 60 * 60 * SECOND);
  for (const id of [...ev.siswa, reg.siswa.andi])
    tokens.set(id, await sessionFor(ctx.db, id, END - 2 * 3600_000));
}

function review(idSiswa: number, idjadwal: number, idmapel?: number) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/siswa/tryout/pembahasan',
    headers: { key: tokens.get(idSiswa) ?? '' },
    payload: { idsiswa: idSiswa, idjadwal, ...(idmapel ? { idmapel } : {}) },
  });
}

function pdf(idSiswa: number) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/pdf/pembahasan/${ev.idJadwal}/${ev.hash}`,
    cookies: { [SESSION_COOKIE]: tokens.get(idSiswa) ?? '' },
  });
}

async function previewKategori(idSiswa: number) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/siswa/tryout/preview/paket/21/id/${ev.idJadwal}`,
    headers: { key: tokens.get(idSiswa) ?? '' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().content.detailPaket[0] as Record<string, unknown>;
}

/** Every way to the keys is closed for every participant, each with the sentence saying when it opens. */
async function expectLocked() {
  for (const id of ev.siswa) {
    const list = await review(id, ev.idJadwal);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(LOCKED);
    const one = await review(id, ev.idJadwal, ev.idMapel);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(LOCKED);
    const file = await pdf(id);
    expect(file.statusCode).toBe(403);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.json()).toEqual(LOCKED);
    const kategori = await previewKategori(id);
    expect(kategori).toMatchObject({ is_selesai: 1, pembahasan: '', pembahasan_terkunci: SENTENCE });
  }
}

describe('the keys of a TO Akbar event', () => {
  beforeEach(setUp);
  afterEach(() => ctx.close());

  it('stay on the server for every participant who finished, an hour before the end', async () => {
    await expectLocked();
  });

  it('stay locked one second before the end and 30 s after it', async () => {
    ctx.clock.set(END - SECOND);
    await expectLocked();
    ctx.clock.set(END + 30 * SECOND);
    await expectLocked();
  });

  it('open 31 s after the end: the same calls answer the review, the keys and the PDF', async () => {
    ctx.clock.set(END + 31 * SECOND);
    const [first] = ev.siswa;
    const list = (await review(first, ev.idJadwal)).json();
    expect(list).toEqual({
      status: true,
      content: { paket: 21, mapel: [{ idmapel: ev.idMapel, mapel: 'Penalaran Umum', status: '1' }] },
    });
    const one = (await review(first, ev.idJadwal, ev.idMapel)).json();
    expect(one.status).toBe(true);
    expect(one.content.soal[0]).toMatchObject({ kunci: 'A' });
    expect(one.content.soal[0].is_benar === 0 || one.content.soal[0].is_benar === 1).toBe(true);
    const file = await pdf(first);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const kategori = await previewKategori(first);
    expect(kategori.pembahasan).toBe(`/api/pdf/pembahasan/${ev.idJadwal}/${ev.hash}`);
    expect(kategori).not.toHaveProperty('pembahasan_terkunci');
  });

  it('leave the regular schedule as it was: its review opens when the category is done', async () => {
    const andi = reg.siswa.andi;
    const one = (await review(andi, reg.idJadwal, reg.mapel.matematika)).json();
    expect(one.status).toBe(true);
    expect(one.content.soal[0]).toMatchObject({ kunci: 'B', is_benar: 1 });
  });
});

describe('kunciTerkunci (the rule alone)', () => {
  const event = { is_event: 1, tgl_akhir: END };

  it('locks an event until 30 s after its end and opens it at 31 s', () => {
    expect(kunciTerkunci(event, END - SECOND)?.message).toBe(SENTENCE);
    expect(kunciTerkunci(event, END + 30 * SECOND)?.message).toBe(SENTENCE);
    expect(kunciTerkunci(event, END + 31 * SECOND)).toBeNull();
  });

  it('never locks a regular schedule', () => {
    expect(kunciTerkunci({ is_event: 0, tgl_akhir: END }, END - 3600_000)).toBeNull();
  });

  it('names the end in WIB, rolling the date over at midnight WIB', () => {
    expect(pesanKunciEvent(Date.UTC(2026, 11, 31, 17, 5))).toBe(
      'Pembahasan dibuka setelah TO Akbar berakhir pada 1 Januari 2027 00.05 WIB',
    );
  });
});
