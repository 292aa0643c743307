/**
 * The request id in the answer header and the request's log line, and what the log never holds: passwords
 * (login, the operator's import) and session tokens.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCsv } from '../../../src/server/operator/csv';
import { buildTestApp, type TestContext } from '../../helpers/buildTestApp';
import { runner } from '../../helpers/operatorRun';
import { SISWA_CSV } from '../../helpers/operatorFixtures';
import { loginAs } from '../../helpers/seeded';
import { captureLog } from '../../helpers/logCapture';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request id', () => {
  let t: TestContext;
  let log: ReturnType<typeof captureLog>;
  beforeEach(async () => {
    log = captureLog();
    t = await buildTestApp({ logStream: log.stream, config: { trustProxy: ['10.0.0.1'] } });
  });
  afterEach(() => t.close());

  const logLineOf = (id: string) =>
    log.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.reqId === id);

  it('is returned in X-Request-Id and names the request log line, a new one per request', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/siswa/profil/user/id/1' });
    const second = await t.app.inject({ method: 'GET', url: '/api/tidak/ada' });
    const ids = [first, second].map((r) => r.headers['x-request-id'] as string);
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(logLineOf(ids[0])).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        url: '/api/siswa/profil/user/id/1',
        statusCode: 401,
      }),
    ]);
    expect(logLineOf(ids[1])).toEqual([expect.objectContaining({ url: '/api/tidak/ada', statusCode: 404 })]);
  });

  it("takes a trusted proxy's own id, never a client's, and never one that is not a plain token", async () => {
    const viaProxy = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '10.0.0.1',
      headers: { 'x-request-id': 'nginx-7f3a9c01' },
    });
    expect(viaProxy.headers['x-request-id']).toBe('nginx-7f3a9c01');
    expect(logLineOf('nginx-7f3a9c01')).toHaveLength(1);

    const direct = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '10.0.0.2',
      headers: { 'x-request-id': 'nginx-7f3a9c01' },
    });
    expect(direct.headers['x-request-id']).toMatch(UUID);

    for (const odd of ['a'.repeat(65), 'dua kata', 'id"},{"x":"y']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        remoteAddress: '10.0.0.1',
        headers: { 'x-request-id': odd },
      });
      expect(answer.headers['x-request-id']).toMatch(UUID);
    }
    const longest = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '10.0.0.1',
      headers: { 'x-request-id': 'b'.repeat(64) },
    });
    expect(longest.headers['x-request-id']).toBe('b'.repeat(64));
  });
});

describe('the log holds no password and no session token', () => {
  let t: TestContext;
  let dir: string;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'siaptes-log-'));
  });
  afterEach(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('through an import with passwords, logins (right and wrong), calls with the token and a logout', async () => {
    const log = captureLog();
    t = await buildTestApp({ logStream: log.stream });
    writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
    const imported = await runner(t, dir)('import-siswa', 'kelas.csv');
    expect(imported.code).toBe(0);
    const generated = parseCsv(readFileSync(path.join(dir, 'kelas-passwords.csv'), 'utf8')).records.map(
      (r) => r.values.get('password') as string,
    );
    expect(generated).toHaveLength(2);

    const budi = await loginAs(t.app, 'budi.santoso', 'rahasia123');
    const citra = await loginAs(t.app, 'citra.dewi', generated[0]);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { code: 's', isgoogle: false, username: 'dodi', password: 'salahSekali99' },
    });
    expect(wrong.json()).toMatchObject({ status: false });
    for (const who of [budi, citra]) {
      const profile = await t.app.inject({
        method: 'GET',
        url: `/api/siswa/profil/user/id/${who.siswa.id}`,
        headers: who.headers,
      });
      expect(profile.statusCode).toBe(200);
      // Someone else's profile: refused, still with the token in the request.
      await t.app.inject({ method: 'GET', url: '/api/siswa/profil/user/id/999999', headers: who.headers });
    }
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: budi.headers, payload: {} });

    const written = [...log.lines, imported.out, imported.err].join('\n');
    expect(log.lines.length).toBeGreaterThanOrEqual(8);
    const secrets = ['rahasia123', 'salahSekali99', ...generated, budi.token, citra.token];
    expect(secrets.filter((secret) => written.includes(secret))).toEqual([]);
  });
});
