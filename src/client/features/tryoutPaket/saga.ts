import type { PayloadAction } from '@reduxjs/toolkit';
import { call, fork, put, race, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { confirmDialog, showError } from '../../components/dialogs';
import { leaveFlow } from '../../lib/run/leave';
import { outboxSaga } from '../../lib/run/outbox';
import { safely } from '../../lib/safely';
import { clockStopped, leaveRequested } from '../../lib/run/slice';
import { text } from '../../text';
import { cancelAnswer, paketOutbox, saveAnswer, saveGroupAnswer } from './answers';
import { paketLeave } from './leave';
import { loadPreview } from './preview';
import { endFlow, kerjakanFlow, startFlow } from './run';
import { selectTryoutPaket } from './selectors';
import {
  answerCancelRequested,
  answerRequested,
  endRequested,
  finishConfirmed,
  finishRequested,
  groupAnswerRequested,
  kerjakanRequested,
  previewRequested,
  sheetOpened,
  startRequested,
  type TryoutPaketState,
} from './slice';
import { subjectSession } from './subject';

function* onPreviewRequested(action: PayloadAction<{ idJadwal: number }>) {
  yield call(loadPreview, action.payload.idJadwal);
}

/**
 * "Selesaikan Ujian" (regular students): confirm, then remaining time 0 → the time-up flow. When the time runs
 * out while the confirmation is open, the time-up flow has closed the subject and the answer no longer counts.
 */
export function* finishFlow() {
  const state: TryoutPaketState = yield select(selectTryoutPaket);
  if (!state.detailMapel) {
    yield call(showError, text.common.error, text.tryoutPaket.timerSaveFailed);
    return;
  }
  const outcome: { confirmed?: boolean } = yield race({
    confirmed: call(confirmDialog, {
      title: text.tryoutPaket.finishConfirmTitle,
      confirmText: text.tryoutPaket.finishConfirm,
    }),
    timeUp: take(clockStopped.type),
  });
  if (outcome.confirmed) yield put(finishConfirmed());
}

/** An unexpected failure inside a handler: the spec's error dialog, and the other watchers go on. */
function* unexpected(error: unknown) {
  yield call(showError, text.common.error, error instanceof Error ? error.message : String(error));
}

/** The package tryout's watchers (spec §4 "Package tryout run", "Countdown", "Answer save"). */
export function* tryoutPaketSaga() {
  yield fork(outboxSaga, paketOutbox);
  yield takeLatest(previewRequested.type, safely(onPreviewRequested, unexpected));
  yield takeLeading(startRequested.type, safely(startFlow, unexpected));
  yield takeLeading(kerjakanRequested.type, safely(kerjakanFlow, unexpected));
  yield takeLeading(endRequested.type, safely(endFlow, unexpected));
  yield takeLatest(sheetOpened.type, safely(subjectSession, unexpected));
  yield takeLeading(finishRequested.type, safely(finishFlow, unexpected));
  yield takeEvery(answerRequested.type, safely(saveAnswer, unexpected));
  yield takeEvery(groupAnswerRequested.type, safely(saveGroupAnswer, unexpected));
  yield takeEvery(answerCancelRequested.type, safely(cancelAnswer, unexpected));
  yield takeLeading(leaveRequested.type, safely(leaveFlow, unexpected), paketLeave);
}
