import { fork, put, select, takeEvery } from 'typed-redux-saga';
import { fetchJadwal, type JadwalListName } from '../../api/jadwal';
import { loadContent } from '../../lib/loadContent';
import { text } from '../../text';
import { selectIdSiswa } from '../../session/events';
import {
  jadwalListFailed,
  jadwalListLoaded,
  jadwalListLoading,
  jadwalRequested,
  selectJadwalStatus,
} from './slice';
import { safely } from '../../lib/safely';

/** Action names shown in error dialogs. */
const actionNames: Record<JadwalListName, string> = {
  current: text.actions.getJadwalCurrent,
  future: text.actions.getJadwalFuture,
  previous: text.actions.getJadwalPrevious,
};

const LISTS: JadwalListName[] = ['current', 'future', 'previous'];

export function* loadJadwalList(list: JadwalListName, idSiswa: number) {
  yield* put(jadwalListLoading(list));
  yield* loadContent(fetchJadwal, [list, idSiswa], {
    loaded: (items) => jadwalListLoaded({ list, items }),
    failed: jadwalListFailed(list),
    action: actionNames[list],
  });
}

/** Load the lists not loaded yet (a list being loaded or already loaded is left alone). */
export function* loadJadwal() {
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  const status = yield* select(selectJadwalStatus);
  const missing = LISTS.filter((list) => status[list] === 'idle' || status[list] === 'failed');
  for (const list of missing) yield* fork(loadJadwalList, list, idSiswa);
}

export function* jadwalSaga() {
  yield* takeEvery(jadwalRequested.type, safely(loadJadwal));
}
