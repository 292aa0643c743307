import {
  configureStore,
  type Dispatch,
  type Middleware,
  type MiddlewareAPI,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist/lib/constants';
import { connectRecorder } from '../lib/recorded';
import { DENIED_ACTIONS, devToolsOptions } from './devtools';
import type { Persistence } from './persistence';
import { rootReducer, type AppState } from './rootReducer';
import type { MountedSagas, SagaMount } from './sagaMount';
import { stampTime } from './sessionRecording';
import { recordInto, SessionHistory } from '../lib/sessionHistory';

export type PreloadedAppState = Partial<AppState>;

/**
 * The page's own copy of what Redux DevTools records, with the same settings, for a student's problem report
 * (features/laporan): the last store made is the page's.
 */
export const sessionHistory = new SessionHistory({
  maxAge: devToolsOptions.maxAge ?? 50,
  denylist: DENIED_ACTIONS,
});

/**
 * The state a page load starts from: every slice's initial state, the session read from the cookies. The page
 * creates its store with it, so Redux DevTools keeps it as the start of the history and its Export writes it as
 * `preloadedState`: a QA replay of the export then starts logged in as the student was (README "Support").
 */
export function bootState(): AppState {
  return rootReducer(undefined, { type: 'siaptes/boot' });
}

export interface CreateStoreOptions {
  /**
   * The sagas to mount (sagaMount.ts): at once, or once their module has loaded (the page's boot: redux-saga, the
   * sagas, axios and the dialogs are a chunk of their own, so the first screen does not wait for them); null, none.
   */
  saga: SagaMount | Promise<SagaMount> | null;
  /**
   * redux-persist (persistence.ts): at once, or once its chunk has loaded (the page's boot, so /login does without
   * it); none, the state is not kept. Until it is there the reducers are the plain ones, as redux-persist's own
   * reducer is until persistStore starts it: the caller starts it (persistStore) once it is there.
   */
  persistence?: Persistence | Promise<Persistence>;
  /** Sees every action that reaches the reducers, stamped and tagged (QA replays compare what the sagas put). */
  observe?: (action: UnknownAction) => void;
}

/**
 * The store: every slice, saga middleware, redux-persist and Redux DevTools (state and actions sanitized), with
 * the recording that makes a DevTools export replayable (sessionRecording.ts, lib/recorded.ts). app/store.ts
 * makes it with the root saga running at once.
 */
export function createStore(
  preloadedState: PreloadedAppState | undefined,
  { saga, persistence, observe }: CreateStoreOptions,
) {
  let reducers = rootReducer as Persistence['reducer'];
  if (persistence instanceof Promise) {
    // Should the chunk fail, the page goes on without keeping its state (index.tsx).
    void persistence.then(
      (loaded) => (reducers = loaded.reducer),
      () => undefined,
    );
  } else if (persistence) reducers = persistence.reducer;
  const observer: Middleware = () => (next) => (action) => {
    observe?.(action as UnknownAction);
    return next(action);
  };
  // Until sagas that are still loading run, the actions are kept and handed to them in order once they run (the
  // reducers have them at once): a login pressed before the chunk arrived is not lost.
  let waiting: UnknownAction[] | null = saga instanceof Promise ? [] : null;
  let mounted: MountedSagas | null = null;
  let chain: { api: MiddlewareAPI; next: Dispatch } | null = null;
  const lateSagas: Middleware = (api) => (next) => {
    chain = { api, next: next as Dispatch };
    return (action) => {
      if (mounted) return mounted.dispatch(action as UnknownAction);
      waiting?.push(action as UnknownAction);
      return next(action);
    };
  };
  const store = configureStore({
    reducer: ((state, action) => reducers(state, action)) as Persistence['reducer'],
    preloadedState: preloadedState as ReturnType<Persistence['reducer']> | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(stampTime, observer)
        .concat(lateSagas),
    // Kept in production too (support reads live sessions, README "Support"); personal data is masked.
    devTools: devToolsOptions,
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers().concat(recordInto(sessionHistory)),
  });
  // The HTTP layer and the dialogs record their answers (`api/answered`, `dialog/answered`) into this store.
  connectRecorder(store.dispatch);
  let stopped = false;
  const mount = (sagas: SagaMount) => {
    if (stopped || !chain) return;
    mounted = sagas(chain.api, chain.next);
    const kept = waiting ?? [];
    waiting = null;
    for (const action of kept) mounted.hear(action);
  };
  if (saga instanceof Promise) void saga.then(mount);
  else if (saga) mount(saga);
  /** Ends every saga of this store (a QA replay's store must not keep retrying into the next replay). */
  const stopSagas = () => {
    stopped = true;
    waiting = null;
    mounted?.cancel();
  };
  return Object.assign(store, { stopSagas });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
