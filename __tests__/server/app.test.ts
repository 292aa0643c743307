import { sql } from 'kysely';
import { captureLog } from '../helpers/logCapture';
import { buildTestApp, createTestDb, type TestContext } from '../helpers/buildTestApp';
import { closeDb } from '../../src/server/db/createDb';
import { migrateToLatest } from '../../src/server/db/migrate';
import { ALL_TABLES } from '../helpers/serverRows';
import { rejectionMessage } from '../helpers/rejection';

describe('the app shell', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an unknown /api route with 404 {status: false}, with or without a token', async () => {
    for (const headers of [{}, { key: 'apa-saja' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/tidak/ada', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, message: 'Alamat GET /api/tidak/ada tidak ditemukan' });
    }
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/auth/login' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json().status).toBe(false);
  });

  it('answers malformed JSON with 400 {status: false}, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "reguler", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers a body that is not JSON with a 4xx {status: false}', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=reguler',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({
      status: false,
      message: 'Permintaan login tidak valid: kirim username dan password',
    });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().status).toBe(false);
  });

  it('answers a protected call without a token with 401 {status: false}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/siswa/profil/user/id/1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: false, message: 'Sesi tidak ditemukan, silakan login kembali' });
  });
});

describe('migrations', () => {
  it('logs each request once, when answered: method, URL, caller, status and time as plain values', async () => {
    const { stream: logStream, lines } = captureLog();
    const logged = await buildTestApp({ logStream });
    try {
      await logged.app.inject({
        method: 'GET',
        url: '/api/siswa/profil/user/id/1',
        remoteAddress: '10.1.2.3',
      });
      await logged.app.inject({ method: 'POST', url: '/api/tidak/ada?x=1', payload: {} });
    } finally {
      await logged.close();
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      entries.map(({ msg, method, url, remoteAddress, statusCode }) => ({
        msg,
        method,
        url,
        remoteAddress,
        statusCode,
      })),
    ).toEqual([
      {
        msg: 'request completed',
        method: 'GET',
        url: '/api/siswa/profil/user/id/1',
        remoteAddress: '10.1.2.3',
        statusCode: 401,
      },
      {
        msg: 'request completed',
        method: 'POST',
        url: '/api/tidak/ada?x=1',
        remoteAddress: '127.0.0.1',
        statusCode: 404,
      },
    ]);
    for (const entry of entries) expect(typeof entry.responseTime).toBe('number');
  });

  it('create every table on an empty database, and a second run changes nothing', async () => {
    const db = await createTestDb();
    try {
      for (const table of ALL_TABLES) {
        const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
          db,
        );
        expect([table, Number(row.rows[0].n)]).toEqual([table, 0]);
      }
      await migrateToLatest(db);
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        db,
      );
      expect(applied.rows.map((r) => r.name)).toEqual([
        '001_initial',
        '002_login_attempts',
        '003_hasil_to_berjalan',
        '004_peringkat',
        '005_peringkat_versi',
        '006_mapel_urutan',
        '007_jawaban_tanpa_fk_soal',
        '008_konten',
        '010_acak',
        '011_penutupan_lease',
        '012_jadwal_versi_isi',
        '013_sesi_notify',
        '017_sesi_versi',
        '018_laporan',
        '019_rumus_pdf',
        '020_penutupan_progres',
      ]);
    } finally {
      await closeDb(db);
    }
  });
  it('upgrade a database of the release before the close job (through 010_acak) by adding its lease table', async () => {
    const db = await createTestDb({ upTo: '010_acak' });
    const leaseRows = sql<{ n: number | string }>`select count(*) as n from penutupan`;
    // A query, not introspection, because introspection on PostgreSQL lists the other suites' schemas too.
    const leaseTableMissing = /no such table: penutupan|relation "penutupan" does not exist/;
    try {
      expect(await rejectionMessage(leaseRows.execute(db))).toMatch(leaseTableMissing);
      await migrateToLatest(db);
      expect(await rejectionMessage(leaseRows.execute(db))).toBeNull();
      expect(Number((await leaseRows.execute(db)).rows[0].n)).toBe(0);
    } finally {
      await closeDb(db);
    }
  });
});
