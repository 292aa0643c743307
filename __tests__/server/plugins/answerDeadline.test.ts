/**
 * An API call whose work never comes back (a query on a connection to a database gone silent) is answered 503 with
 * Retry-After at the deadline; a login, which may wait its turn for a hashing thread by design, is not bound.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAnswerDeadline } from '../../../src/server/plugins/answerDeadline';
import { registerErrorHandling } from '../../../src/server/plugins/errors';
import { captureLog } from '../../helpers/logCapture';
import { waitFor } from '../../helpers/waitFor';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the answer deadline at 200 ms', () => {
  let app: FastifyInstance;
  const log = captureLog();
  let lateWorkDone = false;
  beforeAll(async () => {
    app = Fastify({ logger: { stream: log.stream } });
    registerErrorHandling(app);
    registerAnswerDeadline(app, 200);
    app.get('/api/lambat', async () => {
      await wait(600);
      lateWorkDone = true;
      return { status: true };
    });
    app.get('/api/cepat', async () => ({ status: true }));
    app.post('/api/auth/login', async () => {
      await wait(400);
      return { status: true };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a call still waiting with 503, Retry-After and words, and logs it by request id', async () => {
    const started = Date.now();
    const answer = await app.inject({ method: 'GET', url: '/api/lambat' });
    expect(Date.now() - started).toBeLessThan(550);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json()).toEqual({
      status: false,
      message: 'Server belum dapat menjawab permintaan ini. Silakan coba lagi dalam beberapa detik.',
    });
    const lines = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ reason: 'answer_deadline', level: 40 }));
    // The late work's own answer goes nowhere and ends nothing.
    await waitFor(
      () => lateWorkDone,
      (done) => done,
      10_000,
    );
    expect(lateWorkDone).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/cepat' })).statusCode).toBe(200);
  });

  it('leaves a login waiting past it alone', async () => {
    const answer = await app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(answer.statusCode).toBe(200);
  });
});
