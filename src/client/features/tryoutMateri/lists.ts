/** The three levels of /to-permateri: categories → subjects → topics. */
import { call, put, select } from 'typed-redux-saga';
import {
  fetchMateriKategori,
  fetchMateriList,
  fetchMateriMapel,
  type MateriKategoriReply,
  type MateriListReply,
  type MateriMapelReply,
} from '../../api/tryoutMateri';
import { showCallError, showFailed } from '../../components/dialogs';
import { text } from '../../text';
import { selectIdSiswa } from '../../session/events';
import { kategoriLoaded, listFailed, listLoading, mapelLoaded, materiLoaded } from './slice';
import { selectTryoutMateri } from './selectors';
import { callRead } from '../../lib/readRetry';

type Reply = MateriKategoriReply | MateriMapelReply | MateriListReply;

/** One level's call: its content, or null after the "Failed" or error dialog. */
function* fetchLevel<R extends Reply>(
  fetch: (...args: number[]) => Promise<R>,
  args: number[],
  action: string,
) {
  yield* put(listLoading());
  try {
    const reply = yield* callRead(fetch, ...args);
    if (reply.status && 'content' in reply)
      return reply.content as Extract<R, { content: unknown }>['content'];
    yield* put(listFailed());
    yield* call(showFailed, reply.message);
  } catch (error) {
    yield* put(listFailed());
    yield* call(showCallError, error, action);
  }
  return null;
}

/** Load the list of the level on screen (openTab 1, 2 or 3). */
export function* loadCurrentLevel() {
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  const { openTab, currentKategori, currentMapel } = yield* select(selectTryoutMateri);
  const actions = text.tryoutMateri.actions;
  if (openTab >= 3 && currentKategori && currentMapel) {
    const args = [idSiswa, currentKategori.id, currentMapel.id_mapel];
    const content = yield* call(fetchLevel<MateriListReply>, fetchMateriList, args, actions.getMateri);
    if (content) yield* put(materiLoaded(content.materi));
  } else if (openTab >= 2 && currentKategori) {
    const content = yield* call(
      fetchLevel<MateriMapelReply>,
      fetchMateriMapel,
      [idSiswa, currentKategori.id],
      actions.getMapel,
    );
    if (content) yield* put(mapelLoaded(content.mapel));
  } else {
    const content = yield* call(
      fetchLevel<MateriKategoriReply>,
      fetchMateriKategori,
      [idSiswa],
      actions.getKategori,
    );
    if (content) yield* put(kategoriLoaded(content.kategori));
  }
}
