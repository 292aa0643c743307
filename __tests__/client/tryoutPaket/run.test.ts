import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import type { SaveAnswerPaketBody } from '../../../src/contract';
import { rootReducer } from '../../../src/client/app/rootReducer';
import {
  endPaket,
  fetchPreviewPaket,
  saveAnswerPaket,
  startPaket,
  updateStatusMapel,
} from '../../../src/client/api/tryoutPaket';
import {
  confirmDialog,
  showCallError,
  showError,
  showFailed,
  showMessage,
} from '../../../src/client/components/dialogs';
import { setClock } from '../../../src/client/lib/clock';
import { selectTryoutPaket } from '../../../src/client/features/tryoutPaket/selectors';
import {
  cancelAnswer,
  paketOutbox,
  saveAnswer,
  saveGroupAnswer,
} from '../../../src/client/features/tryoutPaket/answers';
import { decideLeave, paketLeave } from '../../../src/client/features/tryoutPaket/leave';
import { leaveFlow } from '../../../src/client/lib/run/leave';
import { outboxSaga } from '../../../src/client/lib/run/outbox';
import { leaveRequested } from '../../../src/client/lib/run/slice';
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, fork } from 'redux-saga/effects';
import { endFlow, startFlow } from '../../../src/client/features/tryoutPaket/run';
import {
  answerCancelRequested,
  answerRequested,
  endRequested,
  groupAnswerRequested,
  startRequested,
} from '../../../src/client/features/tryoutPaket/slice';
import {
  HASH,
  ID_JADWAL,
  ID_MAPEL,
  kategori,
  runningState,
  soalList,
  virtualClock,
} from '../../helpers/tryoutPaketFixtures';

const runTarget = { idJadwal: ID_JADWAL, kategoriHash: HASH };
const notRunning = () =>
  runningState({ isRunning: false, run: null, soal: [], idHasil: null, numPaket: null, synced: false });

describe('starting a category', () => {
  it('confirms, starts, stores the run and goes to the preview', async () => {
    const { storeState } = await expectSaga(startFlow, startRequested(runTarget))
      .withReducer(rootReducer, notRunning())
      .provide([
        [matchers.call.fn(confirmDialog), true],
        [matchers.call.fn(startPaket), { status: true, content: { id_hasil_to: 90, soal: soalList() } }],
      ])
      .call.like({ fn: confirmDialog, args: [{ title: 'Yakin?', confirmText: 'Ya, Mulai sekarang!' }] })
      .call(startPaket, ID_JADWAL, HASH, 7)
      .run();
    expect(storeState.tryoutPaket).toMatchObject({
      isRunning: true,
      idHasil: 90,
      numPaket: 2,
      run: runTarget,
    });
    expect(storeState.navigation).toEqual({ to: `/to/${ID_JADWAL}/preview/${HASH}`, replace: false });
    expect(storeState.tryoutPaket.soal).toHaveLength(5);
  });

  it('does nothing when the student cancels', async () => {
    const { storeState } = await expectSaga(startFlow, startRequested(runTarget))
      .withReducer(rootReducer, notRunning())
      .provide([[matchers.call.fn(confirmDialog), false]])
      .not.call.fn(startPaket)
      .run();
    expect(storeState.tryoutPaket.isRunning).toBe(false);
  });

  it('shows the server message under "Failed" when the start is refused', async () => {
    const { storeState } = await expectSaga(startFlow, startRequested(runTarget))
      .withReducer(rootReducer, notRunning())
      .provide([
        [matchers.call.fn(confirmDialog), true],
        [matchers.call.fn(startPaket), { status: false, message: 'Kategori ini belum bisa dikerjakan' }],
        [matchers.call.fn(showFailed), undefined],
      ])
      .call(showFailed, 'Kategori ini belum bisa dikerjakan')
      .run();
    expect(storeState.tryoutPaket.isRunning).toBe(false);
    expect(storeState.navigation).toBeNull();
  });

  it('falls back to "Failed to get question, Please try again!" when the call fails', async () => {
    await expectSaga(startFlow, startRequested(runTarget))
      .withReducer(rootReducer, notRunning())
      .provide([
        [matchers.call.fn(confirmDialog), true],
        [matchers.call.fn(startPaket), throwError(new Error('Network Error'))],
        [matchers.call.fn(showFailed), undefined],
      ])
      .call(showFailed, 'Failed to get question, Please try again!')
      .run();
  });
});

describe('ending the tryout', () => {
  it('is blocked with "Oops!" while a subject is still status 0', async () => {
    await expectSaga(endFlow, endRequested(runTarget))
      .withReducer(rootReducer, runningState())
      .provide([[matchers.call.fn(showMessage), undefined]])
      .call.like({
        fn: showMessage,
        args: [{ title: 'Oops! Kamu belum menyelesaikan semua mapel tryout', confirmText: 'Baiklah' }],
      })
      .not.call.fn(endPaket)
      .run();
  });

  it('confirms, ends, clears the run and goes back to the detail', async () => {
    const done = kategori({ detailSoal: kategori().detailSoal.map((mapel) => ({ ...mapel, status: '1' })) });
    const finished = { ...done, is_selesai: 1 as const, pembahasan: '/api/pdf/pembahasan/3/kat-abc123' };
    const { storeState } = await expectSaga(endFlow, endRequested(runTarget))
      .withReducer(rootReducer, runningState({ detailPaket: [done] }))
      .provide([
        [matchers.call.fn(confirmDialog), true],
        [matchers.call.fn(endPaket), { status: true, message: 'ok' }],
        [
          matchers.call.fn(fetchPreviewPaket),
          { status: true, content: { paket: 2, detailPaket: [finished] } },
        ],
      ])
      .call.like({ fn: confirmDialog, args: [{ confirmText: 'Ya, Akhiri sekarang!' }] })
      .call(endPaket, ID_JADWAL, HASH, { id_siswa: 7 })
      .run();
    expect(storeState.tryoutPaket).toMatchObject({
      isRunning: false,
      run: null,
      soal: [],
      idHasil: null,
    });
    expect(storeState.navigation).toEqual({ to: `/to/${ID_JADWAL}`, replace: true });
    expect(storeState.tryoutPaket.detailPaket[0].is_selesai).toBe(1);
  });

  it('keeps the run when the end call fails', async () => {
    const done = kategori({ detailSoal: kategori().detailSoal.map((mapel) => ({ ...mapel, status: '1' })) });
    const { storeState } = await expectSaga(endFlow, endRequested(runTarget))
      .withReducer(rootReducer, runningState({ detailPaket: [done] }))
      .provide([
        [matchers.call.fn(confirmDialog), true],
        [matchers.call.fn(endPaket), throwError(new Error('Network Error'))],
        [matchers.call.fn(showFailed), undefined],
      ])
      .call(showFailed, 'Failed to finish this exam, Please try again!')
      .run();
    expect(storeState.tryoutPaket.isRunning).toBe(true);
  });
});

/** A save handler with the engine's outbox running beside it, as in the feature saga. */
function withOutbox<P>(handler: (action: PayloadAction<P>) => Generator, action: PayloadAction<P>) {
  return function* savingWithOutbox() {
    yield fork(outboxSaga, paketOutbox);
    yield call(handler, action);
  };
}
const settled = { timeout: 300, silenceTimeout: true };

describe('saving answers optimistically', () => {
  const loaded = () => runningState({ detailMapel: { id_mapel: ID_MAPEL, sisa_waktu: 500 } });
  let restore: () => void = () => undefined;
  beforeEach(() => {
    // Backoff sleeps pass at once.
    restore = setClock(virtualClock());
  });
  afterEach(() => restore());

  it('sets the choice at once and sends it with sisa_waktu 100', async () => {
    const sent: SaveAnswerPaketBody[] = [];
    const { storeState } = await expectSaga(
      withOutbox(saveAnswer, answerRequested({ id_jawaban: 501, jawaban: 'B' })),
    )
      .withReducer(rootReducer, loaded())
      .provide([
        [
          matchers.call.fn(saveAnswerPaket),
          dynamic((effect: { args: [number, SaveAnswerPaketBody] }) => {
            sent.push(effect.args[1]);
            return { status: true };
          }),
        ],
      ])
      .run(settled);
    expect(sent).toEqual([
      { id_hasil_to: 77, id_jawaban: 501, jawaban: 'B', sisa_waktu: 100, type_soal: 1, operation: 'save' },
    ]);
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('B');
  });

  it('rolls the choice back when the server answers status false', async () => {
    const { storeState } = await expectSaga(
      withOutbox(saveAnswer, answerRequested({ id_jawaban: 501, jawaban: 'B' })),
    )
      .withReducer(rootReducer, loaded())
      .provide([
        [matchers.call.fn(saveAnswerPaket), { status: false, message: 'Waktu mapel ini sudah habis' }],
        [matchers.call.fn(showFailed), undefined],
      ])
      .put.like({ action: { type: 'tryoutPaket/answerSet', payload: { jawaban_siswa: 'B' } } })
      .call(showFailed, 'Waktu mapel ini sudah habis')
      .run(settled);
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('0');
  });

  it('marks a statement answer with Z and keeps it through failed calls until the server takes it', async () => {
    const sent: SaveAnswerPaketBody[] = [];
    const { storeState } = await expectSaga(
      withOutbox(
        saveGroupAnswer,
        groupAnswerRequested({ id_jawaban: 503, id_jawaban_group: 902, jawaban: 'Y' }),
      ),
    )
      .withReducer(rootReducer, loaded())
      .provide([
        [
          matchers.call.fn(saveAnswerPaket),
          dynamic((effect: { args: [number, SaveAnswerPaketBody] }) => {
            sent.push(effect.args[1]);
            // Eight calls in a row fail on the network (more than the seven tries once allowed); then it works.
            if (sent.length <= 8) throw new Error('Network Error');
            return { status: true };
          }),
        ],
        [matchers.call.fn(showCallError), undefined],
      ])
      .put.like({ action: { type: 'tryoutPaket/answerSet', payload: { jawaban_siswa: 'Z' } } })
      .not.call.fn(showCallError)
      .run(settled);
    expect(sent).toHaveLength(9);
    expect(sent[8]).toMatchObject({ id_jawaban: 503, id_jawaban_group: 902, jawaban: 'Y', type_soal: 3 });
    const soal3 = storeState.tryoutPaket.soal[2];
    expect(soal3.jawaban_siswa).toBe('Z');
    expect(
      soal3.group_soal.find((item: { id_jawaban_group: number }) => item.id_jawaban_group === 902),
    ).toMatchObject({
      jawaban: 'Y',
    });
    expect(storeState.run.outbox).toEqual([]);
  });

  it('cancels a statement question with groupCancel, every statement back to "0"', async () => {
    const answered = loaded();
    answered.tryoutPaket.soal[2] = {
      ...answered.tryoutPaket.soal[2],
      jawaban_siswa: 'Z',
      group_soal: answered.tryoutPaket.soal[2].group_soal.map((item) => ({ ...item, jawaban: 'N' as const })),
    };
    const { storeState } = await expectSaga(
      withOutbox(cancelAnswer, answerCancelRequested({ id_jawaban: 503 })),
    )
      .withReducer(rootReducer, answered)
      .provide([[matchers.call.fn(saveAnswerPaket), { status: true }]])
      .call.like({ fn: saveAnswerPaket, args: [ID_JADWAL, { operation: 'groupCancel', type_soal: 3 }] })
      .run(settled);
    expect(storeState.tryoutPaket.soal[2].jawaban_siswa).toBe('0');
    expect(
      storeState.tryoutPaket.soal[2].group_soal.map((item: { jawaban: string }) => item.jawaban),
    ).toEqual(['0', '0']);
  });

  it('cancels a text answer to empty', async () => {
    const answered = loaded();
    answered.tryoutPaket.soal[1] = { ...answered.tryoutPaket.soal[1], jawaban_siswa: '42' };
    const { storeState } = await expectSaga(
      withOutbox(cancelAnswer, answerCancelRequested({ id_jawaban: 502 })),
    )
      .withReducer(rootReducer, answered)
      .provide([[matchers.call.fn(saveAnswerPaket), { status: true }]])
      .call.like({ fn: saveAnswerPaket, args: [ID_JADWAL, { jawaban: '', type_soal: 2, operation: 'save' }] })
      .run(settled);
    expect(storeState.tryoutPaket.soal[1].jawaban_siswa).toBe('');
  });

  it('waits in 500-ms steps until the subject time is known, then saves', async () => {
    const testClock = virtualClock();
    restore();
    restore = setClock(testClock);
    const unknown = runningState({ detailMapel: null }).tryoutPaket;
    // The opening report comes back during the second wait.
    const known = { ...unknown, detailMapel: { id_mapel: ID_MAPEL, sisa_waktu: 400 } };
    try {
      await expectSaga(withOutbox(saveAnswer, answerRequested({ id_jawaban: 501, jawaban: 'C' })))
        .withReducer(rootReducer, runningState({ detailMapel: null }))
        .provide([
          [
            matchers.select.selector(selectTryoutPaket),
            dynamic(() => (testClock.sleeps.length >= 2 ? known : unknown)),
          ],
          [matchers.call.fn(saveAnswerPaket), { status: true }],
        ])
        .call.fn(saveAnswerPaket)
        .run(settled);
      expect(testClock.sleeps).toEqual([500, 500]);
    } finally {
      restore();
    }
  });
});

describe('leaving while a tryout runs', () => {
  const sheet = `/to/${ID_JADWAL}/sheet/${HASH}/MTE=`;
  const preview = `/to/${ID_JADWAL}/preview/${HASH}`;

  it('lets the preview go only to the sheet, the sheet to the preview, regular students elsewhere after saving', () => {
    const base = { isRunning: true, regular: true };
    expect(decideLeave({ ...base, from: preview, to: sheet })).toBe('allow');
    expect(decideLeave({ ...base, from: preview, to: '/hasil' })).toBe('block');
    expect(decideLeave({ ...base, from: sheet, to: preview })).toBe('allow');
    expect(decideLeave({ ...base, from: sheet, to: '/home' })).toBe('saveTime');
    expect(decideLeave({ ...base, regular: false, from: sheet, to: '/home' })).toBe('block');
    expect(decideLeave({ ...base, isRunning: false, from: preview, to: '/home' })).toBe('allow');
    expect(decideLeave({ ...base, from: '/to', to: '/home' })).toBe('allow');
  });

  it('saves the remaining time, then lets a regular student go', async () => {
    const { storeState } = await expectSaga(
      leaveFlow,
      paketLeave,
      leaveRequested({ kind: 'paket', saveTime: true }),
    )
      .withReducer(rootReducer, runningState({ detailMapel: { id_mapel: ID_MAPEL, sisa_waktu: 432 } }))
      .provide([[matchers.call.fn(updateStatusMapel), { status: true, message: 'ok' }]])
      .call(updateStatusMapel, ID_JADWAL, {
        id_siswa: 7,
        id_mapel: ID_MAPEL,
        kategori: HASH,
        sisa_waktu: 432,
        status: 0,
      })
      .run();
    expect(storeState.run.leave).toBe('allowed');
  });

  it('keeps the student on the sheet when the time cannot be saved', async () => {
    const { storeState } = await expectSaga(
      leaveFlow,
      paketLeave,
      leaveRequested({ kind: 'paket', saveTime: true }),
    )
      .withReducer(rootReducer, runningState({ detailMapel: { id_mapel: ID_MAPEL, sisa_waktu: 432 } }))
      .provide([
        [matchers.call.fn(updateStatusMapel), throwError(new Error('Network Error'))],
        [matchers.call.fn(showError), undefined],
      ])
      .call(showError, 'Error', 'Failed to update timer')
      .run();
    expect(storeState.run.leave).toBe('denied');
  });

  it('refuses others with "failed" / "nonono"', async () => {
    const { storeState } = await expectSaga(
      leaveFlow,
      paketLeave,
      leaveRequested({ kind: 'paket', saveTime: false }),
    )
      .withReducer(rootReducer, runningState())
      .provide([[matchers.call.fn(showError), undefined]])
      .call(showError, 'failed', 'nonono')
      .run();
    expect(storeState.run.leave).toBe('denied');
  });
});
