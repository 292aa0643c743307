import { persistKeys } from '../../lib/persistKeys';
import { tryoutPaketInitialState } from './slice';

/**
 * What survives a reload mid-tryout: the run itself. Screen state never does; the sheet asks the server for the
 * remaining time, and only without network counts on to the deadline the run engine keeps (lib/run/persist.ts).
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
