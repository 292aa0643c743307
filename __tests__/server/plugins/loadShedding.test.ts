/**
 * While the event loop lags or the database's queue is full, API calls are refused at once with 503 + Retry-After;
 * /healthz and /metrics never.
 */
import { databaseQueueDepth } from '../../../src/server/db/batching/queueDepth';
import { batchedStatement } from '../../../src/server/db/batching/groupCommit';
import { dialectOf } from '../../../src/server/db/createDb';
import { buildTestApp, type TestContext } from '../../helpers/buildTestApp';
import { captureLog } from '../../helpers/logCapture';
import { waitFor } from '../../helpers/waitFor';

/** Holds the event loop for `ms`, as a saturated server would. */
function block(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps the event loop `lagMs` late at every turn for a second (a saturated server), then asks at once. */
async function lagThenAsk(t: TestContext, lagMs: number) {
  const until = Date.now() + 1000;
  while (Date.now() < until) {
    block(lagMs);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return {
    api: await t.app.inject({ method: 'GET', url: '/api/siswa/profil/user/id/1' }),
    healthz: await t.app.inject({ method: 'GET', url: '/healthz' }),
    metrics: await t.app.inject({ method: 'GET', url: '/metrics' }),
    konten: await t.app.inject({ method: 'GET', url: `/konten/${'0'.repeat(64)}` }),
  };
}

describe('load shedding at SHED_EVENT_LOOP_DELAY_MS=100', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await buildTestApp({ config: { shedEventLoopDelayMs: 100 } });
  });
  afterEach(() => t.close());

  it('refuses with 503 {status: false} in Indonesian and Retry-After while the loop lags', async () => {
    const { api, healthz, metrics } = await lagThenAsk(t, 300);
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('2');
    expect(api.json()).toEqual({
      status: false,
      message: 'Server sedang sibuk melayani banyak peserta. Jawabanmu akan dikirim ulang otomatis.',
    });
    expect(healthz.statusCode).toBe(200);
    expect(metrics.statusCode).toBe(200);
  });

  it('logs each refusal with its request id and the signal', async () => {
    const log = captureLog();
    const logged = await buildTestApp({ config: { shedEventLoopDelayMs: 100 }, logStream: log.stream });
    try {
      const { api } = await lagThenAsk(logged, 300);
      expect(api.statusCode).toBe(503);
      const lines = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toContainEqual(
        expect.objectContaining({ reqId: api.headers['x-request-id'], reason: 'shed_event_loop', level: 40 }),
      );
    } finally {
      await logged.close();
    }
  });

  it('still serves what is not an API call (files, images): a refused script would blank the page', async () => {
    const { api, konten } = await lagThenAsk(t, 300);
    expect(api.statusCode).toBe(503);
    expect(konten.statusCode).toBe(404);
    expect(konten.json()).toEqual({ status: false, message: 'Berkas tidak ditemukan' });
  });

  it('serves as usual once the loop has caught up, and when it lags less', async () => {
    expect((await lagThenAsk(t, 300)).api.statusCode).toBe(503);
    // Once the loop's delay is measured low again (the sampling takes a moment), not after a fixed second.
    const lagged = Date.now();
    const caughtUp = await waitFor(
      () => t.app.inject({ method: 'GET', url: '/api/siswa/profil/user/id/1' }),
      (answer) => answer.statusCode !== 503,
      10_000,
    );
    expect(caughtUp.statusCode).toBe(401);
    expect(Date.now() - lagged).toBeLessThan(5_000);
    const { api } = await lagThenAsk(t, 20);
    expect(api.statusCode).toBe(401);
  });
});

describe('SHED_EVENT_LOOP_DELAY_MS=0', () => {
  it('never sheds', async () => {
    const t = await buildTestApp({ config: { shedEventLoopDelayMs: 0 } });
    try {
      const { api } = await lagThenAsk(t, 300);
      expect(api.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

/** The Prometheus value of one series (0 when absent). */
async function metricValue(t: TestContext, series: string): Promise<number> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/**
 * Makes `waiting` works wait for the database, then asks `ask` while they still wait: on SQLite saves of the next
 * group commit (committed once the event loop turns, so the request must be read at once, as inject does); on
 * PostgreSQL queries waiting for a pooled connection while every connection is held.
 */
async function withWaiting<T>(t: TestContext, waiting: number, ask: () => Promise<T>): Promise<T> {
  const q = t.db;
  const probe = (on = q) => on.selectFrom('siswa').select('id').limit(1).execute();
  if (dialectOf(t.db) === 'sqlite') {
    const works = Array.from({ length: waiting }, () => batchedStatement(q, probe));
    expect(databaseQueueDepth(q)).toBe(waiting);
    const answer = ask();
    await Promise.all(works);
    return answer;
  }
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Every connection of the test pool (10, createDb's default), held until the request has been answered.
  const holders = Array.from({ length: 10 }, () => q.connection().execute(() => held));
  const queued = Array.from({ length: waiting }, () => probe());
  const until = Date.now() + 10_000;
  while (databaseQueueDepth(q) !== waiting) {
    if (Date.now() > until) throw new Error(`waiting ${databaseQueueDepth(q)}, not ${waiting}`);
    await pause(5);
  }
  try {
    return await ask();
  } finally {
    release();
    await Promise.all([...holders, ...queued]);
  }
}

describe('load shedding at SHED_QUEUE_DEPTH=3', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp({ config: { shedEventLoopDelayMs: 0, shedQueueDepth: 3 } });
  });
  afterAll(() => t.close());

  const profile = () => t.app.inject({ method: 'GET', url: '/api/siswa/profil/user/id/1' });
  const save = () =>
    t.app.inject({
      method: 'PUT',
      url: '/api/siswa/tryout/saveanswer/id/1',
      payload: {
        id_hasil_to: 1,
        id_jawaban: 1,
        jawaban: 'A',
        sisa_waktu: 100,
        type_soal: 1,
        operation: 'save',
      },
    });
  const shedSaves = () => metricValue(t, 'siaptes_saves_refused_total{tryout="paket",reason="shed_queue"}');

  it('serves a call while 2 works wait for the database', async () => {
    expect((await withWaiting(t, 2, profile)).statusCode).toBe(401);
  });

  it('refuses a call with 503 {status: false} and Retry-After while 3 wait; /healthz is still answered', async () => {
    const api = await withWaiting(t, 3, profile);
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('2');
    expect(api.json()).toEqual({
      status: false,
      message: 'Server sedang sibuk melayani banyak peserta. Jawabanmu akan dikirim ulang otomatis.',
    });
    expect((await withWaiting(t, 3, () => t.app.inject({ method: 'GET', url: '/healthz' }))).statusCode).toBe(
      200,
    );
  });

  it('counts a refused answer save as shed_queue, and a save served at 2 waiting not', async () => {
    const before = await shedSaves();
    expect((await withWaiting(t, 2, save)).statusCode).toBe(401);
    expect(await shedSaves()).toBe(before);
    expect((await withWaiting(t, 3, save)).statusCode).toBe(503);
    expect(await shedSaves()).toBe(before + 1);
  });
});

describe('SHED_QUEUE_DEPTH=0', () => {
  it('never sheds on the queue', async () => {
    const t = await buildTestApp({ config: { shedEventLoopDelayMs: 0, shedQueueDepth: 0 } });
    try {
      expect(
        (await withWaiting(t, 12, () => t.app.inject({ method: 'GET', url: '/api/siswa/profil/user/id/1' })))
          .statusCode,
      ).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('a call the gate let through, at SHED_MAX_IN_FLIGHT=1', () => {
  it('is not judged again by Fastify (where it would count itself as the one in flight)', async () => {
    const t = await buildTestApp({ config: { shedEventLoopDelayMs: 0, shedMaxInFlight: 1 } });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const answer = await fetch(`${address}/api/siswa/profil/user/id/1`);
      expect(answer.status).toBe(401);
    } finally {
      await t.close();
    }
  });
});
