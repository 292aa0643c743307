import { takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { loadCurrentLevel } from './lists';
import { finishFlow, leaveBlockedFlow, saveAnswer, sheetSession, startFlow } from './run';
import {
  answerRequested,
  finishRequested,
  kategoriChosen,
  leaveBlocked,
  mapelChosen,
  materiPageOpened,
  sheetOpened,
  startRequested,
  tabBack,
} from './slice';

/** The per-topic tryout's watchers (spec §2 "Per-topic tryout", §4 "Per-topic run"). */
export function* tryoutMateriSaga() {
  yield takeLatest(
    [materiPageOpened.type, kategoriChosen.type, mapelChosen.type, tabBack.type],
    loadCurrentLevel,
  );
  yield takeLeading(startRequested.type, startFlow);
  yield takeLatest(sheetOpened.type, sheetSession);
  yield takeLeading(finishRequested.type, finishFlow);
  yield takeEvery(answerRequested.type, saveAnswer);
  yield takeLeading(leaveBlocked.type, leaveBlockedFlow);
}
