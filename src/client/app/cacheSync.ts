/**
 * Keeps one feature's cache in step with what another feature has just learnt from the server (features do not
 * import each other; the app wires them). The schedule lists are loaded once and cached, so when a
 * package's detail arrives with every category ended, the cached schedule turns finished at once: "Mulai" becomes
 * "Pembahasan" without a reload.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { put, takeEvery } from 'typed-redux-saga';
import type { KategoriPreview } from '../../contract';
import { jadwalFinished } from '../features/jadwal/slice';
import { previewLoaded } from '../features/tryoutPaket/slice';
import { safely } from '../lib/safely';

export function* onPreviewLoaded(
  action: PayloadAction<{ idJadwal: number; detailPaket: KategoriPreview[] }>,
) {
  const { idJadwal, detailPaket } = action.payload;
  if (detailPaket.length > 0 && detailPaket.every((kategori) => kategori.is_selesai === 1)) {
    yield* put(jadwalFinished(idJadwal));
  }
}

export function* cacheSyncSaga() {
  yield* takeEvery(previewLoaded.type, safely(onPreviewLoaded));
}
