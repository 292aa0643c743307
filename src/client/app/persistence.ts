/**
 * redux-persist with the app's configuration (persist.ts): the reducer that keeps the persisted slices in
 * localStorage, and persistStore that starts it. The page's boot loads it as a chunk of its own, beside the first
 * page's (index.tsx); tests and QA replays have it at once (store.ts).
 */
import { persistReducer, persistStore } from 'redux-persist';
import { persistConfig } from './persist';
import { rootReducer } from './rootReducer';

export const persistence = { reducer: persistReducer(persistConfig, rootReducer), persistStore };

export type Persistence = typeof persistence;
