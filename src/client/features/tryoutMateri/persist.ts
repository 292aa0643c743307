import { createTransform } from 'redux-persist';
import { tryoutMateriInitialState, type TryoutMateriState } from './slice';

/** What survives a reload: the level the student was at and the running topic (not the clock; see the saga). */
const PERSISTED_KEYS = [
  'openTab',
  'isRunning',
  'currentKategori',
  'currentMapel',
  'currentMateri',
  'soal',
  'detailToMateri',
  'listJawaban',
] as const satisfies readonly (keyof TryoutMateriState)[];

type PersistedMateri = Pick<TryoutMateriState, (typeof PERSISTED_KEYS)[number]>;

export const tryoutMateriPersistTransform = createTransform<TryoutMateriState, PersistedMateri>(
  (state) => Object.fromEntries(PERSISTED_KEYS.map((key) => [key, state[key]])) as PersistedMateri,
  (stored) => ({ ...tryoutMateriInitialState, ...stored }),
  { whitelist: ['tryoutMateri'] },
);
