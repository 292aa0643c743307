import { fork, takeEvery, takeLatest } from 'typed-redux-saga';
import { runSaga } from '../../lib/run/engine';
import { safely, unexpected } from '../../lib/safely';
import { saveAnswer } from './answers';
import { loadCurrentLevel } from './lists';
import { materiRun } from './run';
import { answerRequested, kategoriChosen, mapelChosen, materiPageOpened, tabBack } from './slice';

/** The per-topic tryout's watchers: the run engine with its configuration, the answers and the topic lists. */
export function* tryoutMateriSaga() {
  yield* fork(runSaga, materiRun);
  yield* takeEvery(answerRequested.type, safely(saveAnswer, unexpected));
  yield* takeLatest(
    [materiPageOpened.type, kategoriChosen.type, mapelChosen.type, tabBack.type],
    safely(loadCurrentLevel, unexpected),
  );
}
