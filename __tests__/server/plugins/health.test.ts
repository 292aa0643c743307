/** GET /healthz and /readyz as a load balancer sees them, with the built SPA served beside them. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { closeDb, createDb } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import type { HealthState } from '../../../src/server/plugins/health';
import { createTestDb } from '../../helpers/buildTestApp';

const dir = mkdtempSync(join(tmpdir(), 'siaptes-health-'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function appOn(db: Executor, health: HealthState = { stopping: false }): Promise<App> {
  const config = loadConfig({ ...process.env, DATABASE_URL: 'file::memory:', PUBLIC_DIR: dir });
  const app = await buildApp({ db, config, serveSpa: true, health });
  await app.ready();
  return app;
}

async function get(app: App, url: string) {
  const response = await app.inject({ method: 'GET', url });
  return {
    status: response.statusCode,
    type: response.headers['content-type'],
    body: response.json<{ status: boolean; message: string }>(),
  };
}

describe('a working server', () => {
  let db: Executor;
  let app: App;
  const health: HealthState = { stopping: false };
  beforeAll(async () => {
    db = await createTestDb();
    app = await appOn(db, health);
  });
  afterAll(async () => {
    await app.close();
    await closeDb(db);
  });

  it('is alive and ready, in JSON, never the SPA page', async () => {
    expect(await get(app, '/healthz')).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: { status: true, message: 'Server berjalan' },
    });
    expect(await get(app, '/readyz')).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: { status: true, message: 'Server siap' },
    });
    // The SPA still answers its own paths; unknown API paths stay a JSON 404.
    expect((await app.inject({ method: 'GET', url: '/jadwal' })).body).toContain('<div id="root">');
    expect(await get(app, '/api/healthz')).toEqual({
      status: 404,
      type: 'application/json; charset=utf-8',
      body: { status: false, message: 'Alamat GET /api/healthz tidak ditemukan' },
    });
  });

  it('is not ready once it has begun to stop, while it stays alive', async () => {
    health.stopping = true;
    try {
      expect(await get(app, '/readyz')).toMatchObject({
        status: 503,
        body: { status: false, message: 'Server sedang berhenti' },
      });
      expect((await get(app, '/healthz')).status).toBe(200);
    } finally {
      health.stopping = false;
    }
  });
});

describe('a server whose database cannot serve', () => {
  it('is not ready while migrations are pending', async () => {
    const db = await createTestDb({ upTo: '006_mapel_urutan' });
    const app = await appOn(db);
    try {
      const ready = await get(app, '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.message).toMatch(
        /^Migrasi database belum dijalankan: 007_jawaban_tanpa_fk_soal, 008_/,
      );
    } finally {
      await app.close();
      await closeDb(db);
    }
  });

  it('is alive but not ready when the database refuses connections', async () => {
    // Nothing listens on a port just freed.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const db = await createDb(`postgres://siaptes@127.0.0.1:${port}/siaptes`);
    const app = await appOn(db);
    try {
      expect((await get(app, '/healthz')).status).toBe(200);
      const ready = await get(app, '/readyz');
      expect(ready.status).toBe(503);
      // The operator's machine reads the driver's words; the public only that the database is away (no host or port).
      expect(ready.body.message).toMatch(
        /^Basis data tidak dapat dihubungi: .*ECONNREFUSED 127\.0\.0\.1:\d+$/,
      );
      const outside = await app.inject({ method: 'GET', url: '/readyz', remoteAddress: '203.0.113.7' });
      expect(outside.statusCode).toBe(503);
      expect(outside.json()).toEqual({ status: false, message: 'Basis data tidak dapat dihubungi' });
      const head = await app.inject({ method: 'HEAD', url: '/readyz', remoteAddress: '203.0.113.7' });
      expect(head.statusCode).toBe(503);
    } finally {
      await app.close();
      await closeDb(db);
    }
  });

  it('is not ready when the database does not answer within a second', async () => {
    // A server that accepts connections and never says a word, as a hung database host would.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const db = await createDb(`postgres://siaptes@127.0.0.1:${port}/siaptes`);
    const app = await appOn(db);
    try {
      const started = Date.now();
      const ready = await get(app, '/readyz');
      const waited = Date.now() - started;
      expect(ready).toMatchObject({
        status: 503,
        body: { status: false, message: 'Basis data tidak menjawab dalam 1000 ms' },
      });
      expect(waited).toBeGreaterThanOrEqual(900);
      expect(waited).toBeLessThan(3000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await app.close();
      await closeDb(db).catch(() => undefined);
    }
  });
});
