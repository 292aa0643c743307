/**
 * TRUST_PROXY behind a real nginx (the README's reverse proxy, which appends the client's address to whatever
 * X-Forwarded-For the client sent). In the safe forms (the proxy's address, or a hop count when the app port can be
 * reached only through the proxy) a client that forges X-Forwarded-For is still one address: its failed logins are
 * counted together and the per-address limit holds. `TRUST_PROXY=true`, which would believe the forged part, is
 * refused at start, naming the safe forms.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, parseTrustProxy } from '../../../src/server/config';
import { buildTestApp, type TestContext } from '../../helpers/buildTestApp';
import { startNginx, type Nginx } from '../../helpers/nginx';

jest.setTimeout(60_000);

/** The client's own address: not the proxy's (127.0.0.1), as a student's never is. */
const CLIENT = '127.0.0.2';

/** One POST from CLIENT through nginx; its HTTP status. */
function post(nginx: Nginx, path: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${nginx.url}${path}`,
      {
        method: 'POST',
        localAddress: CLIENT,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

/** One client behind nginx: each try a new username and a new forged address; the HTTP statuses. */
async function loginsForged(nginx: Nginx, tries: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 1; i <= tries; i++) {
    const body = { code: 's', isgoogle: false, username: `tamu${i}`, password: 'salah' };
    codes.push(await post(nginx, '/api/auth/login', { 'x-forwarded-for': `203.0.113.${i}` }, body));
  }
  return codes;
}

describe.each([
  ['the proxy address', '127.0.0.1'],
  ['one hop, the app port reachable only through nginx', '1'],
])('TRUST_PROXY as %s, behind a real nginx', (_name, setting) => {
  let ctx: TestContext;
  let nginx: Nginx;
  beforeAll(async () => {
    ctx = await buildTestApp({ config: { loginMaxPerAddress: 3, trustProxy: parseTrustProxy(setting) } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    nginx = await startNginx({ upstreams: [(ctx.app.server.address() as AddressInfo).port] });
  });
  afterAll(async () => {
    await nginx?.stop();
    await ctx?.close();
  });

  it('counts a client that forges X-Forwarded-For as one address: the 4th failed login is refused', async () => {
    expect(await loginsForged(nginx, 4)).toEqual([200, 200, 200, 429]);
    const alamat = await ctx.db.selectFrom('login_percobaan').select('alamat').distinct().execute();
    expect(alamat).toEqual([{ alamat: CLIENT }]);
  });
});

describe('TRUST_PROXY=true', () => {
  it('is refused at start, naming the safe forms', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      'TRUST_PROXY=true ditolak: alamat klien akan diambil dari X-Forwarded-For kiriman klien sendiri. Pakai ' +
        'jumlah proxy (mis. TRUST_PROXY=1) bila port aplikasi hanya bisa dicapai lewat proxy itu, atau alamat ' +
        'proxy-nya (mis. TRUST_PROXY=127.0.0.1 atau 10.0.0.5,10.0.0.6)',
    );
  });

  it('leaves the safe forms as they were', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.0.6' }).trustProxy).toEqual(['10.0.0.5', '10.0.0.6']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});
