/**
 * A package run as a configuration of the run engine (lib/run/engine.ts): "Mulai Sekarang" on a category,
 * "Kerjakan" on a subject, the subject's sheet with its clock (subject.ts), "Selesaikan Ujian" and "Akhiri Tryout".
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select } from 'typed-redux-saga';
import type { SoalPaket } from '../../../contract';
import { endPaket } from '../../api/tryoutPaket';
import { confirmDialog, showError, showFailed, showMessage } from '../../components/dialogs';
import { navigateRequested } from '../../lib/navigation';
import {
  endRun,
  finishRun,
  sheetSession as runSheetSession,
  startRun,
  type RunConfig,
} from '../../lib/run/engine';
import { text } from '../../text';
import { selectIdSiswa } from '../../session/events';
import { PAKET, paketOutbox } from './answers';
import { paketLeave } from './leave';
import { loadPreview } from './preview';
import { detailPath, previewPath, sheetPath } from './paths';
import { findKategori, findMapel, selectTryoutPaket, type WithTryoutPaket } from './selectors';
import {
  paketRunActions,
  runCleared,
  runStarted,
  startPending,
  type RunTarget,
  type SheetTarget,
} from './slice';
import { prepareSubject, refreshRun, requestPaketStart } from './subject';

export { detailPath, previewPath, sheetPath };

type PaketSession = { id_hasil_to: number; soal: SoalPaket[] };

export const paketRun: RunConfig<RunTarget, PaketSession, SheetTarget, WithTryoutPaket> = {
  kind: PAKET,
  actions: paketRunActions,
  sheetStops: [runCleared.type],
  runCleared,
  start: {
    confirm: (state, target) => ({
      title: text.tryoutPaket.yakin,
      text: text.tryoutPaket.startText(
        findKategori(state.tryoutPaket.detailPaket, target.kategoriHash)?.kategori ?? '',
      ),
      confirmText: text.tryoutPaket.startConfirm,
    }),
    request: requestPaketStart,
    failedText: text.tryoutPaket.startFailed,
    pending: startPending,
    *started(target, session) {
      const state = yield* select(selectTryoutPaket);
      const numPaket = state.idJadwal === target.idJadwal ? state.paket : null;
      yield* put(runStarted({ ...target, numPaket, idHasil: session.id_hasil_to, soal: session.soal }));
      yield* put(navigateRequested({ to: previewPath(target), replace: false }));
    },
  },
  sheet: {
    isCurrent: ({ tryoutPaket: state }, target) =>
      state.isRunning &&
      state.run?.idJadwal === target.idJadwal &&
      state.run.kategoriHash === target.kategoriHash,
    away: (target) => detailPath(target.idJadwal),
    synced: (state) => state.tryoutPaket.synced,
    resume: refreshRun,
    prepare: prepareSubject,
  },
  finish: {
    confirm: { title: text.tryoutPaket.finishConfirmTitle, confirmText: text.tryoutPaket.finishConfirm },
    /** Only with an open subject (its time known). */
    *allowed() {
      const state = yield* select(selectTryoutPaket);
      if (state.detailMapel) return true;
      yield* call(showError, text.common.error, text.tryoutPaket.timerSaveFailed);
      return false;
    },
  },
  end: {
    refusedText: text.tryoutPaket.endFailed,
    *callFailed() {
      yield* call(showFailed, text.tryoutPaket.endFailed);
    },
    *reload(target) {
      yield* call(loadPreview, target.idJadwal);
    },
    path: (target) => detailPath(target.idJadwal),
  },
  outbox: paketOutbox,
  leave: paketLeave,
};

/** "Kerjakan" on a subject: confirm, then open the sheet. */
export function* kerjakanFlow(action: PayloadAction<SheetTarget>) {
  const state = yield* select(selectTryoutPaket);
  const mapel = findMapel(
    findKategori(state.detailPaket, action.payload.kategoriHash),
    action.payload.idMapel,
  );
  const confirmed = yield* call(confirmDialog, {
    title: text.tryoutPaket.yakin,
    text: text.tryoutPaket.kerjakanText(mapel?.mapel ?? ''),
    confirmText: text.tryoutPaket.kerjakanConfirm,
  });
  if (confirmed) yield* put(navigateRequested({ to: sheetPath(action.payload), replace: false }));
}

/** "Akhiri Tryout": blocked while a subject is open (status 0), else confirm → end → clear → /to/{id}. */
export function* endFlow(action: PayloadAction<RunTarget>) {
  const target = action.payload;
  const state = yield* select(selectTryoutPaket);
  const kategori = findKategori(state.detailPaket, target.kategoriHash);
  if (!kategori || kategori.detailSoal.some((mapel) => mapel.status === '0')) {
    yield* call(showMessage, {
      title: text.tryoutPaket.belumSelesaiSemua,
      icon: 'warning' as const,
      confirmText: text.tryoutPaket.baiklah,
    });
    return;
  }
  const confirmed = yield* call(confirmDialog, {
    title: text.tryoutPaket.yakin,
    text: text.tryoutPaket.endText(kategori.kategori),
    confirmText: text.tryoutPaket.endConfirm,
  });
  if (!confirmed) return;
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  yield* endRun(paketRun, target, endPaket, target.idJadwal, target.kategoriHash, { id_siswa: idSiswa });
}

/** The engine's handlers bound to the package configuration (what the saga and the tests run). */
export const startFlow = (action: PayloadAction<RunTarget>) => startRun(paketRun, action);
export const subjectSession = (action: PayloadAction<SheetTarget>) => runSheetSession(paketRun, action);
export const finishFlow = () => finishRun(paketRun);
