import { createStore, type PreloadedAppState } from './storeCore';
import type { UnknownAction } from '@reduxjs/toolkit';
import { persistence } from './persistence';
import { rootSaga } from './rootSaga';
import { mountSaga } from './sagaMount';

// What the tests and QA replays took from here before the page's boot moved to storeCore.ts.
export { sessionHistory, type AppStore, type PreloadedAppState } from './storeCore';

export interface MakeStoreOptions {
  /** Run the root saga (default true); saga tests that drive one saga themselves pass false. */
  runSaga?: boolean;
  /** Sees every action that reaches the reducers, stamped and tagged (QA replays compare what the sagas put). */
  observe?: (action: UnknownAction) => void;
}

/** The store with the root saga running at once (tests, QA replays); the page's boot loads the sagas later. */
export function makeStore(
  preloadedState?: PreloadedAppState,
  { runSaga = true, observe }: MakeStoreOptions = {},
) {
  return createStore(preloadedState, {
    saga: runSaga ? mountSaga(rootSaga) : null,
    persistence,
    observe,
  });
}
