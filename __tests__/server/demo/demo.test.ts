/**
 * The demo data by choice (SIAPTES_DEMO), the warning about demo accounts that still have the README's password,
 * and `siaptes demo remove`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/server/config';
import { closeDb, dialectOf } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { jalankan } from '../../../src/server/cli/siaptesPerintah';
import {
  demoAccountsWithPublicPassword,
  demoAllowed,
  publicPasswordWarning,
  seedDemoAtStart,
} from '../../../src/server/demo/atStart';
import { hashPassword } from '../../../src/server/lib/password';
import { buildSeededTestApp, loginAs, type SeededTestContext } from '../../helpers/seeded';
import { createTestDb } from '../../helpers/buildTestApp';
import { paketContoh, SISWA_CSV } from '../../helpers/operatorFixtures';

jest.setTimeout(60_000);

async function studentCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('siswa')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('SIAPTES_DEMO', () => {
  it('unset seeds SQLite only; 1 seeds PostgreSQL too; 0 never', () => {
    expect(loadConfig({}).demo).toBe('auto');
    expect(loadConfig({ SIAPTES_DEMO: '1' }).demo).toBe('on');
    expect(loadConfig({ SIAPTES_DEMO: '0' }).demo).toBe('off');
    expect(() => loadConfig({ SIAPTES_DEMO: 'ya' })).toThrow(
      'SIAPTES_DEMO harus 1 atau 0 (atau tidak diisi), bukan "ya"',
    );

    expect(demoAllowed('auto', 'sqlite')).toBe(true);
    expect(demoAllowed('auto', 'postgres')).toBe(false);
    expect(demoAllowed('on', 'postgres')).toBe(true);
    expect(demoAllowed('on', 'sqlite')).toBe(true);
    expect(demoAllowed('off', 'sqlite')).toBe(false);
    expect(demoAllowed('off', 'postgres')).toBe(false);
  });

  it('at start: 0 leaves an empty database empty; unset fills it only on SQLite', async () => {
    const db = await createTestDb();
    try {
      await expect(seedDemoAtStart(db, loadConfig({ SIAPTES_DEMO: '0' }), { participants: 5 })).resolves.toBe(
        false,
      );
      expect(await studentCount(db)).toBe(0);

      const sqlite = dialectOf(db) === 'sqlite';
      await expect(seedDemoAtStart(db, loadConfig({}), { participants: 5 })).resolves.toBe(sqlite);
      expect(await studentCount(db)).toBe(sqlite ? 4 + 5 : 0);
    } finally {
      await closeDb(db);
    }
  });

  it('1 seeds whichever database it is, and never a database that has students', async () => {
    const db = await createTestDb();
    try {
      await expect(seedDemoAtStart(db, loadConfig({ SIAPTES_DEMO: '1' }), { participants: 5 })).resolves.toBe(
        true,
      );
      expect(await studentCount(db)).toBe(9);
      await expect(seedDemoAtStart(db, loadConfig({ SIAPTES_DEMO: '1' }), { participants: 5 })).resolves.toBe(
        false,
      );
      expect(await studentCount(db)).toBe(9);
    } finally {
      await closeDb(db);
    }
  });
});

describe('demo accounts with the public password', () => {
  let ctx: SeededTestContext;
  let dir: string;
  beforeEach(async () => {
    ctx = await buildSeededTestApp({ participants: 12 });
    dir = mkdtempSync(path.join(tmpdir(), 'siaptes-demo-'));
  });
  afterEach(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function run(...argv: string[]) {
    let out = '';
    let err = '';
    const code = await jalankan(argv, {
      db: ctx.db,
      config: ctx.config,
      now: ctx.clock.now,
      cwd: dir,
      konsol: { out: (t) => (out += t), err: (t) => (err += t), tty: false },
    });
    return { code, out, err };
  }

  it('are named in the start warning until their password changes or they are removed', async () => {
    expect((await demoAccountsWithPublicPassword(ctx.db)).sort()).toEqual([
      'akbar',
      'reguler',
      'tutor',
      'umum',
    ]);
    const warning = publicPasswordWarning(['reguler', 'tutor']);
    expect(warning).toContain(
      'Demo accounts reguler, tutor still have the demo password printed in the README',
    );
    expect(warning).toContain('npm run siaptes -- demo remove');
    expect(warning).not.toContain('tryout123');

    await ctx.db
      .updateTable('siswa')
      .set({ password_hash: await hashPassword('bukan-demo-lagi') })
      .where('username', '=', 'tutor')
      .execute();
    expect((await demoAccountsWithPublicPassword(ctx.db)).sort()).toEqual(['akbar', 'reguler', 'umum']);
    // A student of the institution's own who happens to be called "umum" is not a demo account.
    await ctx.db
      .updateTable('siswa')
      .set({ email: 'dewi@sekolah.sch.id' })
      .where('username', '=', 'umum')
      .execute();
    expect((await demoAccountsWithPublicPassword(ctx.db)).sort()).toEqual(['akbar', 'reguler']);

    expect((await run('demo', 'remove')).code).toBe(0);
    expect(await demoAccountsWithPublicPassword(ctx.db)).toEqual([]);
    const left = await ctx.db.selectFrom('siswa').select('username').execute();
    expect(left).toEqual([{ username: 'umum' }]);
  });

  it('`demo remove` deletes demo students, schedules and attempts, and keeps the institution’s own', async () => {
    // The institution's own students and package, and one of its students also enrolled in a demo schedule.
    writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
    expect((await run('import-siswa', 'kelas.csv')).code).toBe(0);
    writeFileSync(
      path.join(dir, 'paket.json'),
      JSON.stringify(paketContoh(ctx.clock.now(), ['budi.santoso', 'citra.dewi'])),
    );
    expect((await run('import-paket', 'paket.json')).code).toBe(0);
    const berjalan = ctx.seed.jadwal.berjalan;
    const budi = await ctx.db
      .selectFrom('siswa')
      .select('id')
      .where('username', '=', 'budi.santoso')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('jadwal_peserta').values({ id_jadwal: berjalan.id, id_siswa: budi.id }).execute();

    // Budi starts the institution's package: his attempt must survive.
    const login = await loginAs(ctx.app, 'budi.santoso', 'rahasia123');
    const own = await ctx.db
      .selectFrom('jadwal')
      .innerJoin('kategori', 'kategori.id_jadwal', 'jadwal.id')
      .select(['jadwal.id', 'kategori.hash'])
      .where('jadwal.paket', '=', 77)
      .orderBy('kategori.urutan')
      .executeTakeFirstOrThrow();
    const start = await ctx.app.inject({
      method: 'POST',
      url: `/api/siswa/tryout/start/id/${own.id}/kategori/${own.hash}`,
      headers: login.headers,
      payload: { id_siswa: login.siswa.id },
    });
    expect(start.json()).toMatchObject({ status: true });

    const demoAttempts =
      Number(
        (
          await ctx.db
            .selectFrom('hasil_to')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('id_jadwal', '!=', own.id)
            .executeTakeFirstOrThrow()
        ).n,
      ) +
      Number(
        (
          await ctx.db
            .selectFrom('materi_hasil')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(demoAttempts).toBeGreaterThan(12);

    const removed = await run('demo', 'remove');
    expect(removed.code).toBe(0);
    // The four demo accounts and the 12 synthetic participants; six of the seven demo schedules (Budi is
    // enrolled in Paket #2).
    expect(removed.out).toBe(
      `Demo data removed: 16 students, 6 schedules, ${demoAttempts} attempts.\n` +
        `Kept schedule ${berjalan.id} (Tryout UTBK SNBT Paket #2): students of your own are enrolled in it.\n`,
    );

    const siswa = await ctx.db.selectFrom('siswa').select('username').orderBy('username').execute();
    expect(siswa.map((s) => s.username)).toEqual(['budi.santoso', 'citra.dewi', 'dodi']);
    const jadwal = await ctx.db.selectFrom('jadwal').select(['id', 'paket']).orderBy('paket').execute();
    expect(jadwal).toEqual([
      { id: berjalan.id, paket: 2 },
      { id: own.id, paket: 77 },
    ]);
    const attempts = await ctx.db.selectFrom('hasil_to').select(['id_siswa', 'id_jadwal']).execute();
    expect(attempts).toEqual([{ id_siswa: budi.id, id_jadwal: own.id }]);
    expect(await ctx.db.selectFrom('materi_hasil').select('id').execute()).toEqual([]);
    // Answers and clocks went with their attempts: none points at a deleted attempt.
    const orphans = await ctx.db
      .selectFrom('jawaban')
      .leftJoin('hasil_to', 'hasil_to.id', 'jawaban.id_hasil_to')
      .select('jawaban.id')
      .where('hasil_to.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);

    // Nothing left to remove the second time.
    expect((await run('demo', 'remove')).out).toBe(
      'Demo data removed: 0 students, 0 schedules, 0 attempts.\n' +
        `Kept schedule ${berjalan.id} (Tryout UTBK SNBT Paket #2): students of your own are enrolled in it.\n`,
    );
  });

  it('`demo` without "remove" is a usage error', async () => {
    const result = await run('demo');
    expect(result.code).toBe(2);
    expect(result.err).toContain('demo needs "remove"');
    expect(await studentCount(ctx.db)).toBe(16);
  });
});
