import { persistKeys } from '../../lib/persistKeys';
import { tryoutPaketInitialState } from './slice';

/**
 * What survives a reload mid-tryout: the run itself. Screen state (the deadline, verdicts) never does: a
 * wall-clock deadline from another page load would be the browser's time, and the sheet asks the server for the
 * remaining time anyway.
 */
export const tryoutPaketPersistTransform = persistKeys('tryoutPaket', tryoutPaketInitialState, [
  'isRunning',
  'numPaket',
  'detailPaket',
  'soal',
  'idHasil',
  'detailMapel',
  'run',
  'idJadwal',
  'paket',
]);
