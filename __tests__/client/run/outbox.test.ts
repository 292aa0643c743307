/**
 * The run engine's outbox, in the package configuration: retries with backoff, supersession, rollback to the last
 * acknowledged answer, offline waits, the persisted outbox resent after a reload.
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
import { browserOnline, outboxSaga } from '../../../src/client/lib/run/outbox';
import { isOnline } from '../../../src/client/lib/run/online';
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

/** A saveanswer stand-in: `plan` says, per call in order, 'ok', 'fail' (network) or 'refuse' (status false). */
function saveServer(plan: ('ok' | 'fail' | 'refuse')[]) {
  const sent: SaveAnswerPaketBody[] = [];
  const answer = dynamic((effect: { args: [number, SaveAnswerPaketBody] }) => {
    sent.push(effect.args[1]);
    const step = plan[sent.length - 1] ?? 'ok';
    if (step === 'fail') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK);
    return step === 'ok' ? { status: true } : { status: false, message: 'Waktu mapel ini sudah habis' };
  });
  return { sent, answer };
}

describe('the outbox', () => {
  it('retries a failed save with backoff (0.5 s, 1 s) and keeps the answer when a later try succeeds', async () => {
    const clock = virtualClock();
    restoreClock = setClock(clock);
    const server = saveServer(['fail', 'fail', 'ok']);
    const { storeState } = await expectSaga(function* () {
      yield fork(outboxSaga, paketOutbox);
      yield call(saveAnswer, choose('B'));
    })
      .withReducer(rootReducer, answeredA())
      .provide([[matchers.call.fn(saveAnswerPaket), server.answer]])
      .not.call.fn(showCallError)
      .run({ timeout: 300, silenceTimeout: true });
    expect(server.sent.map((body) => body.jawaban)).toEqual(['B', 'B', 'B']);
    expect(clock.sleeps).toEqual([500, 1000]);
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('B');
    expect(storeState.run.outbox).toEqual([]);
  });

  it('gives up after 7 tries over about 10 s while online and rolls back to what the server holds', async () => {
    const clock = virtualClock();
    restoreClock = setClock(clock);
    const server = saveServer(Array<'fail'>(7).fill('fail'));
    const { storeState } = await expectSaga(function* () {
      yield fork(outboxSaga, paketOutbox);
      yield call(saveAnswer, choose('B'));
    })
      .withReducer(rootReducer, answeredA())
      .provide([[matchers.call.fn(saveAnswerPaket), server.answer]])
      .call.fn(showCallError)
      .run({ timeout: 300, silenceTimeout: true });
    expect(server.sent).toHaveLength(7);
    expect(clock.sleeps).toEqual([500, 1000, 1500, 2000, 2500, 3000]);
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('A');
    expect(storeState.run.outbox).toEqual([]);
  });

  it('two failed answers in a row roll back to the last acknowledged answer, not to the first failed one', async () => {
    restoreClock = setClock(virtualClock());
    // B is taken; then C and D both fail every try. The server holds B: the sheet must show B.
    const server = saveServer(['ok', ...Array(12).fill('fail')]);
    const { storeState } = await expectSaga(sheet)
      .withReducer(rootReducer, answeredA())
      .provide([[matchers.call.fn(saveAnswerPaket), server.answer]])
      .dispatch(choose('B'))
      .delay(50)
      .dispatch(choose('C'))
      .dispatch(choose('D'))
      .run({ timeout: 500, silenceTimeout: true });
    expect(server.sent[0].jawaban).toBe('B');
    // C was superseded before it left; D failed all 7 tries.
    expect(server.sent.slice(1).map((body) => body.jawaban)).toEqual(Array<string>(7).fill('D'));
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('B');
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
    // C never leaves: once B's reply is in, the worker sends what the sheet shows now.
    expect(sent).toEqual(['B', 'D']);
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('D');
    expect(storeState.run.outbox).toEqual([]);
  });

  it('a refused answer is rolled back at once with the server message (no retry)', async () => {
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
  });

  it('offline: keeps the answer without using up its tries, and sends it when the browser is back online', async () => {
    // The clock stands still: only the browser's "online" event can wake the save.
    restoreClock = setClock(createFakeClock(0));
    const online = false;
    const server = saveServer(['fail', 'ok']);
    const { storeState } = await expectSaga(sheet)
      .withReducer(rootReducer, answeredA())
      .provide([
        [matchers.call.fn(saveAnswerPaket), server.answer],
        [matchers.call.fn(isOnline), dynamic(() => online)],
      ])
      .dispatch(choose('B'))
      .delay(100)
      .dispatch(browserOnline())
      .run({ timeout: 300, silenceTimeout: true });
    // Nothing is retried in vain while offline; the answer is sent again once the browser is back.
    expect(server.sent.map((body) => body.jawaban)).toEqual(['B', 'B']);
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('B');
    expect(storeState.run.outbox).toEqual([]);
  });
  it("a question waiting for the network does not hold up another question's answer", async () => {
    // The clock stands still and the browser stays offline: question 1 waits for the network indefinitely.
    restoreClock = setClock(createFakeClock(0));
    const sent: SaveAnswerPaketBody[] = [];
    const answer = dynamic((effect: { args: [number, SaveAnswerPaketBody] }) => {
      sent.push(effect.args[1]);
      if (effect.args[1].id_jawaban === 501) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK);
      return { status: true };
    });
    const { storeState } = await expectSaga(sheet)
      .withReducer(rootReducer, answeredA())
      .provide([
        [matchers.call.fn(saveAnswerPaket), answer],
        [matchers.call.fn(isOnline), dynamic(() => false)],
      ])
      .dispatch(choose('B'))
      .delay(50)
      .dispatch(answerRequested({ id_jawaban: 502, jawaban: 'C' }))
      .run({ timeout: 300, silenceTimeout: true });
    expect(sent.map((body) => [body.id_jawaban, body.jawaban])).toEqual([
      [501, 'B'],
      [502, 'C'],
    ]);
    // Question 2 is acknowledged; question 1 still waits, shown as given.
    expect(storeState.run.outbox.map((save: { slot: string }) => save.slot)).toEqual(['501']);
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('B');
    expect(storeState.tryoutPaket.soal[1].jawaban_siswa).toBe('C');
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
