/**
 * Protection of every call of the contract (plugins/auth.ts): 401 without a live token, 403
 * for another student's id, 400 for input its schema refuses, 404 for well-formed unknown ids, never a 500 and
 * never a changed row. The calls are taken from `allCalls`, so a new call without an entry in REQUESTS fails here.
 */
import type { TObject, TSchema } from '@sinclair/typebox';
import type { LightMyRequestResponse } from 'fastify';
import { allCalls, buildPath, loginCall, logoutCall, type AnyCall } from '../../../src/contract';
import { hashToken } from '../../../src/server/plugins/auth';
import { buildSeededTestApp, loginAs, type SeededTestContext } from '../../helpers/seeded';

// Hundreds of requests per test: generous on a loaded two-core machine and on PostgreSQL.
jest.setTimeout(60_000);

type Method = 'GET' | 'POST' | 'PUT';
type Params = Record<string, string | number>;
type Body = Record<string, unknown>;

/** A request its schema accepts, made by its owner (reguler). */
interface ValidRequest {
  params?: Params;
  body?: Body;
}

interface Fixture {
  reguler: number;
  tutor: number;
  token: string;
  berjalan: { id: number; paket: number; hash: string; idMapel: number };
  selesai: { id: number; hash: string; idMapel: number };
  attempt: { idHasilTo: number; idJawaban: number };
  materi: { id: number; idKategori: number; idMapel: number; idSoal: number };
}

const MB = 1024 * 1024;
/** The tables a rejected write could touch. */
const TABLES = [
  'jawaban',
  'jawaban_group',
  'hasil_to',
  'mapel_waktu',
  'hasil_mapel',
  'materi_hasil',
  'materi_jawaban',
  'sesi',
] as const;

let t: SeededTestContext;
let f: Fixture;

/** Every call but login, with a request its schema accepts. */
function valid(call: AnyCall): ValidRequest {
  const idsiswa = f.reguler;
  const REQUESTS: Record<string, () => ValidRequest> = {
    'POST /auth/logout': () => ({ body: {} }),
    'GET /siswa/profil/user/id/:idsiswa': () => ({ params: { idsiswa } }),
    'GET /siswa/jadwal/jadwaltocurrent/idsiswa/:idsiswa': () => ({ params: { idsiswa } }),
    'GET /siswa/jadwal/jadwaltoprevious/idsiswa/:idsiswa': () => ({ params: { idsiswa } }),
    'GET /siswa/jadwal/jadwaltofuture/idsiswa/:idsiswa': () => ({ params: { idsiswa } }),
    'GET /siswa/tryout/preview/paket/:paket/id/:id': () => ({
      params: { paket: f.berjalan.paket, id: f.berjalan.id },
    }),
    'POST /siswa/tryout/start/id/:id/kategori/:categoryHash': () => ({
      params: { id: f.berjalan.id, categoryHash: f.berjalan.hash },
      body: { id_siswa: idsiswa },
    }),
    'PUT /siswa/tryout/saveanswer/id/:id': () => ({
      params: { id: f.berjalan.id },
      body: {
        id_hasil_to: f.attempt.idHasilTo,
        id_jawaban: f.attempt.idJawaban,
        jawaban: 'A',
        sisa_waktu: 100,
        type_soal: 1,
        operation: 'save',
      },
    }),
    'PUT /siswa/tryout/statusmapel/id/:id': () => ({
      params: { id: f.berjalan.id },
      body: {
        id_siswa: idsiswa,
        id_mapel: f.berjalan.idMapel,
        kategori: f.berjalan.hash,
        sisa_waktu: 600,
        status: 0,
      },
    }),
    'POST /siswa/tryout/end/id/:id/kategori/:categoryHash': () => ({
      params: { id: f.berjalan.id, categoryHash: f.berjalan.hash },
      body: { id_siswa: idsiswa },
    }),
    'GET /siswa/tryoutmateri/preview/idsiswa/:idsiswa': () => ({ params: { idsiswa } }),
    'GET /siswa/tryoutmateri/preview/idsiswa/:idsiswa/kategori/:idkategori': () => ({
      params: { idsiswa, idkategori: f.materi.idKategori },
    }),
    'GET /siswa/tryoutmateri/preview/idsiswa/:idsiswa/kategori/:idkategori/mapel/:idmapel': () => ({
      params: { idsiswa, idkategori: f.materi.idKategori, idmapel: f.materi.idMapel },
    }),
    'POST /siswa/tryoutmateri/start/materi/:idmateri': () => ({
      params: { idmateri: f.materi.id },
      body: { id_siswa: idsiswa },
    }),
    'PUT /siswa/tryoutmateri/saveanswer/idmateri/:idmateri': () => ({
      params: { idmateri: f.materi.id },
      body: { idsiswa, idsoal: f.materi.idSoal, jawaban: 'A', sisa_waktu: 100 },
    }),
    'POST /siswa/tryoutmateri/end/materi/:idmateri': () => ({
      params: { idmateri: f.materi.id },
      body: { id_siswa: idsiswa, list_jawaban: [{ idsoal: f.materi.idSoal, jawaban: 'A' }] },
    }),
    'POST /siswa/tryoutmateri/hasil': () => ({ body: { id_siswa: idsiswa } }),
    'POST /siswa/tryoutmateri/hasil/materi/:idmateri': () => ({
      params: { idmateri: f.materi.id },
      body: { id_siswa: idsiswa },
    }),
    'POST /siswa/tryoutmateri/pembahasan/materi/:idmateri': () => ({
      params: { idmateri: f.materi.id },
      body: { id_siswa: idsiswa },
    }),
    'POST /siswa/tryout/hasil/id/:id/kategori/:kategori': () => ({
      params: { id: f.selesai.id, kategori: f.selesai.hash },
      body: { id_siswa: idsiswa, type: 'detail' },
    }),
    'POST /siswa/tryout/hasil/id/:id': () => ({
      params: { id: f.selesai.id },
      body: { id_siswa: idsiswa, type: 'detail' },
    }),
    'POST /siswa/tryout/hasil': () => ({ body: { id_siswa: idsiswa, type: 'list' } }),
    'POST /siswa/tryout/hasilskor': () => ({ body: { id_siswa: idsiswa } }),
    'POST /siswa/tryout/hasilptn': () => ({ body: { idsiswa, idjadwal: f.selesai.id } }),
    'POST /siswa/tryout/generatehasilmapel': () => ({ body: { idsiswa, idjadwal: f.selesai.id } }),
    'POST /siswa/tryout/pembahasan': () => ({
      body: { idsiswa, idjadwal: f.selesai.id, idmapel: f.selesai.idMapel },
    }),
    'POST /siswa/tryout/ranking/idsiswa/:idsiswa': () => ({ params: { idsiswa } }),
    'POST /siswa/tryout/ranking/idsiswa/:idsiswa/paket/:paket': () => ({
      params: { idsiswa, paket: f.selesai.id },
      body: { halaman: 1, per_halaman: 100 },
    }),
    'POST /siswa/tryout/rankingjur': () => ({ body: { idsiswa, idjadwal: f.selesai.id, numoption: 1 } }),
  };
  const make = REQUESTS[`${call.method} ${call.path}`];
  if (!make) throw new Error(`protection.test: no valid request for ${call.method} ${call.path}`);
  return make();
}

const protectedCalls = allCalls.filter((c) => c !== loginCall);
const name = (call: AnyCall) => `${call.method} ${call.path}`;

function url(call: AnyCall, params: Params | undefined): string {
  // buildPath would refuse odd values; the raw values are put in as they are (already URL-safe here).
  return '/api' + call.path.replace(/:([A-Za-z_]+)/g, (_m, key: string) => String(params?.[key]));
}

async function send(
  call: AnyCall,
  request: ValidRequest,
  options: { token?: string | null; payload?: string } = {},
): Promise<LightMyRequestResponse> {
  const token = options.token === undefined ? f.token : options.token;
  const headers: Record<string, string> = token ? { key: token } : {};
  const method = call.method as Method;
  if (method === 'GET') return t.app.inject({ method, url: url(call, request.params), headers });
  headers['content-type'] = 'application/json';
  const payload = options.payload ?? JSON.stringify(request.body ?? {});
  return t.app.inject({ method, url: url(call, request.params), headers, payload });
}

/** `{status: false, message}` and nothing else, with the given HTTP status. */
function expectRefusal(label: string, res: LightMyRequestResponse, statusCode: number | number[]): void {
  const allowed = Array.isArray(statusCode) ? statusCode : [statusCode];
  const body = res.json() as { status?: unknown; message?: unknown };
  // The label makes a failing row say which call and which input it was.
  expect({ label, statusCode: res.statusCode, ok: allowed.includes(res.statusCode) }).toEqual({
    label,
    statusCode: res.statusCode,
    ok: true,
  });
  expect({ label, keys: Object.keys(body).sort(), status: body.status }).toEqual({
    label,
    keys: ['message', 'status'],
    status: false,
  });
  expect(typeof body.message === 'string' && body.message.trim().length > 0).toBe(true);
}

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

function propertiesOf(schema: TSchema | undefined): Record<string, TSchema> {
  return (schema as TObject | undefined)?.properties ?? {};
}

function requiredOf(schema: TSchema | undefined): string[] {
  return (schema as TObject | undefined)?.required ?? [];
}

const STUDENT_FIELDS = ['id_siswa', 'idsiswa'];

function isStringSchema(schema: TSchema): boolean {
  return (schema as { type?: string }).type === 'string';
}

/** An id: an integer from 1 (contract `Id`). */
function isIdSchema(schema: TSchema): boolean {
  const s = schema as { type?: string; minimum?: number };
  return s.type === 'integer' && s.minimum === 1;
}

/** Values the schema of a path parameter refuses, with the status they get (414: longer than the router takes). */
function badPathValues(schema: TSchema): [string, number][] {
  if (isStringSchema(schema)) {
    return [
      ['ab', 400],
      ['a'.repeat(90), 400],
      ['a'.repeat(300), 414],
      ['%24%24%24%24%24', 400],
      ['%20%20%20%20', 400],
      ['%E0%A4%A', 400],
    ];
  }
  return ['abc', '-1', '0', '1.5', '99999999999999999999', '2147483648', '1e400', '%E0%A4%A'].map((v) => [
    v,
    400,
  ]);
}

/** A well-formed value nobody has. */
function unknownPathValue(schema: TSchema): string {
  return isStringSchema(schema) ? 'tidakada99' : '999999';
}

beforeAll(async () => {
  t = await buildSeededTestApp({ participants: 4 });
  await t.closeDue();
  const { seed } = t;
  f = {
    reguler: seed.siswa.reguler,
    tutor: seed.siswa.tutor,
    token: (await loginAs(t.app, 'reguler')).token,
    berjalan: {
      id: seed.jadwal.berjalan.id,
      paket: seed.jadwal.berjalan.paket,
      hash: seed.jadwal.berjalan.kategori[0].hash,
      idMapel: seed.jadwal.berjalan.kategori[0].mapel[0].id,
    },
    selesai: {
      id: seed.jadwal.selesai.id,
      hash: seed.jadwal.selesai.kategori[0].hash,
      idMapel: seed.jadwal.selesai.kategori[0].mapel[0].id,
    },
    attempt: { idHasilTo: 0, idJawaban: 0 },
    materi: { id: 0, idKategori: 0, idMapel: 0, idSoal: 0 },
  };
  // reguler's running attempt, so that answer saves have a real id_hasil_to and id_jawaban.
  const start = await t.app.inject({
    method: 'POST',
    url: `/api/siswa/tryout/start/id/${f.berjalan.id}/kategori/${f.berjalan.hash}`,
    headers: { key: f.token },
    payload: { id_siswa: f.reguler },
  });
  const started = start.json() as {
    status: boolean;
    content: { id_hasil_to: number; soal: { id_jawaban: number; type: number; id_mapel: number }[] };
  };
  expect(started.status).toBe(true);
  const pilihan = started.content.soal.find((s) => s.type === 1 && s.id_mapel === f.berjalan.idMapel);
  if (!pilihan) throw new Error('no type-1 question in the first subject of the running package');
  f.attempt = { idHasilTo: started.content.id_hasil_to, idJawaban: pilihan.id_jawaban };

  const materi = await t.db
    .selectFrom('materi')
    .innerJoin('materi_mapel', 'materi_mapel.id', 'materi.id_mapel')
    .innerJoin('materi_soal', 'materi_soal.id_materi', 'materi.id')
    .select([
      'materi.id',
      'materi_mapel.id_kategori',
      'materi_mapel.id as id_mapel',
      'materi_soal.id as id_soal',
    ])
    .where('materi.id', '=', seed.materi.belum)
    .where('materi_soal.type', '=', 1)
    .executeTakeFirstOrThrow();
  f.materi = {
    id: materi.id,
    idKategori: materi.id_kategori,
    idMapel: materi.id_mapel,
    idSoal: materi.id_soal,
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('protection of every call', () => {
  it('knows a valid request for every call of the contract', () => {
    expect(protectedCalls.length).toBe(allCalls.length - 1);
    for (const call of protectedCalls) expect(() => valid(call)).not.toThrow();
  });

  it('answers 401 {status:false, message} without a token, and with a wrong one, whatever the input', async () => {
    const before = await rowCounts();
    for (const call of protectedCalls) {
      const request = valid(call);
      expectRefusal(`${name(call)} no token`, await send(call, request, { token: null }), 401);
      expectRefusal(`${name(call)} unknown token`, await send(call, request, { token: 'bukan-token' }), 401);
      if (call.method !== 'GET') {
        // Auth comes before the body is read: a stranger learns nothing about the schema.
        expectRefusal(
          `${name(call)} no token, bad body`,
          await send(call, request, { token: null, payload: '[' }),
          401,
        );
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 401 with an expired or a revoked token', async () => {
    const now = t.clock.now();
    const expired = 'token-kedaluwarsa';
    await t.db
      .insertInto('sesi')
      .values({
        token_hash: hashToken(expired),
        id_siswa: f.reguler,
        created_at: now - 13 * 60 * 60 * 1000,
        expires_at: now - 1,
        revoked_at: null,
      })
      .execute();
    const revoked = (await loginAs(t.app, 'reguler')).token;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { key: revoked },
      payload: {},
    });
    expect(logout.statusCode).toBe(200);

    const before = await rowCounts();
    for (const call of protectedCalls) {
      const request = valid(call);
      for (const [label, token] of [
        ['expired', expired],
        ['revoked', revoked],
      ]) {
        const res = await send(call, request, { token });
        expectRefusal(`${name(call)} ${label}`, res, 401);
        expect(res.json()).toEqual({ status: false, message: 'Sesi telah berakhir, silakan login kembali' });
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 403 when a call names another student (path idsiswa, body id_siswa/idsiswa)', async () => {
    const before = await rowCounts();
    let named = 0;
    for (const call of protectedCalls) {
      const request = valid(call);
      const others: ValidRequest[] = [];
      if (request.params && 'idsiswa' in request.params) {
        others.push({ ...request, params: { ...request.params, idsiswa: f.tutor } });
      }
      for (const field of STUDENT_FIELDS) {
        if (request.body && field in request.body) {
          others.push({ ...request, body: { ...request.body, [field]: f.tutor } });
          // A student who does not exist is another student too.
          others.push({ ...request, body: { ...request.body, [field]: 999999 } });
        }
      }
      if (others.length > 0) named += 1;
      for (const other of others) {
        const res = await send(call, other);
        expectRefusal(`${name(call)} other student`, res, 403);
        expect(res.json()).toEqual({ status: false, message: 'Akses ditolak: data ini milik siswa lain' });
      }
    }
    // Every call names the student except logout, the package preview and the answer save (which
    // name the schedule and the attempt; their owners are checked in tryoutPaket.test.ts and below).
    expect(named).toBe(protectedCalls.length - 3);
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 403 for an answer save into another student's attempt", async () => {
    const tutor = await loginAs(t.app, 'tutor');
    const call = protectedCalls.find((c) => c.path === '/siswa/tryout/saveanswer/id/:id') as AnyCall;
    const before = await rowCounts();
    const res = await send(call, valid(call), { token: tutor.token });
    expectRefusal('saveanswer into reguler attempt', res, 403);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses bad path parameters with 400 (414 too long) and well-formed unknown ids with 404 (403 for a student)', async () => {
    const before = await rowCounts();
    for (const call of protectedCalls) {
      const request = valid(call);
      for (const [key, schema] of Object.entries(propertiesOf(call.params))) {
        for (const [value, statusCode] of badPathValues(schema)) {
          const res = await send(call, { ...request, params: { ...request.params, [key]: value } });
          expectRefusal(`${name(call)} :${key}=${value.slice(0, 20)}`, res, statusCode);
        }
        const unknown = unknownPathValue(schema);
        const res = await send(call, { ...request, params: { ...request.params, [key]: unknown } });
        expectRefusal(`${name(call)} :${key}=${unknown}`, res, key === 'idsiswa' ? 403 : 404);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses bad bodies with 400 (413 when too large), never 500, and changes no row', async () => {
    const before = await rowCounts();
    const bodyCalls = protectedCalls.filter((c) => c.body !== undefined && c !== logoutCall);
    expect(bodyCalls.length).toBeGreaterThan(15);
    for (const call of bodyCalls) {
      const request = valid(call);
      const body = request.body as Body;
      const label = (what: string) => `${name(call)} ${what}`;
      const withBody = (next: unknown) => send(call, request, { payload: JSON.stringify(next) });

      for (const field of requiredOf(call.body)) {
        const rest = { ...body };
        delete rest[field];
        expectRefusal(label(`without ${field}`), await withBody(rest), 400);
      }
      for (const [field, schema] of Object.entries(propertiesOf(call.body))) {
        expectRefusal(label(`${field} an object`), await withBody({ ...body, [field]: { salah: 1 } }), 400);
        expectRefusal(label(`${field} null`), await withBody({ ...body, [field]: null }), 400);
        if (!isStringSchema(schema)) {
          expectRefusal(label(`${field} a word`), await withBody({ ...body, [field]: 'bukan angka' }), 400);
          expectRefusal(label(`${field} negative`), await withBody({ ...body, [field]: -1 }), 400);
          if (isIdSchema(schema)) {
            expectRefusal(label(`${field} huge`), await withBody({ ...body, [field]: 1e20 }), 400);
            expectRefusal(label(`${field} above int4`), await withBody({ ...body, [field]: 2 ** 31 }), 400);
          }
        }
        const maxLength = (schema as { maxLength?: number }).maxLength;
        if (maxLength !== undefined) {
          const long = 'a'.repeat(maxLength + 1);
          expectRefusal(label(`${field} too long`), await withBody({ ...body, [field]: long }), 400);
        }
      }
      const firstField = Object.keys(body)[0];
      expectRefusal(label('1 MB string'), await withBody({ ...body, [firstField]: 'x'.repeat(MB) }), 413);
      expectRefusal(label('an array'), await withBody([body]), 400);
      expectRefusal(label('null'), await withBody(null), 400);
      expectRefusal(label('a string'), await withBody('teks'), 400);
      expectRefusal(label('malformed JSON'), await send(call, request, { payload: '{"id_siswa": ' }), 400);
      const empty = await send(call, request, { payload: '' });
      // A call whose body fields are all optional (the package ranking: the spec sends none) takes it as {}.
      if (requiredOf(call.body).length === 0)
        expect([label('empty'), empty.statusCode]).toEqual([label('empty'), 200]);
      else expectRefusal(label('empty'), empty, 400);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses bad items of the end-of-topic answer list with 400', async () => {
    const call = protectedCalls.find((c) => c.path === '/siswa/tryoutmateri/end/materi/:idmateri') as AnyCall;
    const request = valid(call);
    const body = request.body as Body;
    const before = await rowCounts();
    const lists: unknown[] = [
      [{ idsoal: 'x', jawaban: 'A' }],
      [{ idsoal: f.materi.idSoal }],
      [{ idsoal: f.materi.idSoal, jawaban: 'A' }, 7],
      Array.from({ length: 1001 }, () => ({ idsoal: f.materi.idSoal, jawaban: 'A' })),
      // Well-formed but not this topic's question, or twice the same one.
      [{ idsoal: 999999, jawaban: 'A' }],
      [
        { idsoal: f.materi.idSoal, jawaban: 'A' },
        { idsoal: f.materi.idSoal, jawaban: 'B' },
      ],
    ];
    for (const [index, list] of lists.entries()) {
      const res = await send(call, request, { payload: JSON.stringify({ ...body, list_jawaban: list }) });
      expectRefusal(`list_jawaban #${index}`, res, 400);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses well-formed unknown ids in bodies with 4xx {status:false, message}, never 500', async () => {
    const expected: Record<string, number> = {
      'PUT /siswa/tryout/saveanswer/id/:id id_hasil_to': 404,
      'PUT /siswa/tryout/saveanswer/id/:id id_jawaban': 400,
      'PUT /siswa/tryout/statusmapel/id/:id id_mapel': 404,
      'PUT /siswa/tryout/statusmapel/id/:id kategori': 404,
      'PUT /siswa/tryoutmateri/saveanswer/idmateri/:idmateri idsoal': 400,
      'POST /siswa/tryout/hasilptn idjadwal': 404,
      'POST /siswa/tryout/generatehasilmapel idjadwal': 404,
      'POST /siswa/tryout/pembahasan idjadwal': 404,
      'POST /siswa/tryout/pembahasan idmapel': 404,
      'POST /siswa/tryout/rankingjur idjadwal': 404,
    };
    const before = await rowCounts();
    const seen: string[] = [];
    for (const call of protectedCalls) {
      const request = valid(call);
      for (const [field, schema] of Object.entries(propertiesOf(call.body))) {
        const key = `${name(call)} ${field}`;
        if (!(key in expected)) continue;
        seen.push(key);
        const unknown = isStringSchema(schema) ? 'tidakada99' : 999999;
        const res = await send(call, { ...request, body: { ...request.body, [field]: unknown } });
        expectRefusal(key, res, expected[key]);
      }
    }
    expect(seen.sort()).toEqual(Object.keys(expected).sort());
    expect(await rowCounts()).toEqual(before);
  });

  it("answers every table request with 200 for its owner (so the refusals above are the input's doing)", async () => {
    for (const call of protectedCalls.filter((c) => c !== logoutCall)) {
      const request = valid(call);
      // buildPath checks that the table names exactly the call's path parameters.
      expect(() => buildPath(call, request.params as never)).not.toThrow();
      const res = await send(call, request);
      expect({ call: name(call), statusCode: res.statusCode }).toEqual({ call: name(call), statusCode: 200 });
    }
  });
});
