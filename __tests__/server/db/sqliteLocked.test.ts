/**
 * SQLite's file locked by another process (a backup or copy tool holding an exclusive transaction, as
 * `sqlite3 siaptes.db 'BEGIN EXCLUSIVE; …'` does): a write that cannot get the lock within BUSY_TIMEOUT_MS is
 * answered 503 `{status: false, message}` with Retry-After, reads and the process go on meanwhile, the file stays
 * sound, and writes are served again once the lock is gone. SQLite whatever DATABASE_URL says: the fault is SQLite's.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { seedDemo, DEMO } from '../../../src/server/demo';
import { buildTestApp, type TestContext } from '../../helpers/buildTestApp';

jest.setTimeout(30_000);

const dir = mkdtempSync(join(tmpdir(), 'terkunci-'));
const file = join(dir, 'siaptes.db');
let t: TestContext;
let db: Executor;

/** Another process that holds SQLite's exclusive lock on the file until its stdin closes. */
async function lockHolder(): Promise<ChildProcessWithoutNullStreams> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.exec('BEGIN EXCLUSIVE');
    process.stdout.write('locked\\n');
    process.stdin.on('end', () => { db.exec('COMMIT'); db.close(); });
    process.stdin.resume();`;
  const child = spawn(process.execPath, ['-e', script, file], { cwd: process.cwd() });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited ${code}`)));
  });
  return child;
}

const sessions = async () =>
  (
    await db
      .selectFrom('sesi')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
const login = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { code: 's', isgoogle: false, username: 'reguler', password: DEMO.password },
  });

beforeAll(async () => {
  db = await createDb(`file:${file}`, { walCheckpointer: false });
  await migrateToLatest(db);
  await seedDemo(db, { participants: 5, now: Date.now() });
  t = await buildTestApp({ db });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

it('answers a write 503 with Retry-After while another process holds the lock, and serves it once released', async () => {
  expect((await login()).statusCode).toBe(200);
  const before = await sessions();
  const holder = await lockHolder();
  let released = false;
  try {
    const startedAt = Date.now();
    const refused = login();
    // The process is not stopped by the wait: a call that needs no write is answered meanwhile, at once.
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    const healthMs = Date.now() - startedAt;
    const answer = await refused;
    expect(health.statusCode).toBe(200);
    expect(healthMs).toBeLessThan(2_000);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({
      status: false,
      message: 'Basis data sedang sibuk. Silakan coba lagi dalam beberapa detik.',
    });
    // Refused after SQLite's wait for the lock (5 s), not at once and not after the request's timeout.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(4_500);
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    holder.stdin.end();
    await new Promise((resolve) => holder.once('exit', resolve));
    released = true;
  } finally {
    if (!released) holder.kill('SIGKILL');
  }
  // No half-written session; the file sound; writes served again.
  expect(await sessions()).toBe(before);
  expect((await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)).rows).toEqual([
    { integrity_check: 'ok' },
  ]);
  expect((await login()).statusCode).toBe(200);
  expect(await sessions()).toBe(before + 1);
});
