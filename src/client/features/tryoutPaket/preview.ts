/** Loading the package detail (Detail Tryout, and its reloads after a subject closes). */
import { call, put, select, take } from 'redux-saga/effects';
import { fetchPreviewPaket, type PreviewPaketReply } from '../../api/tryoutPaket';
import { showCallError, showFailed } from '../../components/dialogs';
import { text } from '../../text';
import type { JadwalState } from '../jadwal/slice';
import { jadwalListFailed, jadwalListLoaded, jadwalRequested } from '../jadwal/slice';
import { paketOfJadwal } from './selectors';
import { previewFailed, previewLoaded, type TryoutPaketState } from './slice';

type PaketAndJadwal = { tryoutPaket: TryoutPaketState; jadwal: JadwalState };

const settled = (status: JadwalState['status']) =>
  Object.values(status).every((value) => value === 'loaded' || value === 'failed');

/**
 * The package number of a schedule, which the preview call needs in its path. Taken from the schedule lists; when
 * the student came straight to /to/{id} (a link, a reload) the lists are loaded first.
 */
export function* resolvePaket(idJadwal: number) {
  let paket: number | null = yield select((state: PaketAndJadwal) => paketOfJadwal(state, idJadwal));
  if (paket !== null) return paket;
  yield put(jadwalRequested());
  for (;;) {
    const status: JadwalState['status'] = yield select((state: PaketAndJadwal) => state.jadwal.status);
    paket = yield select((state: PaketAndJadwal) => paketOfJadwal(state, idJadwal));
    if (paket !== null || settled(status)) return paket;
    yield take([jadwalListLoaded.type, jadwalListFailed.type]);
  }
}

/** Load the package detail of a schedule into the store; true when it arrived. */
export function* loadPreview(idJadwal: number) {
  const paket: number | null = yield call(resolvePaket, idJadwal);
  if (paket === null) {
    yield put(previewFailed());
    return false;
  }
  try {
    const reply: PreviewPaketReply = yield call(fetchPreviewPaket, paket, idJadwal);
    if (reply.status && 'content' in reply) {
      yield put(
        previewLoaded({ idJadwal, paket: reply.content.paket, detailPaket: reply.content.detailPaket }),
      );
      return true;
    }
    yield put(previewFailed());
    yield call(showFailed, reply.message);
  } catch (error) {
    yield put(previewFailed());
    yield call(showCallError, error, text.actions.getPreviewTryout);
  }
  return false;
}
