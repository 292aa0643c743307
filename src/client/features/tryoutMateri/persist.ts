import { persistKeys } from '../../lib/persistKeys';
import { tryoutMateriInitialState } from './slice';

/** What survives a reload: the level the student was at and the running topic (its clock's deadline is the run
 * engine's, lib/run/persist.ts). */
export const tryoutMateriPersistTransform = persistKeys('tryoutMateri', tryoutMateriInitialState, [
  'openTab',
  'isRunning',
  'currentKategori',
  'currentMapel',
  'currentMateri',
  'soal',
  'detailToMateri',
  'listJawaban',
]);
