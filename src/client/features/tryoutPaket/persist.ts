import { createTransform } from 'redux-persist';
import { tryoutPaketInitialState, type TryoutPaketState } from './slice';

/**
 * What survives a reload mid-tryout: the run itself (spec §3 "Tryout in progress"). Screen state (the deadline,
 * verdicts) never does: a wall-clock deadline from another page load would be the browser's time, and the sheet
 * asks the server for the remaining time anyway.
 */
const PERSISTED_KEYS = [
  'isRunning',
  'numPaket',
  'detailPaket',
  'soal',
  'idHasil',
  'detailMapel',
  'run',
  'idJadwal',
  'paket',
] as const satisfies readonly (keyof TryoutPaketState)[];

type PersistedPaket = Pick<TryoutPaketState, (typeof PERSISTED_KEYS)[number]>;

export const tryoutPaketPersistTransform = createTransform<TryoutPaketState, PersistedPaket>(
  (state) => Object.fromEntries(PERSISTED_KEYS.map((key) => [key, state[key]])) as PersistedPaket,
  (stored) => ({ ...tryoutPaketInitialState, ...stored }),
  { whitelist: ['tryoutPaket'] },
);
