import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer } from 'redux-persist';
import { actionSanitizer, stateSanitizer } from './devtools';
import { persistConfig } from './persist';
import { rootReducer, type AppState } from './rootReducer';
import { rootSaga } from './rootSaga';

export type PreloadedAppState = Partial<AppState>;

export interface MakeStoreOptions {
  /** Run the root saga (default true); saga tests that drive one saga themselves pass false. */
  runSaga?: boolean;
}

/** The store: every slice, saga middleware, redux-persist and Redux DevTools (state and actions sanitized). */
export function makeStore(preloadedState?: PreloadedAppState, { runSaga = true }: MakeStoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware({
    onError: (error, { sagaStack }) => console.error('saga error', error, sagaStack),
  });
  const store = configureStore({
    reducer: persistReducer(persistConfig, rootReducer),
    preloadedState: preloadedState as ReturnType<ReturnType<typeof persistReducer<AppState>>> | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(sagaMiddleware),
    // Kept in production too (the team debugs live sessions); secrets are masked.
    devTools: { name: 'SiapTes', stateSanitizer, actionSanitizer },
  });
  if (runSaga) sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
