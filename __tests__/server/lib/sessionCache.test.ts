/**
 * Sessions kept by a server process (src/server/lib/sessionCache.ts): a session or a student changed by another
 * connection (another process, an operator command) counts at the next call (on PostgreSQL within the bound of
 * README "Session cache"); a look-up that raced a forget does not
 * bring the forgotten session back; the cache is bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { closeDb, createDb } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { SessionCache, sessionCacheOf } from '../../../src/server/lib/sessionCache';
import { imporSiswa } from '../../../src/server/operator/imporSiswa';
import type { Siswa } from '../../../src/server/db/siswa';
import { hashToken, SESSION_TTL_MS } from '../../../src/server/plugins/auth';
import { createTestDb, testClock } from '../../helpers/buildTestApp';
import { insertSesi, insertSiswaRow } from '../../helpers/serverRows';
import { waitFor } from '../../helpers/waitFor';

const onSqlite = !/^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '');
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a session changed by another connection', () => {
  const clock = testClock();
  const dir = mkdtempSync(join(tmpdir(), 'sesi-'));
  let db: Executor;
  /** Another connection to the same database: on SQLite a second one to the file, on PostgreSQL the pool itself. */
  let other: Executor;
  let app: App;
  let idSiswa: number;
  const token = 'token-sesi-lain';
  const profil = () =>
    app.inject({ method: 'GET', url: `/api/siswa/profil/user/id/${idSiswa}`, headers: { key: token } });

  beforeAll(async () => {
    const url = `file:${join(dir, 'siaptes.db')}`;
    db = onSqlite ? await createDb(url) : await createTestDb();
    if (onSqlite) await migrateToLatest(db);
    other = onSqlite ? await createDb(url) : db;
    app = await buildApp({
      db,
      config: loadConfig({ ...process.env, DATABASE_URL: 'file::memory:' }),
      now: clock.now,
    });
    await app.ready();
    idSiswa = await insertSiswaRow(db, 'lain');
    await insertSesi(db, idSiswa, token, clock.now(), clock.now() + SESSION_TTL_MS);
  });
  afterAll(async () => {
    await app.close();
    if (other !== db) await closeDb(other);
    await closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  });

  it('sees the student changed and then the session revoked elsewhere at the next call', async () => {
    expect((await profil()).statusCode).toBe(200);

    await other.updateTable('siswa').set({ lembaga: 'Lembaga Baru' }).where('id', '=', idSiswa).execute();
    // On SQLite a process looks for changes made elsewhere once per turn of its event loop (README "Session
    // cache"): the calls of the turn in which the change committed may still have the session as it was.
    await nextTurn();
    expect((await profil()).statusCode).toBe(200);
    // What the call ran with (the rules read the caller's institution): the row as it is now.
    if (onSqlite)
      expect(sessionCacheOf<Siswa>(db)?.get(hashToken(token))?.siswa.lembaga).toBe('Lembaga Baru');

    await other
      .updateTable('sesi')
      .set({ revoked_at: clock.now() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    await nextTurn();
    // On PostgreSQL the revoke reaches the cache as a notification, a moment after its commit (the bound of README
    // "Session cache" is 10 s; sesiListener.test.ts pins it).
    const revoked = await waitFor(profil, (answer) => answer.statusCode === 401, 10_000);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ status: false, message: 'Sesi telah berakhir, silakan login kembali' });
  });

  it('keeps the session read when another connection commits what is neither a session nor a student', async () => {
    const id = await insertSiswaRow(db, 'lain3');
    const key = 'token-sesi-lain-3';
    await insertSesi(db, id, key, clock.now(), clock.now() + SESSION_TTL_MS);
    const call = () =>
      app.inject({ method: 'GET', url: `/api/siswa/profil/user/id/${id}`, headers: { key } });
    expect((await call()).statusCode).toBe(200);
    const cache = sessionCacheOf<Siswa>(db);
    expect(cache?.get(hashToken(key))?.siswa.id).toBe(id);
    // Another worker's answer saves, say: the cached session stays.
    await other
      .insertInto('jadwal')
      .values({ paket: 1, nama: 'Lain', tgl_awal: 0, tgl_akhir: 1, is_event: 0, irt_calibrated_at: null })
      .execute();
    await nextTurn();
    expect(cache?.get(hashToken(key))?.siswa.id).toBe(id);
    expect((await call()).statusCode).toBe(200);
  });

  it("ends the student's sessions when the operator's import, on another connection, sets his password", async () => {
    const username = 'lain2';
    const id = await insertSiswaRow(db, username);
    const key = 'token-sesi-lain-2';
    await insertSesi(db, id, key, clock.now(), clock.now() + SESSION_TTL_MS);
    const call = () =>
      app.inject({ method: 'GET', url: `/api/siswa/profil/user/id/${id}`, headers: { key } });
    expect((await call()).statusCode).toBe(200);
    await imporSiswa(
      other,
      'kelas.csv',
      `username,nama_lengkap,lembaga,id_program,password\n${username},Lain,X,1,kataSandiBaru1\n`,
      {
        now: clock.now(),
      },
    );
    await nextTurn();
    expect((await call()).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const session = (id: number) => ({ siswa: { id }, expiresAt: 1_000 });

  it('keeps what was read until another connection commits (its data version changes)', () => {
    let version = 1;
    const cache = new SessionCache<{ id: number }>(() => version);
    cache.set('a', session(1), cache.ticket());
    expect(cache.get('a')).toEqual(session(1));
    version = 2;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep a session read before it was forgotten (a logout that ran meanwhile)', () => {
    const cache = new SessionCache<{ id: number }>(() => 1);
    const ticket = cache.ticket();
    cache.forget('a');
    cache.set('a', session(1), ticket);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', session(1), cache.ticket());
    expect(cache.get('a')).toEqual(session(1));
  });

  it('holds 100,000 sessions: the 100,001st drops the oldest', () => {
    const cache = new SessionCache<{ id: number }>(() => 1);
    for (let i = 1; i <= 100_001; i++) cache.set(`t${i}`, session(i), cache.ticket());
    expect(cache.size).toBe(100_000);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')).toEqual(session(2));
    expect(cache.get('t100001')).toEqual(session(100_001));
  });
});
