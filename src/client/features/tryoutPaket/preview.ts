/** Loading the package detail (Detail Tryout, and its reloads after a subject closes). */
import { call, put, select } from 'typed-redux-saga';
import type { JadwalItem } from '../../../contract';
import { fetchJadwal, type JadwalListName } from '../../api/jadwal';
import { fetchPreviewPaket } from '../../api/tryoutPaket';
import { showCallError, showFailed } from '../../components/dialogs';
import { text } from '../../text';
import { selectIdSiswa } from '../../session/events';
import { paketOfJadwal, type WithJadwalLists } from './selectors';
import { previewFailed, previewLoaded, previewNotEnrolled, type TryoutPaketState } from './slice';
import { callRead } from '../../lib/readRetry';

type PaketState = { tryoutPaket: TryoutPaketState } & WithJadwalLists;

const LISTS: JadwalListName[] = ['current', 'previous', 'future'];

/**
 * The package number of a schedule, which the preview call needs in its path: from the lists already loaded,
 * else (the student came straight to /to/{id}: a link, a reload) asked of the schedule calls themselves.
 * 'notEnrolled' when every list answered without it; null when a list could not be read.
 */
export function* resolvePaket(idJadwal: number) {
  const known = yield* select((state: PaketState) => paketOfJadwal(state, idJadwal));
  if (known !== null) return known;
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return null;
  for (const list of LISTS) {
    try {
      const reply = yield* callRead(fetchJadwal, list, idSiswa);
      if (!reply.status || !('content' in reply)) return null;
      const items: JadwalItem[] = reply.content;
      const item = items.find((jadwal) => jadwal.id === idJadwal);
      if (item) return Number(item.paket);
    } catch (error) {
      yield* call(showCallError, error, text.actions.getPreviewTryout);
      return null;
    }
  }
  return 'notEnrolled' as const;
}

/** Load the package detail of a schedule into the store; true when it arrived. */
export function* loadPreview(idJadwal: number) {
  const paket = yield* call(resolvePaket, idJadwal);
  if (paket === 'notEnrolled') {
    yield* put(previewNotEnrolled());
    return false;
  }
  if (paket === null) {
    yield* put(previewFailed());
    return false;
  }
  try {
    const reply = yield* callRead(fetchPreviewPaket, paket, idJadwal);
    if (reply.status && 'content' in reply) {
      yield* put(
        previewLoaded({ idJadwal, paket: reply.content.paket, detailPaket: reply.content.detailPaket }),
      );
      return true;
    }
    yield* put(previewFailed());
    yield* call(showFailed, reply.message);
  } catch (error) {
    yield* put(previewFailed());
    yield* call(showCallError, error, text.actions.getPreviewTryout);
  }
  return false;
}
