/** While the event loop lags, requests are refused at once with 503 + Retry-After; /healthz and /metrics never. */
import { buildTestApp, type TestContext } from '../helpers/buildTestApp';

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

  it('still serves what is not an API call (files, images): a refused script would blank the page', async () => {
    const { api, konten } = await lagThenAsk(t, 300);
    expect(api.statusCode).toBe(503);
    expect(konten.statusCode).toBe(404);
    expect(konten.json()).toEqual({ status: false, message: 'Berkas tidak ditemukan' });
  });

  it('serves as usual once the loop has caught up, and when it lags less', async () => {
    expect((await lagThenAsk(t, 300)).api.statusCode).toBe(503);
    await pause(1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/siswa/profil/user/id/1' })).statusCode).toBe(401);
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
