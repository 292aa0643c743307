import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { registerErrorHandling } from '../../src/server/plugins/errors';
import {
  API_BASE,
  allCalls,
  apiUrl,
  buildPath,
  calls,
  callFamily,
  defineCall,
  Envelope,
  hasilListCall,
  loginCall,
  pathParamNames,
  previewPaketCall,
  rankingPaketCall,
  saveAnswerPaketCall,
  startPaketCall,
  type AnyCall,
  type CallBody,
  type CallContent,
} from '../../src/contract';

/** Every row, method and path (Fastify syntax, without /api). */
const SPEC_ROWS = [
  'POST /auth/login',
  'POST /auth/logout',
  'GET /siswa/profil/user/id/:idsiswa',
  'GET /siswa/jadwal/jadwaltocurrent/idsiswa/:idsiswa',
  'GET /siswa/jadwal/jadwaltoprevious/idsiswa/:idsiswa',
  'GET /siswa/jadwal/jadwaltofuture/idsiswa/:idsiswa',
  'GET /siswa/tryout/preview/paket/:paket/id/:id',
  'POST /siswa/tryout/start/id/:id/kategori/:categoryHash',
  'PUT /siswa/tryout/saveanswer/id/:id',
  'PUT /siswa/tryout/statusmapel/id/:id',
  'POST /siswa/tryout/end/id/:id/kategori/:categoryHash',
  'POST /siswa/tryout/hasil/id/:id/kategori/:kategori',
  'POST /siswa/tryout/hasil/id/:id',
  'POST /siswa/tryout/hasil',
  'POST /siswa/tryoutmateri/hasil',
  'POST /siswa/tryoutmateri/pembahasan/materi/:idmateri',
  'POST /siswa/tryout/hasilskor',
  'POST /siswa/tryout/hasilptn',
  'POST /siswa/tryout/generatehasilmapel',
  'POST /siswa/tryout/pembahasan',
  'POST /siswa/tryout/ranking/idsiswa/:idsiswa',
  'POST /siswa/tryout/ranking/idsiswa/:idsiswa/paket/:paket',
  'POST /siswa/tryout/rankingjur',
  'GET /siswa/tryoutmateri/preview/idsiswa/:idsiswa',
  'GET /siswa/tryoutmateri/preview/idsiswa/:idsiswa/kategori/:idkategori',
  'GET /siswa/tryoutmateri/preview/idsiswa/:idsiswa/kategori/:idkategori/mapel/:idmapel',
  'POST /siswa/tryoutmateri/start/materi/:idmateri',
  'PUT /siswa/tryoutmateri/saveanswer/idmateri/:idmateri',
  'POST /siswa/tryoutmateri/end/materi/:idmateri',
  'POST /siswa/tryoutmateri/hasil/materi/:idmateri',
];

const key = (call: AnyCall) => `${call.method} ${call.path}`;

describe('buildPath', () => {
  it('fills every parameter, URI-encoded, without the /api prefix', () => {
    expect(buildPath(previewPaketCall, { paket: 3, id: '12' })).toBe('/siswa/tryout/preview/paket/3/id/12');
    expect(buildPath(startPaketCall, { id: 7, categoryHash: 'ab c/d' })).toBe(
      '/siswa/tryout/start/id/7/kategori/ab%20c%2Fd',
    );
    expect(buildPath(rankingPaketCall, { idsiswa: 1, paket: 99 })).toBe(
      '/siswa/tryout/ranking/idsiswa/1/paket/99',
    );
  });

  it('returns the bare path for calls without parameters, and apiUrl adds /api', () => {
    expect(buildPath(loginCall)).toBe('/auth/login');
    expect(API_BASE).toBe('/api');
    expect(apiUrl(previewPaketCall, { paket: 1, id: 2 })).toBe('/api/siswa/tryout/preview/paket/1/id/2');
  });

  it('rejects a missing, null or empty parameter', () => {
    expect(() => buildPath(previewPaketCall, { paket: 3 } as never)).toThrow(/missing parameter "id"/);
    expect(() => buildPath(previewPaketCall, { paket: 3, id: null } as never)).toThrow(/"id"/);
    expect(() => buildPath(previewPaketCall, { paket: '', id: 1 })).toThrow(/"paket"/);
    expect(() => buildPath(previewPaketCall, undefined as never)).toThrow(/missing parameter/);
  });
});

describe('the calls', () => {
  it('are exactly the rows', () => {
    expect(allCalls.map(key).sort()).toEqual([...SPEC_ROWS].sort());
  });

  it('have a unique path per method', () => {
    const keys = allCalls.map(key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('each have a 200 response schema (success or failure), and error schemas', () => {
    for (const call of allCalls) {
      const response = call.schema.response as Record<string, unknown>;
      expect(response[200]).toBeDefined();
      expect(response['4xx']).toBeDefined();
      expect(call.response).toBeDefined();
    }
  });

  it('declare params exactly for the path parameters, and no body on GET', () => {
    for (const call of allCalls) {
      const names = pathParamNames(call.path);
      const schema = call.schema as { params?: { properties: object }; body?: unknown };
      expect(Object.keys(schema.params?.properties ?? {}).sort()).toEqual([...names].sort());
      if (call.method === 'GET') expect(schema.body).toBeUndefined();
    }
  });

  it('are grouped by feature', () => {
    expect(Object.keys(calls)).toEqual([
      'auth',
      'profile',
      'jadwal',
      'tryoutPaket',
      'tryoutMateri',
      'hasil',
      'ranking',
    ]);
  });

  it('defineCall refuses a path whose parameters differ from its params schema', () => {
    expect(() =>
      defineCall({
        method: 'GET',
        path: '/x/:a/:b',
        params: Type.Object({ a: Type.Integer() }),
        response: Envelope(Type.Null()),
      }),
    ).toThrow(/differ/);
  });

  it("callFamily gives each call the family's method and path parameters, checked as defineCall checks them", () => {
    const onTopic = callFamily({ method: 'POST', params: Type.Object({ idmateri: Type.Integer() }) });
    const body = Type.Object({ id_siswa: Type.Integer() });
    const call = onTopic('/x/:idmateri', { body, response: Envelope(Type.Null()) });
    expect(call).toEqual(
      defineCall({
        method: 'POST',
        path: '/x/:idmateri',
        params: Type.Object({ idmateri: Type.Integer() }),
        body,
        response: Envelope(Type.Null()),
      }),
    );
    expect(() => onTopic('/x/:idsoal', { response: Envelope(Type.Null()) })).toThrow(/differ/);
  });
});

describe('the schemas in Fastify', () => {
  const app = Fastify({
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
  });
  const replies = new Map<string, unknown>();

  beforeAll(async () => {
    // The server's own error handling: every error leaves as {status: false, message}, as the '4xx' schema wants.
    registerErrorHandling(app);
    await app.register(
      async (api) => {
        for (const call of allCalls) {
          api.route({
            method: call.method,
            url: call.path,
            schema: call.schema,
            handler: async (request) => replies.get(key(call)) ?? { status: true, echo: request.body },
          });
        }
      },
      { prefix: API_BASE },
    );
    // A real socket rather than app.inject: light-my-request needs the ESM-only `cookie` package, which Jest on
    // Node 20 cannot require.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    base = address;
  });
  afterAll(() => app.close());

  let base = '';
  async function send(opts: { method: string; url: string; payload?: unknown }) {
    const res = await fetch(base + opts.url, {
      method: opts.method,
      headers: opts.payload === undefined ? {} : { 'content-type': 'application/json' },
      body: opts.payload === undefined ? undefined : JSON.stringify(opts.payload),
    });
    const text = await res.text();
    return { statusCode: res.status, json: () => JSON.parse(text) };
  }

  it('validate path parameters (coercing numeric strings)', async () => {
    const content: CallContent<typeof previewPaketCall> = { paket: 1, detailPaket: [] };
    replies.set(key(previewPaketCall), { status: true, content });
    const ok = await send({ method: 'GET', url: apiUrl(previewPaketCall, { paket: '1', id: '2' }) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: true, content });
    const bad = await send({ method: 'GET', url: '/api/siswa/tryout/preview/paket/abc/id/0' });
    expect(bad.statusCode).toBe(400);
    const badHash = await send({
      method: 'POST',
      url: '/api/siswa/tryout/start/id/1/kategori/%3Cscript%3E',
      payload: { id_siswa: 1 },
    });
    expect(badHash.statusCode).toBe(400);
  });

  it('validate bodies: login needs code "s" and a non-empty username', async () => {
    const good: CallBody<typeof loginCall> = { code: 's', isgoogle: false, username: 'budi', password: 'x' };
    replies.set(key(loginCall), { status: false, message: 'Username atau password salah' });
    const res = await send({ method: 'POST', url: apiUrl(loginCall), payload: { ...good, extra: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: false, message: 'Username atau password salah' });
    for (const payload of [
      { ...good, code: 'x' },
      { ...good, username: '' },
      { ...good, password: undefined },
    ]) {
      const r = await send({ method: 'POST', url: apiUrl(loginCall), payload });
      expect(r.statusCode).toBe(400);
    }
  });

  it('validate saveanswer operation, type and answer length', async () => {
    const body: CallBody<typeof saveAnswerPaketCall> = {
      id_hasil_to: 1,
      id_jawaban: 2,
      jawaban: 'A',
      sisa_waktu: 100,
      type_soal: 1,
      operation: 'save',
    };
    replies.set(key(saveAnswerPaketCall), { status: true });
    const url = apiUrl(saveAnswerPaketCall, { id: 1 });
    expect((await send({ method: 'PUT', url, payload: body })).statusCode).toBe(200);
    expect((await send({ method: 'PUT', url, payload: { ...body, id_siswa: '5' } })).statusCode).toBe(200);
    expect((await send({ method: 'PUT', url, payload: { ...body, operation: 'drop' } })).statusCode).toBe(
      400,
    );
    expect((await send({ method: 'PUT', url, payload: { ...body, type_soal: 6 } })).statusCode).toBe(400);
    expect(
      (await send({ method: 'PUT', url, payload: { ...body, jawaban: 'x'.repeat(5001) } })).statusCode,
    ).toBe(400);
    expect((await send({ method: 'PUT', url, payload: { ...body, id_hasil_to: 'abc' } })).statusCode).toBe(
      400,
    );
  });

  it('never send fields outside the contract (no answer keys during a tryout)', async () => {
    const soal = {
      id_soal: 1,
      soal: '<p>1+1?</p>',
      type: 1,
      jawaban_siswa: '0',
      id_jawaban: 10,
      group_soal: [],
      group_text_type: null,
      id_mapel: 3,
      a: '1',
      b: '2',
      c: '3',
      d: '4',
      e: '',
      nomor: 1,
      kunci: 'B',
      pembahasan: 'secret',
    };
    replies.set(key(startPaketCall), {
      status: true,
      message: 'ok',
      content: { id_hasil_to: 5, soal: [soal] },
    });
    const res = await send({
      method: 'POST',
      url: apiUrl(startPaketCall, { id: 1, categoryHash: 'abcd1234' }),
      payload: { id_siswa: 1 },
    });
    expect(res.statusCode).toBe(200);
    const sent = res.json().content.soal[0];
    expect(sent.kunci).toBeUndefined();
    expect(sent.pembahasan).toBeUndefined();
    expect(sent.a).toBe('1');
  });

  it('check the literal type of the result list body', async () => {
    replies.set(key(hasilListCall), { status: true, content: [] });
    const ok = await send({
      method: 'POST',
      url: apiUrl(hasilListCall),
      payload: { id_siswa: '1', type: 'list' },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await send({
      method: 'POST',
      url: apiUrl(hasilListCall),
      payload: { id_siswa: 1, type: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
