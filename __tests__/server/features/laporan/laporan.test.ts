/**
 * A student's problem report (README "Support"): stored with a code the student quotes, bounded in size and per
 * hour, listed, fetched byte for byte and deleted by support's commands, and deleted by the server after
 * LAPORAN_SIMPAN_HARI days.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDb, createDb } from '../../../../src/server/db/createDb';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { seedDemo } from '../../../../src/server/demo';
import type { LaporanBody } from '../../../../src/contract/laporan';
import { loginAs, type LoggedIn } from '../../../helpers/seeded';
import { buildTestApp, type TestContext } from '../../../helpers/buildTestApp';
import { runner } from '../../../helpers/operatorRun';
import { startServerProcess } from '../../../helpers/serverProcess';
import { waitFor } from '../../../helpers/waitFor';

const EKSPOR = JSON.stringify(
  { payload: '[{"type":"persist/PERSIST"}]', preloadedState: '{"a":1}' },
  null,
  '\t',
);

function laporan(over: Partial<LaporanBody> = {}): LaporanBody {
  return {
    pesan: 'Jawaban saya nomor 3 hilang',
    devtools: EKSPOR,
    versi: '0.1.0',
    user_agent: 'Mozilla/5.0 (Linux; Android 12)',
    url: 'http://localhost/to/2',
    request_ids: ['a1b2c3'],
    ...over,
  };
}

describe('POST /api/siswa/laporan', () => {
  let t: TestContext;
  let siswa: LoggedIn;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'siaptes-laporan-'));
    t = await buildTestApp({
      seed: (db) => seedDemo(db, { participants: 5, now: Date.now() }).then(() => undefined),
    });
    siswa = await loginAs(t.app, 'reguler');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => t.db.deleteFrom('laporan').execute());

  const kirim = (body: unknown, headers: Record<string, string> = siswa.headers) =>
    t.app.inject({ method: 'POST', url: '/api/siswa/laporan', headers, payload: body as object });

  it('stores the report and answers its code, which support lists, fetches byte for byte and deletes', async () => {
    const answer = await kirim(laporan());
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ status: boolean; message: string; content: { kode: string } }>();
    expect(body.content.kode).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(body).toEqual({
      status: true,
      message: `Laporan terkirim. Kode laporan: ${body.content.kode}`,
      content: { kode: body.content.kode },
    });
    expect(await t.db.selectFrom('laporan').selectAll().execute()).toEqual([
      expect.objectContaining({
        kode: body.content.kode,
        id_siswa: siswa.siswa.id,
        pesan: 'Jawaban saya nomor 3 hilang',
        request_ids: '["a1b2c3"]',
        devtools: EKSPOR,
      }),
    ]);

    const run = runner(t, dir);
    const daftar = await run('laporan', 'daftar', '--siswa', 'reguler');
    expect(daftar.code).toBe(0);
    expect(daftar.out).toContain(`${body.content.kode},`);
    expect(daftar.out).toContain(',reguler,Jawaban saya nomor 3 hilang');
    expect((await run('laporan', 'daftar', '--siswa', 'akbar')).out.trim().split('\n')).toHaveLength(1);
    // Read out in lower case without the dash, as a student on the phone might.
    const ambil = await run(
      'laporan',
      'ambil',
      body.content.kode.toLowerCase().replace('-', ''),
      '--out',
      'r.json',
    );
    expect(ambil.code).toBe(0);
    expect(readFileSync(join(dir, 'r.json'), 'utf8')).toBe(EKSPOR);
    expect((await run('laporan', 'hapus', body.content.kode)).code).toBe(0);
    expect(await t.db.selectFrom('laporan').selectAll().execute()).toEqual([]);
    expect(await run('laporan', 'ambil', body.content.kode, '--out', 'r.json')).toMatchObject({
      code: 1,
      err: `No report ${body.content.kode}.\n`,
    });
  });

  it('refuses a recording over 2 MB with 413, and a sentence empty or over 1,000 characters with 400', async () => {
    const besar = await kirim(laporan({ devtools: 'x'.repeat(2 * 1024 * 1024 + 1) }));
    expect(besar.statusCode).toBe(413);
    expect(besar.json()).toEqual({
      status: false,
      message: 'Laporan terlalu besar: rekaman sesi paling banyak 2 MB',
    });
    expect((await kirim(laporan({ devtools: 'x'.repeat(2 * 1024 * 1024) }))).statusCode).toBe(200);
    expect((await kirim(laporan({ pesan: '' }))).statusCode).toBe(400);
    expect((await kirim(laporan({ pesan: 'a'.repeat(1001) }))).statusCode).toBe(400);
    expect((await kirim(laporan({ pesan: 'a'.repeat(1000) }))).statusCode).toBe(200);
  });

  it('takes five reports of a student in an hour and refuses the sixth with 429 until the hour has passed', async () => {
    for (let i = 0; i < 5; i++) expect((await kirim(laporan())).statusCode).toBe(200);
    const keenam = await kirim(laporan());
    expect(keenam.statusCode).toBe(429);
    expect(keenam.headers['retry-after']).toBe('3600');
    expect(keenam.json()).toEqual({
      status: false,
      message: 'Terlalu banyak laporan: paling banyak 5 dalam satu jam. Coba lagi dalam 60 menit.',
    });
    // Another student is not held back by this one.
    const akbar = await loginAs(t.app, 'akbar');
    expect((await kirim(laporan(), akbar.headers)).statusCode).toBe(200);
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await kirim(laporan())).statusCode).toBe(200);
  });

  it('is for a logged-in student only', async () => {
    expect((await kirim(laporan(), {})).statusCode).toBe(401);
  });
});

describe('reports older than LAPORAN_SIMPAN_HARI', () => {
  it('are deleted by the server itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'siaptes-laporan-lama-'));
    const url = `file:${join(dir, 'lama.db')}`;
    try {
      const db = await createDb(url);
      await migrateToLatest(db);
      const seed = await seedDemo(db, { participants: 5, now: Date.now() });
      const hari = 24 * 60 * 60 * 1000;
      const row = {
        id_siswa: seed.siswa.reguler,
        pesan: 'x',
        versi: '',
        user_agent: '',
        url: '',
        request_ids: '[]',
      };
      await db
        .insertInto('laporan')
        .values([
          { ...row, kode: 'LAMA-AAAA', dibuat_at: Date.now() - 2 * hari - 1000, devtools: '{}' },
          { ...row, kode: 'BARU-AAAA', dibuat_at: Date.now() - hari + 60_000, devtools: '{}' },
        ])
        .execute();
      await closeDb(db);
      const server = await startServerProcess({ DATABASE_URL: url, LAPORAN_SIMPAN_HARI: '2' });
      const check = await createDb(url);
      try {
        const left = await waitFor(
          async () => (await check.selectFrom('laporan').select('kode').execute()).map((r) => r.kode),
          (kodes) => kodes.length === 1,
          10_000,
        );
        expect(left).toEqual(['BARU-AAAA']);
      } finally {
        await closeDb(check);
        await server.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
