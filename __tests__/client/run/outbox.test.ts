/**
 * The run engine's outbox, in the package configuration: a transport failure keeps the answer (retried with capped,
 * jittered backoff, `Retry-After`, at once when the network is back), only the server's refusal or the end of the
 * attempt's window rolls back, answers go in the order given, and the persisted outbox is resent after a reload.
 */
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import { call, fork, takeEvery } from 'redux-saga/effects';
import { persistStore } from 'redux-persist';
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { SaveAnswerPaketBody } from '../../../src/contract';
import { http } from '../../../src/client/api/http';
import { saveAnswerPaket } from '../../../src/client/api/tryoutPaket';
import { rootReducer } from '../../../src/client/app/rootReducer';
import { makeStore } from '../../../src/client/app/store';
import { showCallError, showFailed } from '../../../src/client/components/dialogs';
import { paketOutbox, saveAnswer } from '../../../src/client/features/tryoutPaket/answers';
import { answerRequested } from '../../../src/client/features/tryoutPaket/slice';
import { createFakeClock, setClock } from '../../../src/client/lib/clock';
import { backoffMs, jitter, outboxSaga } from '../../../src/client/lib/run/outbox';
import { classifyFailure } from '../../../src/client/lib/run/failure';
import { retryAfterMs } from '../../../src/contract/retryAfter';
import { clockSet, networkBack } from '../../../src/client/lib/run/slice';
import { httpError } from '../../helpers/clientFixtures';
import { ID_JADWAL, ID_MAPEL, runningState, virtualClock } from '../../helpers/tryoutPaketFixtures';

jest.mock('../../../src/client/components/dialogs', () => ({
  showCallError: jest.fn(() => Promise.resolve()),
  showFailed: jest.fn(() => Promise.resolve()),
  showError: jest.fn(() => Promise.resolve()),
}));

let restoreClock: () => void = () => undefined;
afterEach(() => restoreClock());

/** The outbox and the save handler, as the feature saga runs them. */
function* sheet() {
  yield fork(outboxSaga, paketOutbox);
  yield takeEvery(answerRequested.type, saveAnswer);
}

/** Question 1 (id_jawaban 501, a choice) already answered A on the server. */
function answeredA() {
  const state = runningState({ detailMapel: { id_mapel: ID_MAPEL, sisa_waktu: 500 } });
  state.tryoutPaket.soal[0] = { ...state.tryoutPaket.soal[0], jawaban_siswa: 'A' };
  return state;
}

const choose = (jawaban: string) => answerRequested({ id_jawaban: 501, jawaban });

type Step = 'ok' | 'fail' | 'refuse' | Error;

/** A saveanswer stand-in: `plan` says, per call in order, 'ok', 'fail' (network), 'refuse' (status false) or an
 * error to throw; calls past the plan succeed. */
function saveServer(plan: Step[]) {
  const sent: SaveAnswerPaketBody[] = [];
  const answer = dynamic((effect: { args: [number, SaveAnswerPaketBody] }) => {
    sent.push(effect.args[1]);
    const step = plan[sent.length - 1] ?? 'ok';
    if (step instanceof Error) throw step;
    if (step === 'fail') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK);
    return step === 'ok' ? { status: true } : { status: false, message: 'Waktu mapel ini sudah habis' };
  });
  return { sent, answer };
}

/** The jitter's random number fixed at 0.5: each wait is three quarters of its doubled ceiling. */
const halfJitter: [ReturnType<typeof matchers.call.fn>, number] = [matchers.call.fn(jitter), 0.5];

describe('the backoff and what a failure means', () => {
  it('doubles from 1 s up to 15 s, each wait between half and all of it', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((failures) => backoffMs(failures, 1))).toEqual([
      1000, 2000, 4000, 8000, 15000, 15000, 15000,
    ]);
    expect([1, 4, 5].map((failures) => backoffMs(failures, 0))).toEqual([500, 4000, 7500]);
  });

  it('takes no answer, a timeout, status 0, 5xx, 408 and 429 as transport; other 4xx as the refusal', () => {
    const now = Date.UTC(2025, 4, 20, 3, 0, 0);
    const transport = { kind: 'transport', retryAfterMs: null };
    expect(classifyFailure(new AxiosError('Network Error', AxiosError.ERR_NETWORK), now)).toEqual(transport);
    expect(
      classifyFailure(new AxiosError('timeout of 10000ms exceeded', AxiosError.ECONNABORTED), now),
    ).toEqual(transport);
    for (const status of [0, 500, 502, 503, 504, 408, 429])
      expect({ status, failure: classifyFailure(httpError(status), now) }).toEqual({
        status,
        failure: transport,
      });
    expect(classifyFailure(httpError(400, { status: false, message: 'Jawaban tidak valid' }), now)).toEqual({
      kind: 'refused',
      message: 'Jawaban tidak valid',
    });
    expect(classifyFailure(httpError(404), now)).toEqual({ kind: 'refused', message: undefined });
    expect(classifyFailure(httpError(401), now)).toEqual({ kind: 'unauthorized' });
  });

  it("reads a 503's Retry-After in seconds or as a date, at most 60 s", () => {
    const now = Date.UTC(2025, 4, 20, 3, 0, 0);
    expect(classifyFailure(httpError(503, null, { 'Retry-After': '7' }), now)).toEqual({
      kind: 'transport',
      retryAfterMs: 7000,
    });
    expect(retryAfterMs(new Date(now + 12_000).toUTCString(), now)).toBe(12_000);
    expect(retryAfterMs('60', now)).toBe(60_000);
    expect(retryAfterMs('61', now)).toBe(60_000);
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});

describe('the outbox', () => {
  it('keeps an answer through 12 transport failures (no response, 502, 503, 504, timeout), then sends it', async () => {
    const clock = virtualClock();
    restoreClock = setClock(clock);
    const failures: Step[] = [
      'fail',
      httpError(502),
      httpError(503),
      httpError(504),
      new AxiosError('timeout of 10000ms exceeded', AxiosError.ECONNABORTED),
      ...Array<Step>(7).fill('fail'),
    ];
    const server = saveServer(failures);
    const { storeState } = await expectSaga(function* () {
      yield fork(outboxSaga, paketOutbox);
      yield call(saveAnswer, choose('B'));
    })
      .withReducer(rootReducer, answeredA())
      .provide([[matchers.call.fn(saveAnswerPaket), server.answer], halfJitter])
      .not.call.fn(showCallError)
      .not.call.fn(showFailed)
      .run({ timeout: 500, silenceTimeout: true });
    expect(server.sent.map((body) => body.jawaban)).toEqual(Array<string>(13).fill('B'));
    // Three quarters of 1, 2, 4, 8 s and then of the 15-s cap.
    expect(clock.sleeps).toEqual([
      750, 1500, 3000, 6000, 11250, 11250, 11250, 11250, 11250, 11250, 11250, 11250,
    ]);
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('B');
    expect(storeState.run.outbox).toEqual([]);
    expect(storeState.run.networkFailing).toBe(false);
  });

  it("waits what a 503's Retry-After asks instead of its own backoff", async () => {
    const clock = virtualClock();
    restoreClock = setClock(clock);
    const server = saveServer([httpError(503, null, { 'Retry-After': '7' })]);
    await expectSaga(function* () {
      yield fork(outboxSaga, paketOutbox);
      yield call(saveAnswer, choose('B'));
    })
      .withReducer(rootReducer, answeredA())
      .provide([[matchers.call.fn(saveAnswerPaket), server.answer], halfJitter])
      .run({ timeout: 300, silenceTimeout: true });
    expect(clock.sleeps).toEqual([7000]);
    expect(server.sent).toHaveLength(2);
  });

  it('while the network fails the answer waits, shown as given, and says so; sent at once when the network is back', async () => {
    // The clock stands still: only the network coming back can wake the save.
    restoreClock = setClock(createFakeClock(0));
    const server = saveServer(['fail']);
    const saga = expectSaga(sheet)
      .withReducer(rootReducer, answeredA())
      .provide([[matchers.call.fn(saveAnswerPaket), server.answer], halfJitter])
      .dispatch(choose('B'))
      .delay(100);
    const { storeState: during } = await saga.run({ timeout: 150, silenceTimeout: true });
    expect(server.sent).toHaveLength(1);
    expect(during.run.networkFailing).toBe(true);
    expect(during.run.outbox.map((save: { slot: string }) => save.slot)).toEqual(['501']);
    expect(during.tryoutPaket.soal[0].jawaban_siswa).toBe('B');

    const again = saveServer(['fail']);
    const { storeState: after } = await expectSaga(sheet)
      .withReducer(rootReducer, answeredA())
      .provide([[matchers.call.fn(saveAnswerPaket), again.answer], halfJitter])
      .dispatch(choose('B'))
      .delay(100)
      .dispatch(networkBack())
      .run({ timeout: 300, silenceTimeout: true });
    expect(again.sent.map((body) => body.jawaban)).toEqual(['B', 'B']);
    expect(after.run.outbox).toEqual([]);
    expect(after.tryoutPaket.soal[0].jawaban_siswa).toBe('B');
  });

  it('sends answers given during an outage in the order they were given once the network is back', async () => {
    // The clock stands still: between answers nothing is retried on time, only on a new answer.
    restoreClock = setClock(createFakeClock(0));
    // The first try and the tries woken by the next two answers fail; after that the network works.
    const server = saveServer(['fail', 'fail', 'fail']);
    const { storeState } = await expectSaga(sheet)
      .withReducer(rootReducer, answeredA())
      .provide([[matchers.call.fn(saveAnswerPaket), server.answer], halfJitter])
      .dispatch(answerRequested({ id_jawaban: 504, jawaban: 'esai' }))
      .delay(20)
      .dispatch(choose('B'))
      .delay(20)
      .dispatch(answerRequested({ id_jawaban: 502, jawaban: 'teks' }))
      .delay(20)
      .dispatch(networkBack())
      .run({ timeout: 300, silenceTimeout: true });
    // Question 4 (answered first) is at the head of the queue until the server has it; then 1, then 2.
    expect(server.sent.map((body) => [body.id_jawaban, body.jawaban])).toEqual([
      [504, 'esai'],
      [504, 'esai'],
      [504, 'esai'],
      [504, 'esai'],
      [501, 'B'],
      [502, 'teks'],
    ]);
    expect(storeState.run.outbox).toEqual([]);
  });

  it('a later answer of the same question supersedes the earlier one in flight', async () => {
    restoreClock = setClock(createFakeClock(0));
    const sent: string[] = [];
    const { storeState } = await expectSaga(sheet)
      .withReducer(rootReducer, answeredA())
      .provide([
        [
          matchers.call.fn(saveAnswerPaket),
          dynamic((effect: { args: [number, SaveAnswerPaketBody] }) => {
            sent.push(effect.args[1].jawaban);
            // B is slow: C and D are given while it is in flight.
            if (sent.length === 1)
              return new Promise((resolve) => setTimeout(() => resolve({ status: true }), 40));
            return { status: true };
          }),
        ],
      ])
      .dispatch(choose('B'))
      .delay(10)
      .dispatch(choose('C'))
      .dispatch(choose('D'))
      .run({ timeout: 200, silenceTimeout: true });
    // C never leaves: once B's reply is in, the sender sends what the sheet shows now.
    expect(sent).toEqual(['B', 'D']);
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('D');
    expect(storeState.run.outbox).toEqual([]);
  });

  it('a refused answer (status false) is rolled back at once with the server message, no retry', async () => {
    restoreClock = setClock(virtualClock());
    const server = saveServer(['refuse']);
    const { storeState } = await expectSaga(function* () {
      yield fork(outboxSaga, paketOutbox);
      yield call(saveAnswer, choose('B'));
    })
      .withReducer(rootReducer, answeredA())
      .provide([[matchers.call.fn(saveAnswerPaket), server.answer]])
      .call(showFailed, 'Waktu mapel ini sudah habis')
      .run({ timeout: 300, silenceTimeout: true });
    expect(server.sent).toHaveLength(1);
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('A');
    expect(storeState.run.outbox).toEqual([]);
  });

  it('a 4xx is the refusal too: rolled back to the last acknowledged answer with its reason', async () => {
    restoreClock = setClock(virtualClock());
    // B is taken; C is answered 400. The server holds B: the sheet shows B.
    const server = saveServer(['ok', httpError(400, { status: false, message: 'Jawaban tidak valid' })]);
    const { storeState } = await expectSaga(sheet)
      .withReducer(rootReducer, answeredA())
      .provide([[matchers.call.fn(saveAnswerPaket), server.answer]])
      .dispatch(choose('B'))
      .delay(50)
      .dispatch(choose('C'))
      .run({ timeout: 300, silenceTimeout: true });
    expect(server.sent.map((body) => body.jawaban)).toEqual(['B', 'C']);
    expect(showFailed).toHaveBeenCalledWith('Jawaban tidak valid');
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('B');
    expect(storeState.run.outbox).toEqual([]);
  });

  it("gives up only when the attempt's window has passed: 25 s into the 30-s grace, not before", async () => {
    const clock = virtualClock(0);
    restoreClock = setClock(clock);
    // The subject's time is up at 60 s; the outbox may try until 85 s.
    const state = answeredA();
    state.run = rootReducer(state, clockSet({ deadline: 60_000, sisaWaktu: 60 })).run;
    const server = saveServer(Array<Step>(40).fill('fail'));
    const { storeState } = await expectSaga(function* () {
      yield fork(outboxSaga, paketOutbox);
      yield call(saveAnswer, choose('B'));
    })
      .withReducer(rootReducer, state)
      .provide([[matchers.call.fn(saveAnswerPaket), server.answer], halfJitter])
      .run({ timeout: 500, silenceTimeout: true });
    // Tries at 0, 0.75, 2.25, 5.25, 11.25, then every 11.25 s; the wait before the window's end is cut to it.
    const tries = [0];
    for (const ms of clock.sleeps) tries.push(tries[tries.length - 1] + ms);
    expect(tries[tries.length - 1]).toBe(85_000);
    expect(tries[tries.length - 2]).toBeLessThan(85_000);
    expect(server.sent).toHaveLength(tries.length);
    expect(showFailed).toHaveBeenCalledWith(
      'Waktu habis sebelum 1 jawaban sampai ke server; soal itu kembali ke jawaban terakhir yang diterima server.',
    );
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('A');
    expect(storeState.run.outbox).toEqual([]);
  });
});

describe('unsent answers across a reload', () => {
  const originalAdapter = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = originalAdapter;
  });

  it('are kept in the persisted store and sent by the next page load', async () => {
    restoreClock = setClock(createFakeClock(0));
    // The first page: the answer is given while every call fails, then the tab closes.
    const first = makeStore(answeredA(), { runSaga: false });
    const firstPersistor = await new Promise<ReturnType<typeof persistStore>>((resolve) => {
      const persistor = persistStore(first, null, () => resolve(persistor));
    });
    first.dispatch({
      type: 'run/saveQueued',
      payload: {
        kind: 'paket',
        slot: '501',
        context: { idJadwal: ID_JADWAL, idHasil: 77, type: 1 },
        value: { jawaban_siswa: 'C', group: [] },
        current: { jawaban_siswa: 'A', group: [] },
      },
    });
    first.dispatch({
      type: 'tryoutPaket/answerSet',
      payload: { id_jawaban: 501, jawaban_siswa: 'C', group: [] },
    });
    await firstPersistor.flush();
    firstPersistor.pause();

    // The next page load: nothing preloaded, everything from storage.
    const sent: { url: string; body: SaveAnswerPaketBody }[] = [];
    http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
      sent.push({ url: config.url ?? '', body: JSON.parse(String(config.data)) });
      return { data: { status: true }, status: 200, statusText: 'OK', headers: new AxiosHeaders(), config };
    };
    const second = makeStore();
    persistStore(second);
    for (let i = 0; i < 20 && sent.length === 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(sent).toEqual([
      {
        url: `/siswa/tryout/saveanswer/id/${ID_JADWAL}`,
        body: {
          id_jawaban: 501,
          jawaban: 'C',
          operation: 'save',
          id_hasil_to: 77,
          sisa_waktu: 100,
          type_soal: 1,
        },
      },
    ]);
    expect(second.getState().run.outbox).toEqual([]);
    expect(second.getState().tryoutPaket.soal[0].jawaban_siswa).toBe('C');
  });
});
