/**
 * Transport rules (issue #12): security headers on every answer, every error in `{status: false, message}` form
 * (400, 401, 403, 404, 413, 415, 429, 431), JSON depth bounded, strict body types, unknown fields named, absolute-form
 * targets authenticated, and a fuzz over every call of the contract that never gets a 500 nor changes a row.
 */
import net from 'node:net';
import type { TObject, TSchema } from '@sinclair/typebox';
import type { LightMyRequestResponse } from 'fastify';
import { allCalls, loginCall, type AnyCall } from '../../../src/contract';
import { tutupHasil } from '../../../src/server/scoring/penutupan';
import { buildSeededTestApp, loginAs, type SeededTestContext } from '../../helpers/seeded';
import { ALL_TABLES } from '../../helpers/serverRows';

// Many scrypt hashes and requests per test: generous on a loaded two-core machine and on PostgreSQL.
jest.setTimeout(60_000);

let t: SeededTestContext;
let token: string;
let idSiswa: number;

beforeAll(async () => {
  t = await buildSeededTestApp({ participants: 4 });
  await t.closeDue();
  const reguler = await loginAs(t.app, 'reguler');
  token = reguler.token;
  idSiswa = reguler.siswa.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function expectShape(label: string, res: { statusCode: number; body: string }, statusCode: number): void {
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect({ label, statusCode: res.statusCode, keys: Object.keys(body).sort(), status: body.status }).toEqual({
    label,
    statusCode,
    keys: ['message', 'status'],
    status: false,
  });
  expect(typeof body.message === 'string' && body.message.length > 0).toBe(true);
}

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ALL_TABLES) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

const profilUrl = () => `/api/siswa/profil/user/id/${idSiswa}`;
const hasilUrl = '/api/siswa/tryout/hasilskor';

describe('security headers', () => {
  it('sends a strict CSP, frame-ancestors none, nosniff and Referrer-Policy same-origin on every answer', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: profilUrl(), headers: { key: token } }),
      await t.app.inject({ method: 'GET', url: '/api/tidak/ada' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
      await t.app.inject({
        method: 'GET',
        url: `http://siaptes.test${profilUrl()}`,
        headers: { key: token },
      }),
    ]) {
      // An API call's JSON is no document: nothing may load from it, frame it or read it from another site.
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      // What only a document needs stays off the API's answers (their size is paid on every answer save).
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['origin-agent-cluster']).toBeUndefined();
    }
  });

  it("answers a document (any path outside the API) with the SPA's policy", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/bukan/api' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).not.toMatch(/style-src-elem[^;]*unsafe/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when SECURE_COOKIES=true', async () => {
    const { buildTestApp } = await import('../../helpers/buildTestApp');
    const secure = await buildTestApp({ config: { secureCookies: true } });
    try {
      for (const url of ['/api/tidak/ada', '/bukan/api']) {
        const res = await secure.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await secure.close();
    }
  });
});

describe('every error in {status: false, message}', () => {
  it('400 deep JSON (before parsing, even 4,000 levels), 401, 403, 404, 413, 415, 429', async () => {
    const deep = '['.repeat(4000) + ']'.repeat(4000);
    const json = { 'content-type': 'application/json' };
    expectShape(
      'deep JSON on login',
      await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: deep }),
      400,
    );
    const deepObject = JSON.stringify({
      id_siswa: idSiswa,
      x: JSON.parse('{"a":'.repeat(40) + '1' + '}'.repeat(40)),
    });
    const deepRes = await t.app.inject({
      method: 'POST',
      url: hasilUrl,
      headers: { ...json, key: token },
      payload: deepObject,
    });
    expectShape('deep JSON on a call', deepRes, 400);
    expect(deepRes.json().message).toBe('Permintaan tidak valid: JSON bersarang lebih dari 32 tingkat');
    expectShape('401', await t.app.inject({ method: 'GET', url: profilUrl() }), 401);
    expectShape(
      '403',
      await t.app.inject({ method: 'GET', url: '/api/siswa/profil/user/id/999999', headers: { key: token } }),
      403,
    );
    expectShape('404', await t.app.inject({ method: 'GET', url: '/api/tidak/ada' }), 404);
    const big = await t.app.inject({
      method: 'POST',
      url: hasilUrl,
      headers: { ...json, key: token },
      payload: JSON.stringify({ id_siswa: idSiswa, x: 'x'.repeat(300 * 1024) }),
    });
    expectShape('413', big, 413);
    expect(big.json().message).toBe('Isi permintaan terlalu besar');
    const xml = await t.app.inject({
      method: 'POST',
      url: hasilUrl,
      headers: { 'content-type': 'application/xml', key: token },
      payload: '<a/>',
    });
    expectShape('415', xml, 415);
    expect(xml.json().message).toBe('Jenis isi permintaan tidak didukung: kirim application/json');
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { code: 's', isgoogle: false, username: 'tutor', password: `salah${i}` },
        }),
      );
    }
    expectShape('429', answers[10], 429);
    expect(answers[10].headers['retry-after']).toBe('900');
  });

  it('names what a body may not hold: null, a NUL character, a number JSON cannot carry (login keeps its own nulls)', async () => {
    const send = (payload: string, url = hasilUrl) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', key: token },
        payload,
      });
    const messages = [];
    for (const payload of [
      `{"id_siswa": ${idSiswa}, "idjadwal": null}`,
      `{"id_siswa": ${idSiswa}, "idjadwal": "a\\u0000b"}`,
      `{"id_siswa": ${idSiswa}, "idjadwal": 1e999}`,
      `{"id_siswa": ${idSiswa}, "a\\u0000": 1}`,
    ]) {
      const res = await send(payload);
      expectShape(payload, res, 400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      'Permintaan tidak valid: body.idjadwal tidak boleh null',
      'Permintaan tidak valid: body.idjadwal berisi karakter NUL',
      'Permintaan tidak valid: body.idjadwal bukan angka yang sah',
      'Permintaan tidak valid: body.a\\0 berisi karakter NUL',
    ]);
    const login = await send(
      '{"username": null, "password": "x", "code": "s", "isgoogle": false}',
      '/api/auth/login',
    );
    expect(login.json().message).not.toMatch(/tidak boleh null/);
  });

  it('refuses coercion: a boolean or a numeric string where the contract wants a number', async () => {
    const before = await rowCounts();
    for (const id_siswa of [true, String(idSiswa), [idSiswa]]) {
      const res = await t.app.inject({
        method: 'POST',
        url: hasilUrl,
        headers: { key: token },
        payload: { id_siswa },
      });
      expectShape(`id_siswa ${JSON.stringify(id_siswa)}`, res, 400);
      expect(res.json().message).toMatch(/^Permintaan tidak valid: body\.id_siswa /);
    }
    expect(await rowCounts()).toEqual(before);
    // And the same call with the number itself is answered (it may close a schedule whose window is over, which
    // writes that schedule's results: scoring/penutupan.ts).
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: hasilUrl,
          headers: { key: token },
          payload: { id_siswa: idSiswa },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses an unknown field with 400 naming it (login too)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: hasilUrl,
      headers: { key: token },
      payload: { id_siswa: idSiswa, admin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      message: 'Permintaan tidak valid: body.admin tidak dikenal',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { code: 's', isgoogle: false, username: 'reguler', password: 'tryout123', role: 'admin' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({
      status: false,
      message: 'Permintaan tidak valid: body.role tidak dikenal',
    });
  });
});

/** One raw HTTP/1.1 exchange with the listening server (inject bypasses Node's parser and the request target). */
async function raw(
  port: number,
  request: string,
): Promise<{ statusCode: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = text.split('\r\n\r\n');
      const body = rest.join('\r\n\r\n');
      // Chunked answers: the JSON sits between the chunk-size lines.
      const json = body.includes('{') ? body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1) : body;
      resolve({ statusCode: Number(head.split(' ')[1]), headers: head, body: json });
    });
  });
}

describe('over a real socket', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  it('authenticates an absolute-form target like any other: 401 without a token, 200 with one', async () => {
    const path = profilUrl();
    const anonymous = await raw(
      port,
      `GET http://127.0.0.1:${port}${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expectShape('absolute form without token', anonymous, 401);
    const other = await raw(
      port,
      `GET http://evil.example${path} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
    );
    expectShape('absolute form, other host', other, 401);
    const withToken = await raw(
      port,
      `GET http://127.0.0.1:${port}${path} HTTP/1.1\r\nHost: x\r\nKey: ${token}\r\nConnection: close\r\n\r\n`,
    );
    expect(withToken.statusCode).toBe(200);
  });

  it('answers headers too large with 431 and a malformed request with 400, in {status:false, message}', async () => {
    const huge = await raw(port, `GET /api/x HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    expectShape('431', huge, 431);
    expect(JSON.parse(huge.body).message).toBe('Header permintaan terlalu besar');
    const garbage = await raw(port, 'NOT HTTP AT ALL\r\n\r\n');
    expectShape('400 parser', garbage, 400);
  });
});

describe('fuzz over every call of the contract', () => {
  const properties = (schema: TSchema | undefined): Record<string, TSchema> =>
    (schema as TObject | undefined)?.properties ?? {};
  const typeOf = (schema: TSchema) => (schema as { type?: string }).type;

  /** A plausible value of a schema: not necessarily an existing id, only the right type. */
  function sample(schema: TSchema): unknown {
    switch (typeOf(schema)) {
      case 'integer':
      case 'number':
        return 1;
      case 'string':
        return 'A';
      case 'boolean':
        return false;
      case 'array':
        return [];
      default:
        return Object.fromEntries(Object.entries(properties(schema)).map(([k, s]) => [k, sample(s)]));
    }
  }

  const WRONG_VALUES: unknown[] = [
    true,
    '1',
    '',
    'A\u0000B',
    '\u0000',
    -1,
    0.5,
    1e308,
    2 ** 53,
    [],
    [1, 2],
    {},
    { $gt: 1 },
    'x'.repeat(5000),
    '../../etc/passwd',
    "1' OR '1'='1",
  ];
  const PATH_TRICKS = [
    '..%2F..%2Fetc',
    '%00',
    '1%00',
    '%2e%2e',
    '1;DROP',
    '%C0%AE',
    'ä',
    '-0',
    '0x10',
    '1e3',
    ' 1',
    '1/../1',
  ];
  const RAW_BODIES = [
    '{"a":'.repeat(5000),
    '['.repeat(100) + ']'.repeat(100),
    '{"__proto__": {"x": 1}}',
    '{"constructor": {"prototype": {"x": 1}}}',
    '\u0000',
    '{"id_siswa": 1, "id_siswa": "dua"}',
    'null',
    '1e999999',
    '"' + 'x'.repeat(1000) + '"',
  ];

  function urlOf(call: AnyCall, override: Record<string, string> = {}): string {
    return (
      '/api' +
      call.path.replace(/:([A-Za-z_]+)/g, (_m, key: string) => {
        if (key in override) return override[key];
        if (key === 'idsiswa') return String(idSiswa);
        return typeOf(properties(call.params)[key]) === 'string' ? 'abcdef' : '1';
      })
    );
  }

  function check(label: string, res: LightMyRequestResponse): void {
    expect({ label, server: res.statusCode >= 500 }).toEqual({ label, server: false });
    if (res.statusCode >= 400) {
      const body = res.json() as Record<string, unknown>;
      expect({ label, keys: Object.keys(body).sort(), status: body.status }).toEqual({
        label,
        keys: ['message', 'status'],
        status: false,
      });
    }
  }

  it('never answers 500 and never changes a row', async () => {
    // The first read after a schedule's window closes it (its results are written once). Close every ended
    // schedule first, as the operator's `siaptes close` does, so that a row changed below is the fuzz's doing.
    const now = Date.now();
    const ended = await t.db
      .selectFrom('jadwal')
      .select('id')
      .where('tgl_akhir', '<', now - 31_000)
      .execute();
    for (const { id } of ended) await tutupHasil(t.db, id, now);
    const before = await rowCounts();
    let sent = 0;
    for (const call of allCalls) {
      if (call === loginCall || call.path === '/auth/logout') continue;
      const method = call.method as 'GET' | 'POST' | 'PUT';
      const headers = { key: token };
      for (const [key] of Object.entries(properties(call.params))) {
        for (const trick of PATH_TRICKS) {
          const res = await t.app.inject({
            method,
            url: urlOf(call, { [key]: trick }),
            headers,
            payload: method === 'GET' ? undefined : {},
          });
          check(`${call.path} :${key}=${trick}`, res);
          sent++;
        }
      }
      if (method === 'GET') continue;
      const base = sample(call.body ?? ({} as TSchema)) as Record<string, unknown>;
      for (const field of Object.keys(base)) {
        for (const value of WRONG_VALUES) {
          const res = await t.app.inject({
            method,
            url: urlOf(call),
            headers,
            payload: { ...base, [field]: value },
          });
          check(`${call.path} ${field}=${JSON.stringify(value).slice(0, 30)}`, res);
          sent++;
        }
      }
      for (const payload of RAW_BODIES) {
        const res = await t.app.inject({
          method,
          url: urlOf(call),
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
        });
        check(`${call.path} raw ${payload.slice(0, 30)}`, res);
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(await rowCounts()).toEqual(before);
  }, 120_000);
});
