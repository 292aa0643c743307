/**
 * The run engine's clock with the fake clock: the deadline countdown, the 300-s warning, the 120-s marks, the
 * time-up race with the student's finish, the 10-s restart, the bounded wait for unsent answers; handler
 * isolation; and the package configuration's coalesced status reports and time-up during "Selesaikan Ujian".
 */
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import { call, fork, takeEvery } from 'redux-saga/effects';
import type { StatusMapelBody } from '../../../src/contract';
import { fetchPreviewPaket, saveAnswerPaket, updateStatusMapel } from '../../../src/client/api/tryoutPaket';
import { rootReducer } from '../../../src/client/app/rootReducer';
import { confirmDialog, forcedDialog, toast } from '../../../src/client/components/dialogs';
import { paketOutbox, saveAnswer } from '../../../src/client/features/tryoutPaket/answers';
import { finishFlow, subjectSession } from '../../../src/client/features/tryoutPaket/run';
import {
  answerRequested,
  finishRequested,
  sheetOpened,
} from '../../../src/client/features/tryoutPaket/slice';
import { createFakeClock, setClock } from '../../../src/client/lib/clock';
import { outboxSaga } from '../../../src/client/lib/run/outbox';
import { safely } from '../../../src/client/lib/safely';
import { saveAcked, saveQueued } from '../../../src/client/lib/run/slice';
import { runTimer, type TimerConfig } from '../../../src/client/lib/run/timer';
import {
  HASH,
  ID_JADWAL,
  ID_MAPEL,
  kategori,
  runningState,
  virtualClock,
} from '../../helpers/tryoutPaketFixtures';

jest.mock('../../../src/client/components/dialogs', () => ({
  confirmDialog: jest.fn(),
  forcedDialog: jest.fn(() => Promise.resolve()),
  toast: jest.fn(() => Promise.resolve()),
  showError: jest.fn(() => Promise.resolve()),
  showFailed: jest.fn(() => Promise.resolve()),
  showCallError: jest.fn(() => Promise.resolve()),
}));

let restoreClock: () => void = () => undefined;
afterEach(() => restoreClock());

/** A configuration that records what the engine asks of it; `closes` answers each close in turn. */
function recordingConfig(closes: boolean[]) {
  const log: string[] = [];
  const record = (entry: string) => {
    log.push(entry);
  };
  const config: TimerConfig = {
    kind: 'test',
    sheet: '/test/sheet',
    finishType: 'test/finish',
    *warning() {
      yield call(record, 'warning');
    },
    *onSyncMark(seconds: number) {
      yield call(record, `mark ${seconds}`);
    },
    *close(byStudent: boolean) {
      yield call(record, byStudent ? 'close by student' : 'close at time-up');
      return closes.shift() ?? true;
    },
  };
  return { log, config };
}

/** One answer of the configuration's kind not yet acknowledged. */
function withUnsentAnswer() {
  return rootReducer(
    undefined,
    saveQueued({ kind: 'test', slot: '1', context: {}, value: 'B', current: 'A' }),
  );
}

describe('the engine clock', () => {
  it('counts down from the deadline: warning at 300, marks at 240 and 120, closes at 0', async () => {
    const clock = virtualClock();
    restoreClock = setClock(clock);
    const { log, config } = recordingConfig([true]);
    await expectSaga(runTimer, 310, config).withReducer(rootReducer).run({ timeout: 2000 });
    expect(log).toEqual(['warning', 'mark 240', 'mark 120', 'close at time-up']);
    expect(clock.elapsed()).toBe(310_000);
  });

  it('does not warn again below 300 s, and counts 299 → 0 without a warning', async () => {
    restoreClock = setClock(virtualClock());
    const { log, config } = recordingConfig([true]);
    await expectSaga(runTimer, 299, config).withReducer(rootReducer).run({ timeout: 2000 });
    expect(log).toEqual(['mark 240', 'mark 120', 'close at time-up']);
  });

  it('after a failed close gives 10 more seconds and closes again', async () => {
    const clock = virtualClock();
    restoreClock = setClock(clock);
    const { log, config } = recordingConfig([false, true]);
    await expectSaga(runTimer, 3, config).withReducer(rootReducer).run({ timeout: 2000 });
    expect(log).toEqual(['close at time-up', 'close at time-up']);
    expect(clock.elapsed()).toBe(13_000);
  });

  it("the student's finish wins the race: closed at once, no time-up", async () => {
    const fake = createFakeClock(0);
    restoreClock = setClock(fake);
    const { log, config } = recordingConfig([true]);
    const { storeState } = await expectSaga(runTimer, 600, config)
      .withReducer(rootReducer)
      .delay(20)
      .dispatch({ type: 'test/finish' })
      .run({ timeout: 500 });
    expect(log).toEqual(['close by student']);
    expect(storeState.run.clock).toEqual({ deadline: null, sisaWaktu: null });
  });

  it('at time-up waits for unsent answers within the 30-s grace (26 s: the outbox gives up at 25), then closes', async () => {
    const fake = createFakeClock(0);
    restoreClock = setClock(fake);
    const { log, config } = recordingConfig([true]);
    const task = expectSaga(runTimer, 1, config)
      .withReducer(rootReducer, withUnsentAnswer())
      .run({ timeout: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await fake.advance(1000);
    await fake.advance(25_900);
    expect(log).toEqual([]); // 25.9 s after time-up the answer is still unsent: no close yet
    await fake.advance(100);
    expect(log).toEqual(['close at time-up']);
    await task;
  });

  it('closes as soon as the unsent answer is acknowledged', async () => {
    const fake = createFakeClock(0);
    restoreClock = setClock(fake);
    const { log, config } = recordingConfig([true]);
    const task = expectSaga(runTimer, 1, config)
      .withReducer(rootReducer, withUnsentAnswer())
      .delay(100)
      .dispatch(saveAcked({ kind: 'test', slot: '1', seq: 1, acked: 'B', done: true }))
      .run({ timeout: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await fake.advance(1000);
    expect(log).toEqual([]);
    await task;
    expect(log).toEqual(['close at time-up']);
    expect(fake.now()).toBe(1000); // no wait on the clock beyond the acknowledgement
  });
});

describe('handler isolation', () => {
  it("one handler's exception is logged and neither stops its watcher nor the clock", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    restoreClock = setClock(virtualClock());
    const handled: number[] = [];
    function* crashing(action: { type: string; payload: number }) {
      yield call(() => handled.push(action.payload));
      if (action.payload === 1) throw new Error('boom');
    }
    const { log, config } = recordingConfig([true]);
    await expectSaga(function* () {
      yield takeEvery('test/x', safely(crashing));
      yield call(runTimer, 5, config);
    })
      .withReducer(rootReducer)
      .dispatch({ type: 'test/x', payload: 1 })
      .dispatch({ type: 'test/x', payload: 2 })
      .run({ timeout: 300, silenceTimeout: true });
    expect(handled).toEqual([1, 2]);
    expect(log).toEqual(['close at time-up']);
    expect(error).toHaveBeenCalledWith('saga crashing failed', expect.any(Error));
    error.mockRestore();
  });
});

const target = { idJadwal: ID_JADWAL, kategoriHash: HASH, idMapel: ID_MAPEL };
const closedPreview = {
  status: true,
  content: {
    paket: 2,
    detailPaket: [
      kategori({
        detailSoal: kategori().detailSoal.map((mapel, i) => (i === 0 ? { ...mapel, status: '1' } : mapel)),
      }),
    ],
  },
};

function statusServer(count = 500) {
  const bodies: StatusMapelBody[] = [];
  const answer = dynamic((effect: { args: [number, StatusMapelBody] }) => {
    bodies.push(effect.args[1]);
    return {
      status: true,
      message: 'ok',
      content: { sisa_waktu: effect.args[1].status ? 0 : count, status: effect.args[1].status },
    };
  });
  return { bodies, answer };
}

describe('the package configuration', () => {
  it('reports the status once after a burst of saves, not once per save', async () => {
    const fake = createFakeClock(0);
    restoreClock = setClock(fake);
    const server = statusServer();
    const task = expectSaga(function* () {
      yield fork(outboxSaga, paketOutbox);
      yield takeEvery(answerRequested.type, saveAnswer);
      yield call(subjectSession, sheetOpened(target));
    })
      .withReducer(rootReducer, runningState())
      .provide([
        [matchers.call.fn(updateStatusMapel), server.answer],
        [matchers.call.fn(saveAnswerPaket), { status: true }],
      ])
      .dispatch(answerRequested({ id_jawaban: 501, jawaban: 'B' }))
      .dispatch(answerRequested({ id_jawaban: 502, jawaban: '12' }))
      .dispatch(answerRequested({ id_jawaban: 504, jawaban: 'Uraian' }))
      .run({ timeout: 300, silenceTimeout: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await fake.advance(1000);
    await fake.advance(600); // 1.6 s: the burst's one report is out
    await fake.advance(10_000);
    await task;
    expect(server.bodies.map((body) => [body.status, body.sisa_waktu])).toEqual([
      [0, 600], // opening
      [0, 499], // after the three saves: one report, with the time left then
    ]);
  });

  it('a 120-s mark during a burst of saves is the report for both (no doubled request)', async () => {
    const fake = createFakeClock(0);
    restoreClock = setClock(fake);
    const server = statusServer(121);
    const task = expectSaga(function* () {
      yield fork(outboxSaga, paketOutbox);
      yield takeEvery(answerRequested.type, saveAnswer);
      yield call(subjectSession, sheetOpened(target));
    })
      .withReducer(rootReducer, runningState())
      .provide([
        [matchers.call.fn(updateStatusMapel), server.answer],
        [matchers.call.fn(saveAnswerPaket), { status: true }],
      ])
      .dispatch(answerRequested({ id_jawaban: 501, jawaban: 'B' }))
      .run({ timeout: 300, silenceTimeout: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await fake.advance(1000); // 120 left: the mark comes while the save's report is still gathering
    await fake.advance(2000);
    await task;
    expect(server.bodies.map((body) => [body.status, body.sisa_waktu])).toEqual([
      [0, 600],
      [0, 120],
    ]);
  });

  it('time-up while the "Selesaikan Ujian" confirmation is open closes the subject once', async () => {
    restoreClock = setClock(virtualClock());
    const server = statusServer(3);
    const { storeState } = await expectSaga(function* () {
      yield takeEvery(finishRequested.type, finishFlow);
      yield call(subjectSession, sheetOpened(target));
    })
      .withReducer(rootReducer, runningState())
      .provide([
        [matchers.call.fn(updateStatusMapel), server.answer],
        // The student never answers the confirmation.
        [matchers.call.fn(confirmDialog), new Promise(() => undefined)],
        [matchers.call.fn(forcedDialog), undefined],
        [matchers.call.fn(toast), undefined],
        [matchers.call.fn(fetchPreviewPaket), closedPreview],
      ])
      .dispatch(finishRequested())
      .call.like({ fn: forcedDialog, args: [{ title: 'Waktu Habis!', confirmText: 'Lanjutkan' }] })
      .not.put.like({ action: { type: 'tryoutPaket/finishConfirmed' } })
      .run({ timeout: 500, silenceTimeout: true });
    expect(server.bodies.map((body) => [body.status, body.sisa_waktu])).toEqual([
      [0, 600],
      [1, 0],
    ]);
    expect(storeState.navigation?.to).toBe(`/to/${ID_JADWAL}/preview/${HASH}`);
  });
});
