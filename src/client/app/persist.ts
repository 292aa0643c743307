import type { PersistConfig } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { profilePersistTransform } from '../features/profile/persist';
import { tryoutMateriPersistTransform } from '../features/tryoutMateri/persist';
import { tryoutPaketPersistTransform } from '../features/tryoutPaket/persist';
import { runPersistTransform } from '../lib/run/persist';
import type { AppState } from './rootReducer';

/**
 * The slices that must survive a reload (localStorage): the profile for the navbar and dashboard, and the
 * running tryouts with their unsent answers. Add a slice name here to persist it. `auth` is not here: it is derived from the cookies.
 */
export const PERSISTED_SLICES: (keyof AppState)[] = ['profile', 'tryoutPaket', 'tryoutMateri', 'run'];

export const persistConfig: PersistConfig<AppState> = {
  key: 'siaptes',
  version: 1,
  storage,
  whitelist: PERSISTED_SLICES,
  // The tryout slices keep only their run state (each feature's persist.ts says which keys); a profile load in
  // progress is not kept.
  transforms: [
    profilePersistTransform,
    tryoutPaketPersistTransform,
    tryoutMateriPersistTransform,
    runPersistTransform,
  ],
};
