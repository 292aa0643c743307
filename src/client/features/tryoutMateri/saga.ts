import { call, fork, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { showError } from '../../components/dialogs';
import { leaveFlow } from '../../lib/run/leave';
import { outboxSaga } from '../../lib/run/outbox';
import { safely } from '../../lib/safely';
import { leaveRequested } from '../../lib/run/slice';
import { text } from '../../text';
import { loadCurrentLevel } from './lists';
import { finishFlow, materiLeave, materiOutbox, saveAnswer, sheetSession, startFlow } from './run';
import {
  answerRequested,
  finishRequested,
  kategoriChosen,
  mapelChosen,
  materiPageOpened,
  sheetOpened,
  startRequested,
  tabBack,
} from './slice';

/** An unexpected failure inside a handler: the spec's error dialog, and the other watchers go on. */
function* unexpected(error: unknown) {
  yield call(showError, text.common.error, error instanceof Error ? error.message : String(error));
}

/** The per-topic tryout's watchers (spec §2 "Per-topic tryout", §4 "Per-topic run"). */
export function* tryoutMateriSaga() {
  yield fork(outboxSaga, materiOutbox);
  yield takeLatest(
    [materiPageOpened.type, kategoriChosen.type, mapelChosen.type, tabBack.type],
    safely(loadCurrentLevel, unexpected),
  );
  yield takeLeading(startRequested.type, safely(startFlow, unexpected));
  yield takeLatest(sheetOpened.type, safely(sheetSession, unexpected));
  yield takeLeading(finishRequested.type, safely(finishFlow, unexpected));
  yield takeEvery(answerRequested.type, safely(saveAnswer, unexpected));
  yield takeLeading(leaveRequested.type, safely(leaveFlow, unexpected), materiLeave);
}
