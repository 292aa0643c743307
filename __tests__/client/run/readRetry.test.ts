/**
 * Idempotent reads ride out a short network failure: asked again after a transport failure (the outbox's jittered
 * backoff, or the server's Retry-After), a bounded number of times; a refusal is never asked again.
 */
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import { AxiosError } from 'axios';
import { clock } from '../../../src/client/lib/clock';
import { callRead } from '../../../src/client/lib/readRetry';
import { jitter } from '../../../src/client/lib/run/outbox';
import { httpError } from '../../helpers/clientFixtures';

const networkDown = () => new AxiosError('Network Error', AxiosError.ERR_NETWORK);

/** A read whose answers (or failures) come in this order; `asked` counts the calls. */
function scriptedRead(...steps: (Error | string)[]) {
  const read = { asked: 0, fn: (_id: number) => Promise.resolve('unused') };
  const answer = dynamic(() => {
    const step = steps[Math.min(read.asked, steps.length - 1)];
    read.asked += 1;
    if (step instanceof Error) throw step;
    return step;
  });
  return { read, answer };
}

function* readOnce(fn: (id: number) => Promise<string>) {
  try {
    const value = yield* callRead(fn, 7);
    return value;
  } catch (error) {
    return error;
  }
}

describe('callRead', () => {
  it('asks again after a transport failure, after the jittered backoff', async () => {
    const { read, answer } = scriptedRead(networkDown(), 'daftar');
    const { returnValue } = await expectSaga(readOnce, read.fn)
      .provide([
        [matchers.call.fn(read.fn), answer],
        [matchers.call.fn(jitter), 0],
        [matchers.call.fn(clock.sleep), undefined],
      ])
      // The first backoff: half of 1 s with jitter 0.
      .call(clock.sleep, 500)
      .run();
    expect(returnValue).toBe('daftar');
    expect(read.asked).toBe(2);
  });

  it("waits the server's Retry-After on a 503 before asking again", async () => {
    const { read, answer } = scriptedRead(httpError(503, null, { 'Retry-After': '7' }), 'daftar');
    const { returnValue } = await expectSaga(readOnce, read.fn)
      .provide([
        [matchers.call.fn(read.fn), answer],
        [matchers.call.fn(clock.sleep), undefined],
      ])
      .call(clock.sleep, 7000)
      .not.call.fn(jitter)
      .run();
    expect(returnValue).toBe('daftar');
  });

  it('does not wait a Retry-After longer than 15 s: 15 is waited, 16 fails at once', async () => {
    const fifteen = scriptedRead(httpError(429, null, { 'Retry-After': '15' }), 'daftar');
    await expectSaga(readOnce, fifteen.read.fn)
      .provide([
        [matchers.call.fn(fifteen.read.fn), fifteen.answer],
        [matchers.call.fn(clock.sleep), undefined],
      ])
      .call(clock.sleep, 15_000)
      .returns('daftar')
      .run();
    const tooLong = httpError(503, null, { 'Retry-After': '16' });
    const sixteen = scriptedRead(tooLong, 'daftar');
    await expectSaga(readOnce, sixteen.read.fn)
      .provide([[matchers.call.fn(sixteen.read.fn), sixteen.answer]])
      .not.call.fn(clock.sleep)
      .returns(tooLong)
      .run();
    expect(sixteen.read.asked).toBe(1);
  });

  it('never asks again after a refusal (a 4xx answer)', async () => {
    const refused = httpError(404, { status: false, message: 'Tidak ditemukan' });
    const { read, answer } = scriptedRead(refused, 'daftar');
    await expectSaga(readOnce, read.fn)
      .provide([[matchers.call.fn(read.fn), answer]])
      .not.call.fn(clock.sleep)
      .returns(refused)
      .run();
    expect(read.asked).toBe(1);
  });

  it('gives up after three more tries (four in all) and throws the last failure', async () => {
    const down = networkDown();
    const { read, answer } = scriptedRead(down);
    const { returnValue } = await expectSaga(readOnce, read.fn)
      .provide([
        [matchers.call.fn(read.fn), answer],
        [matchers.call.fn(jitter), 1],
        [matchers.call.fn(clock.sleep), undefined],
      ])
      .call(clock.sleep, 1000)
      .call(clock.sleep, 2000)
      .call(clock.sleep, 4000)
      .run();
    expect(returnValue).toBe(down);
    expect(read.asked).toBe(4);
  });
});
