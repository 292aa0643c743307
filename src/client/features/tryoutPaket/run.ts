/** Starting, resuming and ending a package tryout category (spec §4 "Package tryout run"). */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select } from 'redux-saga/effects';
import type { KategoriPreview } from '../../../contract';
import { isUnauthorized } from '../../api/http';
import { endPaket, startPaket, type EndPaketReply, type StartPaketReply } from '../../api/tryoutPaket';
import { navigateRequested } from '../../lib/navigation';
import { confirmDialog, showFailed, showMessage } from '../../components/dialogs';
import { encodeBase64Utf8 } from '../../lib/base64';
import { outboxCleared } from '../../lib/run/slice';
import { text } from '../../text';
import { selectIdSiswa } from '../../session/events';
import { PAKET } from './answers';
import { loadPreview } from './preview';
import { findKategori, findMapel, selectTryoutPaket } from './selectors';
import {
  runCleared,
  runStarted,
  soalRefreshed,
  startPending,
  type RunTarget,
  type SheetTarget,
  type TryoutPaketState,
} from './slice';

export const previewPath = ({ idJadwal, kategoriHash }: RunTarget) =>
  `/to/${idJadwal}/preview/${kategoriHash}`;
export const detailPath = (idJadwal: number) => `/to/${idJadwal}`;
export const sheetPath = ({ idJadwal, kategoriHash, idMapel }: SheetTarget) =>
  `/to/${idJadwal}/sheet/${kategoriHash}/${encodeBase64Utf8(String(idMapel))}`;

/** "Mulai Sekarang": confirm, start (idempotent on the server), store the run, go to the preview. */
export function* startFlow(action: PayloadAction<RunTarget>) {
  const target = action.payload;
  const state: TryoutPaketState = yield select(selectTryoutPaket);
  const kategori: KategoriPreview | undefined = findKategori(state.detailPaket, target.kategoriHash);
  const confirmed: boolean = yield call(confirmDialog, {
    title: text.tryoutPaket.yakin,
    text: text.tryoutPaket.startText(kategori?.kategori ?? ''),
    confirmText: text.tryoutPaket.startConfirm,
  });
  if (!confirmed) return;
  const idSiswa: number | null = yield select(selectIdSiswa);
  if (idSiswa === null) return;
  yield put(startPending(true));
  try {
    const reply: StartPaketReply = yield call(startPaket, target.idJadwal, target.kategoriHash, idSiswa);
    if (reply.status && 'content' in reply) {
      const numPaket = state.idJadwal === target.idJadwal ? state.paket : null;
      yield put(
        runStarted({ ...target, numPaket, idHasil: reply.content.id_hasil_to, soal: reply.content.soal }),
      );
      yield put(navigateRequested({ to: previewPath(target), replace: false }));
      return;
    }
    yield put(startPending(false));
    yield call(showFailed, reply.message || text.tryoutPaket.startFailed);
  } catch (error) {
    yield put(startPending(false));
    if (!isUnauthorized(error)) yield call(showFailed, text.tryoutPaket.startFailed);
  }
}

/**
 * After a reload the persisted answers are refreshed from the server: a second start returns the same attempt
 * with the answers it saved. False when the run cannot go on (the server refused).
 */
export function* refreshRun(run: RunTarget) {
  const idSiswa: number | null = yield select(selectIdSiswa);
  if (idSiswa === null) return false;
  try {
    const reply: StartPaketReply = yield call(startPaket, run.idJadwal, run.kategoriHash, idSiswa);
    if (reply.status && 'content' in reply) {
      yield put(soalRefreshed({ idHasil: reply.content.id_hasil_to, soal: reply.content.soal }));
      return true;
    }
    yield call(showFailed, reply.message);
    return false;
  } catch {
    // Offline for a moment: the persisted answers are still the latest the server accepted.
    return true;
  }
}

/** "Kerjakan" on a subject: confirm, then open the sheet. */
export function* kerjakanFlow(action: PayloadAction<SheetTarget>) {
  const state: TryoutPaketState = yield select(selectTryoutPaket);
  const mapel = findMapel(
    findKategori(state.detailPaket, action.payload.kategoriHash),
    action.payload.idMapel,
  );
  const confirmed: boolean = yield call(confirmDialog, {
    title: text.tryoutPaket.yakin,
    text: text.tryoutPaket.kerjakanText(mapel?.mapel ?? ''),
    confirmText: text.tryoutPaket.kerjakanConfirm,
  });
  if (confirmed) yield put(navigateRequested({ to: sheetPath(action.payload), replace: false }));
}

/** "Akhiri Tryout": blocked while a subject is open (status 0), else confirm → end → clear → /to/{id}. */
export function* endFlow(action: PayloadAction<RunTarget>) {
  const target = action.payload;
  const state: TryoutPaketState = yield select(selectTryoutPaket);
  const kategori = findKategori(state.detailPaket, target.kategoriHash);
  if (!kategori || kategori.detailSoal.some((mapel) => mapel.status === '0')) {
    yield call(showMessage, {
      title: text.tryoutPaket.belumSelesaiSemua,
      icon: 'warning',
      confirmText: text.tryoutPaket.baiklah,
    });
    return;
  }
  const confirmed: boolean = yield call(confirmDialog, {
    title: text.tryoutPaket.yakin,
    text: text.tryoutPaket.endText(kategori.kategori),
    confirmText: text.tryoutPaket.endConfirm,
  });
  if (!confirmed) return;
  const idSiswa: number | null = yield select(selectIdSiswa);
  if (idSiswa === null) return;
  try {
    const reply: EndPaketReply = yield call(endPaket, target.idJadwal, target.kategoriHash, {
      id_siswa: idSiswa,
    });
    if (!reply.status) {
      yield call(showFailed, reply.message || text.tryoutPaket.endFailed);
      return;
    }
  } catch (error) {
    if (!isUnauthorized(error)) yield call(showFailed, text.tryoutPaket.endFailed);
    return;
  }
  yield put(runCleared());
  yield put(outboxCleared({ kind: PAKET }));
  yield call(loadPreview, target.idJadwal);
  yield put(navigateRequested({ to: detailPath(target.idJadwal), replace: true }));
}
