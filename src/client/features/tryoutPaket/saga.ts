import type { PayloadAction } from '@reduxjs/toolkit';
import { call, fork, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import { runSaga } from '../../lib/run/engine';
import { safely, unexpected } from '../../lib/safely';
import { cancelAnswer, saveAnswer, saveGroupAnswer } from './answers';
import { loadPreview } from './preview';
import { endFlow, kerjakanFlow, paketRun } from './run';
import {
  answerCancelRequested,
  answerRequested,
  endRequested,
  groupAnswerRequested,
  kerjakanRequested,
  previewRequested,
} from './slice';

function* onPreviewRequested(action: PayloadAction<{ idJadwal: number }>) {
  yield* call(loadPreview, action.payload.idJadwal);
}

/** The package tryout's watchers: the run engine with its configuration, the answers and the package detail. */
export function* tryoutPaketSaga() {
  yield* fork(runSaga, paketRun);
  yield* takeEvery(answerRequested.type, safely(saveAnswer, unexpected));
  yield* takeEvery(groupAnswerRequested.type, safely(saveGroupAnswer, unexpected));
  yield* takeEvery(answerCancelRequested.type, safely(cancelAnswer, unexpected));
  yield* takeLatest(previewRequested.type, safely(onPreviewRequested, unexpected));
  yield* takeLeading(kerjakanRequested.type, safely(kerjakanFlow, unexpected));
  yield* takeLeading(endRequested.type, safely(endFlow, unexpected));
}
