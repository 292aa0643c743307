import type { Saga, Task } from 'redux-saga';
import { call, cancel, cancelled, join, spawn } from 'typed-redux-saga';
import { authSaga } from '../features/auth/saga';
import { hasilSaga } from '../features/hasil/saga';
import { jadwalSaga } from '../features/jadwal/saga';
import { profileSaga } from '../features/profile/saga';
import { rankingSaga } from '../features/ranking/saga';
import { tryoutMateriSaga } from '../features/tryoutMateri/saga';
import { tryoutPaketSaga } from '../features/tryoutPaket/saga';
import { clock } from '../lib/clock';
import { watchOnline } from '../lib/run/outbox';
import { cacheSyncSaga } from './cacheSync';

/** Each feature's watcher saga. Add a feature by adding its saga here (one line). */
export const featureSagas: Saga[] = [
  authSaga,
  profileSaga,
  jadwalSaga,
  hasilSaga,
  rankingSaga,
  tryoutPaketSaga,
  tryoutMateriSaga,
  // The run engine hears the browser come back online (unsent answers are then sent again).
  watchOnline,
  cacheSyncSaga,
];

/** Restarts in a row before a crashing watcher is given up (a watcher that throws at once would spin). */
const MAX_RESTARTS = 5;

/** A watcher that ran this long before it crashed was healthy: its count of restarts in a row starts over. */
const HEALTHY_RUN_MS = 60_000;

/**
 * Run a watcher; when it crashes, log the error and start it again, so one crash stops no other feature. Only
 * crashes in a row count towards giving up: a crash after a healthy run starts the count again, so a long
 * session's rare crashes never use up the restarts. Inside a feature, each handler is wrapped in `safely`
 * (lib/safely.ts), so a handler's exception does not even get here.
 */
export function* keepAlive(saga: Saga) {
  let restarts = 0;
  for (;;) {
    const started = yield* call(clock.now);
    try {
      yield* call(saga);
      return;
    } catch (error) {
      const ended = yield* call(clock.now);
      if (ended - started >= HEALTHY_RUN_MS) restarts = 0;
      if (restarts >= MAX_RESTARTS) {
        console.error(`saga ${saga.name || 'anonymous'} stopped after ${MAX_RESTARTS} restarts`, error);
        return;
      }
      restarts += 1;
      console.error(`saga ${saga.name || 'anonymous'} crashed; restarting`, error);
    }
  }
}

/**
 * Every watcher, each detached (spawn) so that one's failure never cancels another; cancelling the root (a store
 * that is done, e.g. a QA replay's) still ends them all.
 */
export function* rootSaga() {
  const tasks: Task[] = [];
  for (const saga of featureSagas) tasks.push(yield* spawn(keepAlive, saga));
  try {
    yield* join(tasks);
  } finally {
    if (yield* cancelled()) yield* cancel(tasks);
  }
}
