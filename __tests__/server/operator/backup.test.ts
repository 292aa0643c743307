/** `siaptes backup FILE`: a consistent copy of a live SQLite database; on PostgreSQL, how to use pg_dump. */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { jalankan } from '../../../src/server/cli/siaptesPerintah';
import { loadConfig, type Config } from '../../../src/server/config';
import { closeDb, createDb } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { seedDemo } from '../../../src/server/demo';
import { waitFor } from '../../helpers/waitFor';

jest.setTimeout(60_000);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'siaptes-backup-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(config: Config, db: Executor, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await jalankan(argv, {
    db,
    config,
    now: Date.now,
    cwd: dir,
    konsol: { out: (t) => (out += t), err: (t) => (err += t), tty: false },
  });
  return { code, out, err };
}

it('copies a SQLite database that is being written to, consistently', async () => {
  const url = `file:${path.join(dir, 'siaptes.db')}`;
  const config = loadConfig({ DATABASE_URL: url });
  const db = await createDb(url);
  try {
    await migrateToLatest(db);
    await seedDemo(db, { participants: 20 });
    // The server keeps writing while the backup runs.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await db
          .insertInto('login_percobaan')
          .values({ username: `u${written}`, alamat: '127.0.0.1', at: Date.now() })
          .execute();
        written += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // The copy starts while rows are being written.
    await waitFor(
      () => written,
      (n) => n >= 20,
      10_000,
    );
    const result = await run(config, db, 'backup', 'cadangan.db');
    const writtenByEnd = written;
    writing = false;
    await writer;

    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /^Backed up \d+ pages to .*cadangan\.db, readable by this user only \(mode 0600\)\.\n$/,
    );
    const copy = new BetterSqlite3(path.join(dir, 'cadangan.db'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('select count(*) from siswa').pluck().get()).toBe(24);
      // A snapshot of one moment during the writes: some of them, none torn.
      const attempts = copy.prepare('select count(*) from login_percobaan').pluck().get() as number;
      expect(attempts).toBeGreaterThan(0);
      expect(attempts).toBeLessThanOrEqual(writtenByEnd);
    } finally {
      copy.close();
    }

    // An existing file is never overwritten.
    const again = await run(config, db, 'backup', 'cadangan.db');
    expect(again.code).toBe(1);
    expect(again.err).toContain('cadangan.db already exists; choose another file');
  } finally {
    await closeDb(db);
  }
});

it('writes the copy readable by its owner only (it holds password hashes), even under a lax umask', async () => {
  const url = `file:${path.join(dir, 'siaptes.db')}`;
  const db = await createDb(url);
  const umask = process.umask(0o022);
  try {
    await migrateToLatest(db);
    const result = await run(loadConfig({ DATABASE_URL: url }), db, 'backup', 'cadangan.db');
    expect(result.code).toBe(0);
    expect(result.out).toContain('readable by this user only (mode 0600)');
    expect(statSync(path.join(dir, 'cadangan.db')).mode & 0o777).toBe(0o600);
  } finally {
    process.umask(umask);
    await closeDb(db);
  }
});

it('on PostgreSQL says how to use pg_dump and restore, without the password, and writes nothing', async () => {
  const sqlite = await createDb(':memory:');
  try {
    const config = loadConfig({ DATABASE_URL: 'postgres://siaptes:rahasia@db.internal:5432/siaptes' });
    const result = await run(config, sqlite, 'backup', 'cadangan.dump');
    expect(result.code).toBe(1);
    expect(result.err).toContain('back it up with pg_dump');
    expect(result.err).toContain(
      `pg_dump --format=custom --file=${path.join(dir, 'cadangan.dump')} "postgres://siaptes:***@db.internal:5432/siaptes"`,
    );
    expect(result.err).toContain('pg_restore --clean --if-exists');
    expect(result.err).not.toContain('rahasia');
    expect(existsSync(path.join(dir, 'cadangan.dump'))).toBe(false);
  } finally {
    await closeDb(sqlite);
  }
});
