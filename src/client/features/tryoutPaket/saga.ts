import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { showError } from '../../components/dialogs';
import { text } from '../../text';
import { cancelAnswer, saveAnswer, saveGroupAnswer } from './answers';
import { leaveFlow } from './leave';
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
  leaveRequested,
  previewRequested,
  sheetOpened,
  startRequested,
  type TryoutPaketState,
} from './slice';
import { subjectSession } from './subject';
import { confirmDialog } from '../../components/dialogs';

function* onPreviewRequested(action: PayloadAction<{ idJadwal: number }>) {
  yield call(loadPreview, action.payload.idJadwal);
}

/** "Selesaikan Ujian" (regular students): confirm, then remaining time 0 → the time-up flow. */
export function* finishFlow() {
  const state: TryoutPaketState = yield select(selectTryoutPaket);
  if (!state.detailMapel) {
    yield call(showError, text.common.error, text.tryoutPaket.timerSaveFailed);
    return;
  }
  const confirmed: boolean = yield call(confirmDialog, {
    title: text.tryoutPaket.finishConfirmTitle,
    confirmText: text.tryoutPaket.finishConfirm,
  });
  if (confirmed) yield put(finishConfirmed());
}

/** The package tryout's watchers (spec §4 "Package tryout run", "Countdown", "Answer save"). */
export function* tryoutPaketSaga() {
  yield takeLatest(previewRequested.type, onPreviewRequested);
  yield takeLeading(startRequested.type, startFlow);
  yield takeLeading(kerjakanRequested.type, kerjakanFlow);
  yield takeLeading(endRequested.type, endFlow);
  yield takeLatest(sheetOpened.type, subjectSession);
  yield takeLeading(finishRequested.type, finishFlow);
  yield takeEvery(answerRequested.type, saveAnswer);
  yield takeEvery(groupAnswerRequested.type, saveGroupAnswer);
  yield takeEvery(answerCancelRequested.type, cancelAnswer);
  yield takeLeading(leaveRequested.type, leaveFlow);
}
