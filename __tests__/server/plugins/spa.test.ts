import { closeDb } from '../../../src/server/db/createDb';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { buildApp, type App } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { createTestDb } from '../../helpers/buildTestApp';
import type { Executor } from '../../../src/server/db/executor';

/** A built SPA as webpack leaves it: index.html, a hashed bundle and its .br/.gz copies. */
const dir = mkdtempSync(join(tmpdir(), 'siaptes-spa-'));
const bundle = `console.log(${JSON.stringify('SiapTes '.repeat(400))});`;
const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/main.0a1b2c3d4e.js"></script></body></html>';

/** The service worker as workbox writes it (the precache list names the current build's files). */
const SERVICE_WORKER = 'self.addEventListener("install",()=>self.skipWaiting());';

let app: App;
let db: Executor;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets/main.0a1b2c3d4e.js'), bundle);
  writeFileSync(join(dir, 'assets/main.0a1b2c3d4e.js.br'), brotliCompressSync(bundle));
  writeFileSync(join(dir, 'assets/main.0a1b2c3d4e.js.gz'), gzipSync(bundle));
  const petunjuk = '<!doctype html><html><body>Petunjuk</body></html>';
  writeFileSync(join(dir, 'petunjuk-to.html'), petunjuk);
  writeFileSync(join(dir, 'petunjuk-to.html.br'), brotliCompressSync(petunjuk));
  writeFileSync(join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  writeFileSync(join(dir, 'sw.js'), SERVICE_WORKER);
  db = await createTestDb();
  // Relative, like the default `dist/public`.
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: 'file::memory:',
    PUBLIC_DIR: relative(process.cwd(), dir),
  });
  app = await buildApp({ db, config, serveSpa: true });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

describe('the built SPA', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts br, cached as immutable', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/main.0a1b2c3d4e.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(bundle);
  });

  it('sends the gzip copy when br is not accepted, and the file itself when nothing is', async () => {
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/main.0a1b2c3d4e.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await app.inject({ method: 'GET', url: '/assets/main.0a1b2c3d4e.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers HEAD as GET: a page of the SPA, a file, a health check and an API call alike', async () => {
    for (const url of ['/hasil', '/sw.js', '/healthz', '/api/siswa/jadwal/jadwaltocurrent/idsiswa/1']) {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect({ url, status: head.statusCode, type: head.headers['content-type'], body: head.body }).toEqual({
        url,
        status: get.statusCode,
        type: get.headers['content-type'],
        body: '',
      });
    }
  });

  it('never caches index.html or an unhashed file as immutable', async () => {
    for (const url of ['/index.html', '/to/12', '/logo.svg']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const fallback = await app.inject({ method: 'GET', url: '/hasil', headers: { 'accept-encoding': 'br' } });
    expect(fallback.body).toBe(INDEX);
  });

  it('serves the service worker from our origin, revalidated on every check, and the CSP lets it run', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SERVICE_WORKER);
    expect(res.headers['content-type']).toMatch(/javascript/);
    // A cached worker would keep an old version's precache list: the browser must ask every time.
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = await app.inject({ method: 'GET', url: '/to/12' });
    expect(String(page.headers['content-security-policy'])).toContain("worker-src 'self'");
  });

  it("lets a page load images and anything else only from our origin or data: (no other site's address)", async () => {
    const page = await app.inject({ method: 'GET', url: '/to/12' });
    const directives = String(page.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim());
    expect(directives).toContain("default-src 'self' data:");
    expect(directives).toContain("img-src 'self' data:");
    expect(String(page.headers['content-security-policy'])).not.toMatch(/https:|\*/);
  });

  it('does not serve the compressed copies under their own names', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main.0a1b2c3d4e.js.br' });
    // The history fallback answers: index.html, not the brotli bytes.
    expect(res.body).toBe(INDEX);
  });

  it('lets only our own pages frame the instruction page; every other file keeps the strict policy', async () => {
    // As the browser asks for it (its brotli copy) and as a plain client does.
    for (const headers of [{ 'accept-encoding': 'gzip, deflate, br' }, {}]) {
      const petunjuk = await app.inject({ method: 'GET', url: '/petunjuk-to.html', headers });
      expect(petunjuk.statusCode).toBe(200);
      expect(String(petunjuk.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(String(petunjuk.headers['content-security-policy'])).toContain("default-src 'none'");
      expect(petunjuk.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    for (const url of ['/logo.svg', '/assets/main.0a1b2c3d4e.js', '/login']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });
});
