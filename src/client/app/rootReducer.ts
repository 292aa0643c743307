import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/slice';
import { sessionEnded } from '../session/events';
import { hasilReducer } from '../features/hasil/slice';
import { jadwalReducer } from '../features/jadwal/slice';
import { profileReducer } from '../features/profile/slice';
import { rankingReducer } from '../features/ranking/slice';
import { tryoutMateriReducer } from '../features/tryoutMateri/slice';
import { tryoutPaketReducer } from '../features/tryoutPaket/slice';
import { navigationReducer } from '../lib/navigation';
import { runReducer } from '../lib/run/slice';

/** Every slice, by the name of its feature folder. */
const combinedReducer = combineReducers({
  auth: authReducer,
  profile: profileReducer,
  jadwal: jadwalReducer,
  tryoutPaket: tryoutPaketReducer,
  tryoutMateri: tryoutMateriReducer,
  hasil: hasilReducer,
  ranking: rankingReducer,
  navigation: navigationReducer,
  run: runReducer,
});

/** The app state without redux-persist's bookkeeping. */
export type AppState = ReturnType<typeof combinedReducer>;

/** When the session ends every slice starts over, so nothing of one student is left for the next. */
export function rootReducer(state: AppState | undefined, action: UnknownAction): AppState {
  return combinedReducer(sessionEnded.match(action) ? undefined : state, action);
}
