/**
 * Two server processes on one database, each with its own session cache: a logout, a revoke or a password change
 * made through one is refused by the other within the bound of README "Session cache" (on PostgreSQL through
 * migration 013's notifications and each process's listener; on SQLite through `data_version`). On PostgreSQL a
 * listener that lost its connection makes its cache bypass, and the cache is emptied when it listens again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp, type App } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { closeDb, createDb, sesiListenerOf } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { pingFresh } from '../../../src/server/db/sesiListener';
import { postgresSessionCache, sessionCacheOf } from '../../../src/server/lib/sessionCache';
import { imporSiswa } from '../../../src/server/operator/imporSiswa';
import { hashToken, SESSION_TTL_MS } from '../../../src/server/plugins/auth';
import { postgresTestOptions, testClock } from '../../helpers/buildTestApp';
import { insertSesi, insertSiswaRow } from '../../helpers/serverRows';
import { waitFor } from '../../helpers/waitFor';

const postgresUrl = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '')
  ? (process.env.DATABASE_URL as string)
  : null;

describe('two server processes on one database', () => {
  const clock = testClock();
  const dir = mkdtempSync(join(tmpdir(), 'sesi-dua-'));
  let dbA: Executor;
  let dbB: Executor;
  let appA: App;
  let appB: App;

  beforeAll(async () => {
    if (postgresUrl) {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      dbA = await createDb(postgresUrl, { schema, ...postgresTestOptions() });
      await migrateToLatest(dbA);
      dbB = await createDb(postgresUrl, { schema, ...postgresTestOptions() });
    } else {
      const url = `file:${join(dir, 'siaptes.db')}`;
      dbA = await createDb(url);
      await migrateToLatest(dbA);
      dbB = await createDb(url);
    }
    const config = loadConfig({ ...process.env, DATABASE_URL: 'file::memory:' });
    appA = await buildApp({ db: dbA, config, now: clock.now });
    appB = await buildApp({ db: dbB, config, now: clock.now });
    await Promise.all([appA.ready(), appB.ready()]);
  });
  afterAll(async () => {
    await Promise.all([appA.close(), appB.close()]);
    await closeDb(dbB);
    await closeDb(dbA);
    rmSync(dir, { recursive: true, force: true });
  });

  /** A student with a live session; the token is already in process B's cache. */
  async function cachedInB(
    username: string,
  ): Promise<{ id: number; token: string; profil: () => Promise<number> }> {
    const id = await insertSiswaRow(dbA, username);
    const token = `token-${username}`;
    await insertSesi(dbA, id, token, clock.now(), clock.now() + SESSION_TTL_MS);
    const profil = async () =>
      (await appB.inject({ method: 'GET', url: `/api/siswa/profil/user/id/${id}`, headers: { key: token } }))
        .statusCode;
    const cache = sessionCacheOf(dbB);
    // On PostgreSQL the cache keeps a session only once its listener hears: call until it holds this one.
    const held = await waitFor(
      async () => {
        expect(await profil()).toBe(200);
        return cache?.get(hashToken(token)) !== undefined;
      },
      (yes) => yes,
      5_000,
    );
    expect(held).toBe(true);
    return { id, token, profil };
  }

  /** How long B took to refuse the token after the change (ms), or null if it still accepts it after 10 s. */
  async function refusedByBAfter(profil: () => Promise<number>): Promise<number | null> {
    const start = Date.now();
    const status = await waitFor(profil, (code) => code === 401, 10_000);
    return status === 401 ? Date.now() - start : null;
  }

  it('a logout through A is refused by B within the bound (10 s)', async () => {
    const { token, profil } = await cachedInB('keluar');
    const logout = await appA.inject({ method: 'POST', url: '/api/auth/logout', headers: { key: token } });
    expect(logout.statusCode).toBe(200);
    const took = await refusedByBAfter(profil);
    expect(took).not.toBeNull();
    expect(took).toBeLessThanOrEqual(10_000);
  });

  it('a session revoked by another connection is refused by B within the bound', async () => {
    const { token, profil } = await cachedInB('dicabut');
    await dbA
      .updateTable('sesi')
      .set({ revoked_at: clock.now() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(await refusedByBAfter(profil)).not.toBeNull();
  });

  it("an import through A that sets the student's password makes B refuse his old token", async () => {
    const { profil } = await cachedInB('sandi');
    await imporSiswa(
      dbA,
      'kelas.csv',
      'username,nama_lengkap,lembaga,id_program,password\nsandi,Sandi,X,1,kataSandiBaru1\n',
      { now: clock.now() },
    );
    expect(await refusedByBAfter(profil)).not.toBeNull();
  });

  it("B sees a student's new institution, changed through A, within the bound", async () => {
    const { id, token } = await cachedInB('pindah');
    await dbA.updateTable('siswa').set({ lembaga: 'Lembaga Baru' }).where('id', '=', id).execute();
    const lembaga = await waitFor(
      () => sessionCacheOf<{ id: number; lembaga: string }>(dbB)?.get(hashToken(token))?.siswa.lembaga,
      (value) => value === undefined,
      10_000,
    );
    // Forgotten (read again at the next call), never kept with the old institution.
    expect(lembaga).toBeUndefined();
  });

  if (postgresUrl) {
    /** Ends B's listening connection from A, and waits until B noticed. */
    async function dropListenerOfB(): Promise<void> {
      const listener = sesiListenerOf(dbB);
      const pid = listener?.backendPid;
      expect(pid).toEqual(expect.any(Number));
      await sql`SELECT pg_terminate_backend(${pid})`.execute(dbA);
      expect(
        await waitFor(
          () => listener?.backendPid ?? null,
          (p) => p === null,
          5_000,
        ),
      ).toBeNull();
    }

    it('a dropped listener makes B bypass its cache: a revoke meanwhile counts at the next call', async () => {
      const { token, profil } = await cachedInB('putus');
      await dropListenerOfB();
      // Reconnecting takes a second; meanwhile the notification of this revoke reaches nobody in B.
      await dbA
        .updateTable('sesi')
        .set({ revoked_at: clock.now() })
        .where('token_hash', '=', hashToken(token))
        .execute();
      expect(await profil()).toBe(401);
    });

    it('a listener that listens again has emptied the cache of what it may have missed', async () => {
      const { token, profil } = await cachedInB('sambung');
      const listener = sesiListenerOf(dbB);
      await dropListenerOfB();
      // Revoked while nobody in B listens, written under the notification's nose (the trigger is what notifies).
      await dbA.transaction().execute(async (trx) => {
        await sql`ALTER TABLE sesi DISABLE TRIGGER sesi_berubah`.execute(trx);
        await trx
          .updateTable('sesi')
          .set({ revoked_at: clock.now() })
          .where('token_hash', '=', hashToken(token))
          .execute();
        await sql`ALTER TABLE sesi ENABLE TRIGGER sesi_berubah`.execute(trx);
      });
      expect(
        await waitFor(
          () => listener?.usable(Date.now()) ?? false,
          (yes) => yes,
          5_000,
        ),
      ).toBe(true);
      expect(await profil()).toBe(401);
    });
  }
});

describe('the bounds of the PostgreSQL session cache', () => {
  it('answers while the last returned ping was sent at most 10 s ago: 10,000 ms yes, 10,001 ms no', () => {
    expect(pingFresh(50_000, 60_000)).toBe(true);
    expect(pingFresh(50_000, 60_001)).toBe(false);
    expect(pingFresh(null, 50_000)).toBe(false);
  });

  it('reads an entry again a minute after it was read: 60,000 ms kept, 60,001 ms read again', () => {
    let now = 1_000;
    const cache = postgresSessionCache(
      () => true,
      () => now,
    );
    cache.set('a', { siswa: { id: 1 }, expiresAt: 10_000_000 }, cache.ticket());
    now = 61_000;
    expect(cache.get('a')).toEqual({ siswa: { id: 1 }, expiresAt: 10_000_000 });
    now = 61_001;
    expect(cache.get('a')).toBeUndefined();
  });

  it('neither answers nor keeps while its listener does not hear', () => {
    let hears = true;
    const cache = postgresSessionCache(() => hears);
    cache.set('a', { siswa: { id: 1 }, expiresAt: 10_000_000 }, cache.ticket());
    hears = false;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', { siswa: { id: 2 }, expiresAt: 10_000_000 }, cache.ticket());
    hears = true;
    expect(cache.get('a')).toEqual({ siswa: { id: 1 }, expiresAt: 10_000_000 });
    expect(cache.get('b')).toBeUndefined();
  });

  it("forgets a changed student's sessions and keeps the others'", () => {
    const cache = postgresSessionCache(() => true);
    const session = (id: number) => ({ siswa: { id }, expiresAt: 10_000_000 });
    cache.set('a1', session(1), cache.ticket());
    cache.set('a2', session(1), cache.ticket());
    cache.set('b1', session(2), cache.ticket());
    cache.forgetSiswa(1);
    expect([cache.get('a1'), cache.get('a2'), cache.get('b1')]).toEqual([undefined, undefined, session(2)]);
  });
});
