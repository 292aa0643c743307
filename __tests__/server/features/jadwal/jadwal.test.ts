import { buildTestApp, testClock, type TestContext } from '../../../helpers/buildTestApp';
import { hashPassword } from '../../../../src/server/lib/password';
import type { Executor } from '../../../../src/server/db/executor';
import { siswaRow } from '../../../helpers/serverRows';

const PASSWORD = 'tryout123';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Senin, 23 November 2026 14:00 WIB. */
const T = Date.UTC(2026, 10, 23, 7, 0);

interface Ids {
  rina: number;
  budi: number;
}

/**
 * Paket 1 current, both categories ended → "5"; paket 2 current, one of two ended → "0"; paket 3 current from
 * exactly now, no category → "0"; paket 4 and 5 future; paket 6 ended exactly now, its one category ended → "5";
 * paket 7 long past, never taken → "0"; paket 8 current but Rina is not enrolled.
 */
async function seedJadwal(db: Executor, ids: Ids): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  const siswa = await db
    .insertInto('siswa')
    .values([siswaRow('rina', { password_hash: hash }), siswaRow('budi', { password_hash: hash })])
    .returning('id')
    .execute();
  ids.rina = siswa[0].id;
  ids.budi = siswa[1].id;

  const jadwal: [number, number, number][] = [
    [1, T - DAY, T + 2 * DAY],
    [2, T - 2 * HOUR, T + DAY],
    [3, T, T + 3 * DAY],
    [4, T + 5 * DAY, T + 6 * DAY],
    [5, T + HOUR, T + 4 * HOUR],
    [6, T - 2 * DAY, T],
    [7, T - 11 * DAY, T - 10 * DAY],
    [8, T - DAY, T + DAY],
  ];
  for (const [paket, tgl_awal, tgl_akhir] of jadwal) {
    await db
      .insertInto('jadwal')
      .values({
        id: paket,
        paket,
        nama: `Paket ${paket}`,
        tgl_awal,
        tgl_akhir,
        is_event: 0,
        irt_calibrated_at: null,
      })
      .execute();
    await db
      .insertInto('jadwal_peserta')
      .values({ id_jadwal: paket, id_siswa: paket === 8 ? ids.budi : ids.rina })
      .execute();
  }
  await db.insertInto('jadwal_peserta').values({ id_jadwal: 2, id_siswa: ids.budi }).execute();

  const kategori: [number, number, number][] = [
    // [id, id_jadwal, urutan]
    [11, 1, 1],
    [12, 1, 2],
    [21, 2, 1],
    [22, 2, 2],
    [61, 6, 1],
    [71, 7, 1],
    [81, 8, 1],
  ];
  for (const [id, id_jadwal, urutan] of kategori) {
    await db
      .insertInto('kategori')
      .values({ id, id_jadwal, nama: `Kategori ${id}`, hash: `kat${id}hash`, urutan, pembahasan: '' })
      .execute();
  }

  const hasil: [number, number, number, number][] = [
    // [id_jadwal, id_kategori, id_siswa, is_selesai]
    [1, 11, ids.rina, 1],
    [1, 12, ids.rina, 1],
    [2, 21, ids.rina, 1],
    [2, 22, ids.rina, 0],
    [2, 22, ids.budi, 1],
    [2, 21, ids.budi, 1],
    [6, 61, ids.rina, 1],
  ];
  for (const [id_jadwal, id_kategori, id_siswa, is_selesai] of hasil) {
    await db
      .insertInto('hasil_to')
      .values({
        id_jadwal,
        id_kategori,
        id_siswa,
        started_at: T - 3 * DAY,
        ended_at: is_selesai ? T - 3 * DAY + HOUR : null,
        is_selesai,
      })
      .execute();
  }
}

describe('GET /api/siswa/jadwal/jadwalto{current,future,previous}/idsiswa/:idsiswa', () => {
  let t: TestContext;
  let token: string;
  const ids: Ids = { rina: 0, budi: 0 };
  const clock = testClock(T);

  const login = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { code: 's', isgoogle: false, username: 'rina', password: PASSWORD },
    });
    token = res.json().content.access_token.value;
  };

  // A fresh database and clock per test: several tests end attempts, drop enrolments or move time.
  beforeEach(async () => {
    clock.set(T);
    t = await buildTestApp({ clock, seed: (db) => seedJadwal(db, ids) });
    await login();
  });
  afterEach(async () => {
    await t.close();
  });

  const list = (which: string, id = ids.rina) =>
    t.app.inject({
      method: 'GET',
      url: `/api/siswa/jadwal/jadwalto${which}/idsiswa/${id}`,
      headers: { key: token },
    });

  it('lists the current schedules, soonest end first, with status and WIB dates', async () => {
    const res = await list('current');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      content: [
        {
          id: 2,
          paket: 2,
          status: '0',
          tgl_awal_str: 'Senin, 23 November 2026 12:00 WIB',
          tgl_akhir_str: 'Selasa, 24 November 2026 14:00 WIB',
        },
        {
          id: 1,
          paket: 1,
          status: '5',
          tgl_awal_str: 'Minggu, 22 November 2026 14:00 WIB',
          tgl_akhir_str: 'Rabu, 25 November 2026 14:00 WIB',
        },
        {
          id: 3,
          paket: 3,
          status: '0',
          tgl_awal_str: 'Senin, 23 November 2026 14:00 WIB',
          tgl_akhir_str: 'Kamis, 26 November 2026 14:00 WIB',
        },
      ],
    });
  });

  it('lists the future schedules, soonest start first', async () => {
    const res = await list('future');
    expect(res.statusCode).toBe(200);
    const content = res.json().content;
    expect(content.map((j: { paket: number }) => j.paket)).toEqual([5, 4]);
    expect(content[0]).toEqual({
      id: 5,
      paket: 5,
      status: '0',
      tgl_awal_str: 'Senin, 23 November 2026 15:00 WIB',
      tgl_akhir_str: 'Senin, 23 November 2026 18:00 WIB',
    });
  });

  it('lists the past schedules, latest end first; "5" only when every category ended', async () => {
    const res = await list('previous');
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual([
      {
        id: 6,
        paket: 6,
        status: '5',
        tgl_awal_str: 'Sabtu, 21 November 2026 14:00 WIB',
        tgl_akhir_str: 'Senin, 23 November 2026 14:00 WIB',
      },
      {
        id: 7,
        paket: 7,
        status: '0',
        tgl_awal_str: 'Kamis, 12 November 2026 14:00 WIB',
        tgl_akhir_str: 'Jumat, 13 November 2026 14:00 WIB',
      },
    ]);
  });

  it('moves schedules between lists as time passes', async () => {
    clock.set(T + DAY);
    await login(); // the session of T has expired by now
    const current = (await list('current')).json().content.map((j: { paket: number }) => j.paket);
    const previous = (await list('previous')).json().content.map((j: { paket: number }) => j.paket);
    expect(current).toEqual([1, 3]);
    expect(previous).toEqual([2, 5, 6, 7]);
    expect((await list('future')).json().content.map((j: { paket: number }) => j.paket)).toEqual([4]);
  });

  it('turns a schedule to "5" once its last category is ended', async () => {
    await t.db
      .updateTable('hasil_to')
      .set({ is_selesai: 1, ended_at: T })
      .where('id_kategori', '=', 22)
      .where('id_siswa', '=', ids.rina)
      .execute();
    const content = (await list('current')).json().content;
    expect(content.find((j: { paket: number }) => j.paket === 2).status).toBe('5');
  });

  it('answers an empty list for a student without schedules in that window', async () => {
    await t.db
      .deleteFrom('jadwal_peserta')
      .where('id_siswa', '=', ids.rina)
      .where('id_jadwal', 'in', [4, 5])
      .execute();
    expect((await list('future')).json()).toEqual({ status: true, content: [] });
  });

  it('refuses another student’s lists with 403 and answers 401 without a token', async () => {
    for (const which of ['current', 'future', 'previous']) {
      const res = await list(which, ids.budi);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: false, message: 'Akses ditolak: data ini milik siswa lain' });
      const anon = await t.app.inject({
        method: 'GET',
        url: `/api/siswa/jadwal/jadwalto${which}/idsiswa/${ids.rina}`,
      });
      expect(anon.statusCode).toBe(401);
      expect(anon.json().status).toBe(false);
    }
  });
});
