/**
 * The close of a schedule as a job (scoring/tugasPenutupan.ts, migration 009): it runs once across processes under a
 * lease row, a holder that stopped is taken over once its lease has passed, result reads answer at once while it
 * runs, the scheduler starts it by itself, and `siaptes close` takes the same lease. Two "processes" are two
 * database handles on one database (a SQLite file, or one PostgreSQL schema) with an app each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { tutupJadwal } from '../../../src/server/operator/tutup';
import { mulaiPenjadwalPenutupan, tutupYangBerakhir } from '../../../src/server/scoring/penjadwalPenutupan';
import {
  ambilLease,
  denganLease,
  jalankanPenutupan,
  pemegangOf,
  penutupanSelesai,
} from '../../../src/server/scoring/tugasPenutupan';
import { waitFor } from '../../helpers/waitFor';
import { buildTestApp, postgresTestOptions, testClock, type TestContext } from '../../helpers/buildTestApp';
import {
  FIXTURE_NOW,
  buildPaketFixture,
  insertAttempt,
  insertHasilMapel,
  sessionFor,
  type PaketFixture,
} from '../../helpers/hasilFixture';
import { insertJadwal, insertKategori, insertMapel } from '../../helpers/serverRows';

/** Two handles on one fresh migrated database. */
async function twoHandles(): Promise<{ a: Executor; b: Executor; cleanUp: () => void }> {
  const url = process.env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//i.test(url)) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const a = await createDb(url, { schema, ...postgresTestOptions() });
    await migrateToLatest(a);
    return { a, b: await createDb(url, { schema, ...postgresTestOptions() }), cleanUp: () => undefined };
  }
  const dir = mkdtempSync(join(tmpdir(), 'siaptes-lease-'));
  const file = join(dir, 'siaptes.db');
  const a = await createDb(file);
  await migrateToLatest(a);
  return { a, b: await createDb(file), cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Two {
  one: TestContext;
  two: TestContext;
  fx: PaketFixture;
  token: string;
  close(): Promise<void>;
}

/** Two apps on one database holding the package fixture, whose window ended a minute before the clock's time. */
async function twoApps(): Promise<Two> {
  const { a, b, cleanUp } = await twoHandles();
  const clock = testClock(FIXTURE_NOW);
  const one = await buildTestApp({ db: a, clock });
  const two = await buildTestApp({ db: b, clock });
  const fx = await buildPaketFixture(a);
  await a
    .updateTable('jadwal')
    .set({ tgl_akhir: FIXTURE_NOW - 60_000 })
    .where('id', '=', fx.idJadwal)
    .execute();
  const token = await sessionFor(a, fx.siswa.andi, FIXTURE_NOW);
  return {
    one,
    two,
    fx,
    token,
    close: async () => {
      await two.close();
      await one.close();
      cleanUp();
    },
  };
}

async function jadwalRow(db: Executor, id: number) {
  const row = await db
    .selectFrom('jadwal')
    .select(['peringkat_at', 'peringkat_versi'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    peringkat_at: row.peringkat_at === null ? null : Number(row.peringkat_at),
    versi: row.peringkat_versi,
  };
}

async function leaseRow(db: Executor, id: number) {
  return db.selectFrom('penutupan').selectAll().where('id_jadwal', '=', id).executeTakeFirst();
}

function ranking(ctx: TestContext, t: Two) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/siswa/tryout/ranking/idsiswa/${t.fx.siswa.andi}/paket/${t.fx.idJadwal}`,
    headers: { key: t.token },
    payload: {},
  });
}

function hasilList(ctx: TestContext, t: Two) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/siswa/tryout/hasil',
    headers: { key: t.token },
    payload: { id_siswa: t.fx.siswa.andi, type: 'list' },
  });
}

/** The schedule's lease row, if one was written. */
function leaseOf(db: Executor, idJadwal: number) {
  return db.selectFrom('penutupan').select('pemegang').where('id_jadwal', '=', idJadwal).executeTakeFirst();
}

describe('the close of a schedule as a job', () => {
  let t: Two;
  beforeEach(async () => {
    t = await twoApps();
  });
  afterEach(() => t.close());

  it('runs once when two processes race for it: schedulers and reads of both apps at once', async () => {
    const jam = t.one.clock.now;
    const outcomes = await Promise.all([
      jalankanPenutupan(t.one.db, t.fx.idJadwal, jam),
      jalankanPenutupan(t.two.db, t.fx.idJadwal, jam),
      tutupYangBerakhir(t.one.db, jam, (error) => {
        throw error;
      }),
      tutupYangBerakhir(t.two.db, jam, (error) => {
        throw error;
      }),
      ranking(t.one, t),
      ranking(t.two, t),
    ]);
    await penutupanSelesai(t.one.db);
    await penutupanSelesai(t.two.db);
    expect(outcomes.slice(0, 2).filter((o) => o === 'ditutup').length).toBeLessThanOrEqual(1);
    // One close wrote the results: the version is raised by every write of them.
    expect(await jadwalRow(t.one.db, t.fx.idJadwal)).toEqual({ peringkat_at: FIXTURE_NOW, versi: 1 });
    expect((await ranking(t.two, t)).json().content.jumlah_peserta).toBe(5);
    const lease = await leaseRow(t.one.db, t.fx.idJadwal);
    expect(lease).toMatchObject({ berlaku_sampai: 0, selesai_at: FIXTURE_NOW });
  });

  it('is taken over from a holder that stopped once its lease has passed (60 s), not before', async () => {
    // The first app takes the lease and dies without a heartbeat.
    expect(await ambilLease(t.one.db, t.fx.idJadwal, FIXTURE_NOW, 10_000)).toBe(true);
    t.one.clock.set(FIXTURE_NOW + 60_000);
    expect(await jalankanPenutupan(t.two.db, t.fx.idJadwal, t.two.clock.now)).toBe('dipegang');
    expect(await jadwalRow(t.two.db, t.fx.idJadwal)).toEqual({ peringkat_at: null, versi: 0 });
    t.one.clock.set(FIXTURE_NOW + 60_001);
    expect(await jalankanPenutupan(t.two.db, t.fx.idJadwal, t.two.clock.now)).toBe('ditutup');
    expect(await jadwalRow(t.two.db, t.fx.idJadwal)).toEqual({
      peringkat_at: FIXTURE_NOW + 60_001,
      versi: 1,
    });
  });

  it('works out how long the close will take only when it takes the lease, not at each look while held', async () => {
    const perkiraan = jest.fn(() => Promise.resolve(42_000));
    expect(await ambilLease(t.two.db, t.fx.idJadwal, FIXTURE_NOW, perkiraan)).toBe(true);
    expect(perkiraan).toHaveBeenCalledTimes(1);
    expect(Number((await leaseRow(t.one.db, t.fx.idJadwal))?.perkiraan_selesai)).toBe(FIXTURE_NOW + 42_000);
    // Another process looks while the lease is held: it is refused without working anything out.
    expect(await ambilLease(t.one.db, t.fx.idJadwal, FIXTURE_NOW + 5_000, perkiraan)).toBe(false);
    expect(perkiraan).toHaveBeenCalledTimes(1);
  });

  it('is kept by a live holder: its heartbeat moves the lease on while it works', async () => {
    let release = () => undefined as void;
    const working = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = denganLease(t.one.db, t.fx.idJadwal, t.one.clock.now, 10_000, () => working, 20);
    // Waited for, not slept on: on a loaded machine the lease's first write may take longer than any fixed pause.
    const lease = () => leaseRow(t.one.db, t.fx.idJadwal).then((row) => row?.berlaku_sampai);
    expect(await waitFor(lease, (at) => at === FIXTURE_NOW + 60_000, 5000)).toBe(FIXTURE_NOW + 60_000);
    // A minute and more passes while the holder works; its heartbeats keep the lease.
    t.one.clock.set(FIXTURE_NOW + 90_000);
    expect(await waitFor(lease, (at) => at === FIXTURE_NOW + 150_000, 5000)).toBe(FIXTURE_NOW + 150_000);
    expect(await jalankanPenutupan(t.two.db, t.fx.idJadwal, t.two.clock.now)).toBe('dipegang');
    release();
    expect(await held).toEqual({ hasil: undefined });
    expect(await leaseRow(t.one.db, t.fx.idJadwal)).toMatchObject({
      berlaku_sampai: 0,
      selesai_at: FIXTURE_NOW + 90_000,
    });
  });

  it('lets result reads answer at once while it runs elsewhere: 503, the message and when to come back', async () => {
    // Another process holds the lease and expects to be done in 42 s.
    expect(await ambilLease(t.two.db, t.fx.idJadwal, FIXTURE_NOW, 42_000)).toBe(true);
    for (const read of [ranking(t.one, t), ranking(t.two, t)]) {
      const res = await read;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('42');
      expect(res.json()).toEqual({
        status: false,
        message: 'Hasil sedang dihitung. Silakan buka lagi dalam 42 detik.',
      });
    }
    // The reads started no close of their own and changed nothing.
    await penutupanSelesai(t.one.db);
    expect(await jadwalRow(t.one.db, t.fx.idJadwal)).toEqual({ peringkat_at: null, versi: 0 });
  });

  it("lists the other schedules' results while one closes, that one with the progress its holder wrote", async () => {
    // Another schedule of Andi's, open, with its scores.
    const lain = await insertJadwal(t.one.db, {
      paket: 8,
      nama: 'Tryout UTBK 8',
      tgl_awal: FIXTURE_NOW - 86_400_000,
      tgl_akhir: FIXTURE_NOW + 86_400_000,
    });
    const kategori = await insertKategori(t.one.db, lain, 'Soshum', 'kat-soshum-8', 1);
    const mapel = await insertMapel(t.one.db, kategori, 'Ekonomi', 1);
    const attempt = await insertAttempt(t.one.db, {
      id_jadwal: lain,
      id_kategori: kategori,
      id_siswa: t.fx.siswa.andi,
      ended_at: FIXTURE_NOW - 3_600_000,
    });
    await insertHasilMapel(
      t.one.db,
      { id_hasil_to: attempt, id_siswa: t.fx.siswa.andi, id_jadwal: lain },
      mapel,
      750,
    );
    // Another process holds the close of package 7, expects to be done in 42 s, and has judged 3 sheets of 8.
    expect(await ambilLease(t.two.db, t.fx.idJadwal, FIXTURE_NOW, 42_000)).toBe(true);
    await t.two.db.updateTable('penutupan').set({ dinilai: 3, jumlah: 8 }).execute();

    const res = await hasilList(t.one, t);
    expect(res.statusCode).toBe(200);
    const content = (res.json() as { content: Record<string, unknown>[] }).content;
    expect(content.filter((item) => item.paket === 8)).toEqual([
      expect.objectContaining({ kategori: 'Soshum', nilai: 750 }),
    ]);
    const menunggu = content.filter((item) => item.paket === 7);
    expect(menunggu.length).toBeGreaterThan(0);
    for (const item of menunggu) {
      expect(item).toMatchObject({
        terkunci: 'Hasil sedang dihitung',
        dihitung: { dinilai: 3, jumlah: 8, coba_lagi_detik: 42 },
      });
      expect(item).not.toHaveProperty('nilai');
    }
    // The package scores (the PTN tab) likewise.
    const skor = await t.one.app.inject({
      method: 'POST',
      url: '/api/siswa/tryout/hasilskor',
      headers: { key: t.token },
      payload: { id_siswa: t.fx.siswa.andi },
    });
    expect(skor.statusCode).toBe(200);
    expect((skor.json() as { content: unknown[] }).content).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ paket: 8, skor: 750 }),
        expect.objectContaining({ paket: 7, dihitung: { dinilai: 3, jumlah: 8, coba_lagi_detik: 42 } }),
      ]),
    );
    await penutupanSelesai(t.one.db);
    expect(await jadwalRow(t.one.db, t.fx.idJadwal)).toEqual({ peringkat_at: null, versi: 0 });
  });

  it('writes its progress into its lease as it judges: every sheet judged at the end', async () => {
    // The operator's close judges every finished sheet again (the scheduler's, an event's).
    await tutupJadwal(t.one.db, t.fx.idJadwal, FIXTURE_NOW);
    // The fixture's 12 finished sheets of package 7 (every finished attempt, one per student and category).
    const lease = await waitFor(
      () => leaseRow(t.one.db, t.fx.idJadwal),
      (row) => row?.dinilai === 12,
      5_000,
    );
    expect(lease).toMatchObject({ dinilai: 12, jumlah: 12 });
  });

  it('tells a waiting read how far the close is, from its lease', async () => {
    expect(await ambilLease(t.two.db, t.fx.idJadwal, FIXTURE_NOW, 42_000)).toBe(true);
    await t.two.db
      .updateTable('penutupan')
      .set({ dinilai: 2_500, jumlah: 10_000 })
      .where('id_jadwal', '=', t.fx.idJadwal)
      .execute();
    const res = await ranking(t.one, t);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.json()).toEqual({
      status: false,
      message:
        'Hasil sedang dihitung: 2.500 dari 10.000 lembar jawaban sudah dinilai (25%). Silakan buka lagi dalam 42 detik.',
    });
  });

  it('lets result reads answer at once in the process that closes', async () => {
    let release = () => undefined as void;
    const working = new Promise<void>((resolve) => {
      release = resolve;
    });
    // This process holds the lease and works (a close in progress).
    const held = denganLease(t.one.db, t.fx.idJadwal, t.one.clock.now, 10_000, () => working);
    // Until the lease is written (a slow database takes a while).
    while (!(await leaseOf(t.one.db, t.fx.idJadwal))) await new Promise((resolve) => setImmediate(resolve));
    const res = await ranking(t.one, t);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Hasil sedang dihitung. Silakan buka lagi dalam 10 detik.');
    // The close the read started in this process found the lease held, and gave up.
    await penutupanSelesai(t.one.db);
    release();
    await held;
    expect(await jadwalRow(t.one.db, t.fx.idJadwal)).toEqual({ peringkat_at: null, versi: 0 });
  });

  it('is not started by a scheduler whose process may not close (its clock is off)', async () => {
    let boleh = false;
    let looks = 0;
    const penjadwal = mulaiPenjadwalPenutupan(t.two.db, {
      jam: t.two.clock.now,
      lapor: (error) => {
        throw error;
      },
      periksaMs: 10,
      bolehMenutup: () => {
        looks += 1;
        return boleh;
      },
    });
    try {
      // Several looks pass: nothing is closed while the process may not close.
      await waitFor(
        () => looks,
        (n) => n >= 5,
        10_000,
      );
      expect(looks).toBeGreaterThanOrEqual(5);
      expect(await jadwalRow(t.two.db, t.fx.idJadwal)).toEqual({ peringkat_at: null, versi: 0 });
      boleh = true;
      const closed = await waitFor(
        () => jadwalRow(t.two.db, t.fx.idJadwal),
        (row) => row.peringkat_at !== null,
        10_000,
      );
      expect(closed).toEqual({ peringkat_at: FIXTURE_NOW, versi: 1 });
    } finally {
      await penjadwal.berhenti();
    }
  });

  it('is started by the scheduler by itself once the window and grace are over', async () => {
    const penjadwal = mulaiPenjadwalPenutupan(t.two.db, {
      jam: t.two.clock.now,
      lapor: (error) => {
        throw error;
      },
      periksaMs: 10,
    });
    try {
      await waitFor(
        () => jadwalRow(t.two.db, t.fx.idJadwal),
        (row) => row.peringkat_at !== null,
        10_000,
      );
    } finally {
      await penjadwal.berhenti();
    }
    expect(await jadwalRow(t.two.db, t.fx.idJadwal)).toEqual({ peringkat_at: FIXTURE_NOW, versi: 1 });
    expect((await ranking(t.one, t)).statusCode).toBe(200);
  });

  it('is never run beside `siaptes close`: the operator waits for a holder, and holds the lease itself', async () => {
    expect(await ambilLease(t.two.db, t.fx.idJadwal, FIXTURE_NOW, 10_000)).toBe(true);
    let waited = 0;
    // Every statement the operator's close sends, to see it ask for the lease again and again while it waits.
    let statements = 0;
    const counted = t.one.db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const operator = tutupJadwal(counted, t.fx.idJadwal, FIXTURE_NOW, {
      tungguMs: 10,
      onTunggu: () => waited++,
    });
    await waitFor(
      () => waited,
      (n) => n > 0,
      10_000,
    );
    const atFirstWait = statements;
    await waitFor(
      () => statements,
      (n) => n >= atFirstWait + 3,
      10_000,
    );
    // Told once, however many times it asked.
    expect(waited).toBe(1);
    expect(await jadwalRow(t.one.db, t.fx.idJadwal)).toEqual({ peringkat_at: null, versi: 0 });
    // The holder finishes (here: gives the lease back); the operator's close runs then.
    await t.two.db.updateTable('penutupan').set({ berlaku_sampai: 0 }).execute();
    expect((await operator).peserta).toBe(6);
    expect(await jadwalRow(t.one.db, t.fx.idJadwal)).toEqual({ peringkat_at: FIXTURE_NOW, versi: 1 });
  });
});

describe('the look again under the lease', () => {
  let t: Two;
  beforeEach(async () => {
    t = await twoApps();
  });
  afterEach(() => t.close());

  it('a runner that saw no results, then takes the lease after another runner closed, closes nothing', async () => {
    // The second "process" reads the schedule (no results yet) and is held right there until the first one's close
    // has ended and given its lease back: the race of two schedulers a few milliseconds apart.
    let firstDone = () => undefined as void;
    const firstFinished = new Promise<void>((resolve) => {
      firstDone = resolve;
    });
    let secondRead = () => undefined as void;
    const secondHasRead = new Promise<void>((resolve) => {
      secondRead = resolve;
    });
    let heldRead: unknown = null;
    const second = t.two.db.withPlugin({
      transformQuery: (args) => {
        const from = JSON.stringify((args.node as { from?: unknown }).from ?? null);
        if (heldRead === null && args.node.kind === 'SelectQueryNode' && from.includes('"name":"jadwal"'))
          heldRead = args.queryId;
        return args.node;
      },
      transformResult: async (args) => {
        if (args.queryId === heldRead) {
          secondRead();
          await firstFinished;
        }
        return args.result;
      },
    });
    const late = jalankanPenutupan(second, t.fx.idJadwal, t.two.clock.now);
    await secondHasRead;
    expect(await jalankanPenutupan(t.one.db, t.fx.idJadwal, t.one.clock.now)).toBe('ditutup');
    expect(await leaseRow(t.one.db, t.fx.idJadwal)).toMatchObject({ berlaku_sampai: 0 });
    firstDone();
    // It took the free lease (its name is on it now), looked again and found the results stored.
    expect(await late).toBe('sudah');
    expect(await leaseRow(t.one.db, t.fx.idJadwal)).toMatchObject({ pemegang: pemegangOf(second) });
    expect(await jadwalRow(t.one.db, t.fx.idJadwal)).toEqual({ peringkat_at: FIXTURE_NOW, versi: 1 });
  });
});
