import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import type { EndMateriBody } from '../../../src/contract';
import { rootReducer } from '../../../src/client/app/rootReducer';
import {
  endMateri,
  fetchMateriList,
  saveAnswerMateri,
  startMateri,
} from '../../../src/client/api/tryoutMateri';
import {
  confirmDialog,
  forcedDialog,
  showCallError,
  showFailed,
} from '../../../src/client/components/dialogs';
import { createFakeClock, setClock } from '../../../src/client/lib/clock';
import { call, fork } from 'redux-saga/effects';
import { outboxSaga } from '../../../src/client/lib/run/outbox';
import { clockSet, deadlineKept } from '../../../src/client/lib/run/slice';
import { sheetSession, startFlow } from '../../../src/client/features/tryoutMateri/run';
import { materiOutbox, saveAnswer } from '../../../src/client/features/tryoutMateri/answers';
import {
  answerRequested,
  finishConfirmed,
  sheetOpened,
  startRequested,
} from '../../../src/client/features/tryoutMateri/slice';
import { virtualClock } from '../../helpers/tryoutPaketFixtures';
import { ID_MATERI, materiItem, materiState, session } from '../../helpers/tryoutMateriFixtures';

let restoreClock: () => void = () => undefined;
afterEach(() => restoreClock());

const idle = () =>
  materiState({
    isRunning: false,
    detailToMateri: null,
    soal: [],
    listJawaban: [],
    synced: false,
  });
const doneList = {
  status: true,
  content: { mapel: 'Matematika', materi: [materiItem({ status: 1, soal_dikerjakan: 3 })] },
};

describe('per-topic start', () => {
  it('confirms, starts and goes to the sheet with the questions and the time', async () => {
    const { storeState } = await expectSaga(startFlow, startRequested(materiItem()))
      .withReducer(rootReducer, idle())
      .provide([
        [matchers.call.fn(confirmDialog), true],
        [matchers.call.fn(startMateri), { status: true, content: session(600) }],
      ])
      .call(startMateri, ID_MATERI, 7)
      .run();
    expect(storeState.tryoutMateri.isRunning).toBe(true);
    expect(storeState.tryoutMateri.detailToMateri?.waktu).toBe(600);
    expect(storeState.navigation).toEqual({ to: `/to-permateri/${ID_MATERI}`, replace: false });
    expect(storeState.tryoutMateri.soal).toHaveLength(3);
  });

  it('shows the server message, or "Failed to get questions, Please try again"', async () => {
    await expectSaga(startFlow, startRequested(materiItem()))
      .withReducer(rootReducer, idle())
      .provide([
        [matchers.call.fn(confirmDialog), true],
        [matchers.call.fn(startMateri), { status: false, message: 'Tryout materi ini sudah selesai' }],
        [matchers.call.fn(showFailed), undefined],
      ])
      .call(showFailed, 'Tryout materi ini sudah selesai')
      .run();
    const { storeState } = await expectSaga(startFlow, startRequested(materiItem()))
      .withReducer(rootReducer, idle())
      .provide([
        [matchers.call.fn(confirmDialog), true],
        [matchers.call.fn(startMateri), throwError(new Error('Network Error'))],
        [matchers.call.fn(showFailed), undefined],
      ])
      .call(showFailed, 'Failed to get questions, Please try again')
      .run();
    expect(storeState.tryoutMateri.isRunning).toBe(false);
  });
});

describe('per-topic sheet', () => {
  it('at time-up shows "Yah?", ends with every answer, reloads the topics and goes back to the list', async () => {
    const testClock = virtualClock();
    restoreClock = setClock(testClock);
    const ends: EndMateriBody[] = [];
    const state = materiState({ detailToMateri: session(30) });
    state.tryoutMateri.soal = state.tryoutMateri.soal.map((item) =>
      item.id_soal === 1 ? { ...item, jawaban: 'B' } : item,
    );
    state.tryoutMateri.listJawaban = [
      { idsoal: 1, jawaban: 'B' },
      { idsoal: 2, jawaban: '' },
      { idsoal: 3, jawaban: '' },
    ];
    const { storeState } = await expectSaga(sheetSession, sheetOpened({ idmateri: ID_MATERI }))
      .withReducer(rootReducer, state)
      .provide([
        [matchers.call.fn(forcedDialog), undefined],
        [
          matchers.call.fn(endMateri),
          dynamic((effect: { args: [number, EndMateriBody] }) => {
            ends.push(effect.args[1]);
            return { status: true, message: 'ok' };
          }),
        ],
        [matchers.call.fn(fetchMateriList), doneList],
      ])
      .call(forcedDialog, {
        title: 'Yah?',
        text: 'kamu kehabisan waktu untuk mengerjakan tryout materi Bilangan Berpangkat. Silahkan klik tombol lanjutkan!',
        confirmText: 'Lanjutkan!',
      })
      .run({ timeout: 2000 });
    expect(testClock.elapsed()).toBe(30_000);
    expect(ends).toEqual([{ id_siswa: 7, list_jawaban: state.tryoutMateri.listJawaban }]);
    expect(storeState.tryoutMateri).toMatchObject({
      isRunning: false,
      soal: [],
    });
    expect(storeState.navigation).toEqual({ to: '/to-permateri', replace: true });
    expect(storeState.tryoutMateri.listMateri[0].status).toBe(1);
  });

  it('after a failed end shows the error and tries again 10 s later', async () => {
    const testClock = virtualClock();
    restoreClock = setClock(testClock);
    let attempts = 0;
    const { storeState } = await expectSaga(sheetSession, sheetOpened({ idmateri: ID_MATERI }))
      .withReducer(rootReducer, materiState({ detailToMateri: session(5) }))
      .provide([
        [matchers.call.fn(forcedDialog), undefined],
        [
          matchers.call.fn(endMateri),
          dynamic(() => {
            attempts += 1;
            if (attempts === 1) throw new Error('Network Error');
            return { status: true, message: 'ok' };
          }),
        ],
        [matchers.call.fn(showCallError), undefined],
        [matchers.call.fn(fetchMateriList), doneList],
      ])
      .call.fn(showCallError)
      .run({ timeout: 2000 });
    expect(attempts).toBe(2);
    expect(testClock.elapsed()).toBe(15_000);
    expect(storeState.tryoutMateri.isRunning).toBe(false);
    expect(storeState.navigation).toEqual({ to: '/to-permateri', replace: true });
  });

  it('"Selesaikan Ujian" ends at once, without the time-up dialog', async () => {
    restoreClock = setClock(createFakeClock(0));
    const { storeState } = await expectSaga(sheetSession, sheetOpened({ idmateri: ID_MATERI }))
      .withReducer(rootReducer, materiState())
      .provide([
        [matchers.call.fn(endMateri), { status: true, message: 'ok' }],
        [matchers.call.fn(fetchMateriList), doneList],
      ])
      .delay(20)
      .dispatch(finishConfirmed())
      .not.call.fn(forcedDialog)
      .run({ timeout: 2000 });
    expect(storeState.tryoutMateri.isRunning).toBe(false);
    expect(storeState.navigation).toEqual({ to: '/to-permateri', replace: true });
  });

  it('after a reload takes the questions and the time from a second start', async () => {
    restoreClock = setClock(createFakeClock(0));
    const fromServer = session(412);
    fromServer.soals[1] = { ...fromServer.soals[1], jawaban: '100' };
    const { storeState } = await expectSaga(sheetSession, sheetOpened({ idmateri: ID_MATERI }))
      .withReducer(rootReducer, materiState({ synced: false }))
      .provide([[matchers.call.fn(startMateri), { status: true, content: fromServer }]])
      // The clock starts from the server's 412 s.
      .put.like({ action: { type: clockSet.type, payload: { sisaWaktu: 412 } } })
      .run({ timeout: 100, silenceTimeout: true });
    expect(storeState.tryoutMateri.soal[1].jawaban).toBe('100');
  });

  it('reloaded offline: keeps the stored sheet and counts on to the deadline its clock had', async () => {
    // The topic's clock ran to 900 000 (900 s counted at 0); the page is reloaded at 600 000 without network.
    restoreClock = setClock(createFakeClock(600_000));
    const reloaded = materiState({ synced: false });
    reloaded.tryoutMateri.soal[1] = { ...reloaded.tryoutMateri.soal[1], jawaban: '100' };
    reloaded.run = { ...reloaded.run, kept: { sheet: `/to-permateri/${ID_MATERI}`, deadline: 900_000 } };
    const { storeState } = await expectSaga(sheetSession, sheetOpened({ idmateri: ID_MATERI }))
      .withReducer(rootReducer, reloaded)
      .provide([[matchers.call.fn(startMateri), throwError(new Error('Network Error'))]])
      .put(clockSet({ deadline: 900_000, sisaWaktu: 300 }))
      .not.call.fn(showFailed)
      .put(deadlineKept({ sheet: `/to-permateri/${ID_MATERI}`, deadline: 900_000 }))
      .run({ timeout: 100, silenceTimeout: true });
    expect(storeState.tryoutMateri.isRunning).toBe(true);
    expect(storeState.tryoutMateri.soal[1].jawaban).toBe('100');
    expect(storeState.navigation?.to).toBeUndefined();
  });

  it("reloaded offline: another sheet's deadline is not taken; the topic's last count is", async () => {
    restoreClock = setClock(createFakeClock(600_000));
    const reloaded = materiState({ synced: false });
    reloaded.run = { ...reloaded.run, kept: { sheet: '/to-permateri/999', deadline: 900_000 } };
    await expectSaga(sheetSession, sheetOpened({ idmateri: ID_MATERI }))
      .withReducer(rootReducer, reloaded)
      .provide([[matchers.call.fn(startMateri), throwError(new Error('Network Error'))]])
      .put(clockSet({ deadline: 600_000 + 900_000, sisaWaktu: 900 }))
      .run({ timeout: 100, silenceTimeout: true });
  });

  it('reloaded, a start the server refuses ends the topic with its message', async () => {
    restoreClock = setClock(createFakeClock(0));
    const { storeState } = await expectSaga(sheetSession, sheetOpened({ idmateri: ID_MATERI }))
      .withReducer(rootReducer, materiState({ synced: false }))
      .provide([
        [matchers.call.fn(startMateri), { status: false, message: 'Tryout materi sudah selesai' }],
        [matchers.call.fn(showFailed), undefined],
      ])
      .call(showFailed, 'Tryout materi sudah selesai')
      .run({ timeout: 100, silenceTimeout: true });
    expect(storeState.tryoutMateri.isRunning).toBe(false);
    expect(storeState.navigation).toEqual({ to: '/to-permateri', replace: true });
  });

  it('without questions goes back to /to-permateri', async () => {
    const { storeState } = await expectSaga(sheetSession, sheetOpened({ idmateri: ID_MATERI }))
      .withReducer(rootReducer, idle())
      .run();
    expect(storeState.navigation).toEqual({ to: '/to-permateri', replace: true });
  });

  it('reverts an answer the server refused', async () => {
    const state = materiState();
    state.run = { ...state.run, clock: { deadline: null, sisaWaktu: 333 } };
    const { storeState } = await expectSaga(function* () {
      yield fork(outboxSaga, materiOutbox);
      yield call(saveAnswer, answerRequested({ idsoal: 1, jawaban: 'B' }));
    })
      .withReducer(rootReducer, state)
      .provide([
        [matchers.call.fn(saveAnswerMateri), { status: false, message: 'Waktu habis' }],
        [matchers.call.fn(showFailed), undefined],
      ])
      .call(saveAnswerMateri, ID_MATERI, { idsiswa: 7, idsoal: 1, jawaban: 'B', sisa_waktu: 333 })
      .call(showFailed, 'Waktu habis')
      .run({ timeout: 500, silenceTimeout: true });
    expect(storeState.tryoutMateri.soal[0].jawaban).toBe('');
    expect(storeState.run.outbox).toEqual([]);
    expect(storeState.tryoutMateri.listJawaban[0]).toEqual({ idsoal: 1, jawaban: '' });
  });
});
