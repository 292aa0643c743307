/**
 * The open subject's clock (spec §4 "Countdown (package)"): the server's remaining time on opening, a countdown
 * recomputed from a deadline, the 5-minute warning, the 120-s sync and the time-up flow.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, cancelled, put, race, select, spawn, take } from 'redux-saga/effects';
import { updateStatusMapel, type StatusMapelReply } from '../../api/tryoutPaket';
import { navigateRequested } from '../../app/sagaNavigation';
import { forcedDialog, showError, toast } from '../../components/dialogs';
import { clock } from '../../lib/clock';
import {
  crossedMultiple,
  crossedWarning,
  deadlineFrom,
  msUntilNextSecond,
  remainingSeconds,
} from '../../lib/countdown';
import { text } from '../../text';
import { selectIdSiswa, sessionEnded } from '../auth/slice';
import { loadPreview } from './preview';
import { detailPath, previewPath, refreshRun } from './run';
import { findKategori, findMapel, selectDeadline, selectDetailMapel, selectTryoutPaket } from './selectors';
import {
  deadlineSet,
  detailMapelCleared,
  finishConfirmed,
  mapelTimeSet,
  nomorChosen,
  runCleared,
  sheetClosed,
  sisaWaktuTicked,
  type SheetTarget,
  type TryoutPaketState,
} from './slice';
import { firstOpenIndex } from './locking';
import { selectIsRegularStudent } from '../profile/selectors';

/** Seconds given again after a failed time-up report (spec §4, §9). */
export const RETRY_SECONDS = 10;

export interface ServerTime {
  sisa_waktu: number;
  status: number;
}

/** Report the subject's status; the server's view of its time, or null when the call failed. */
export function* reportStatusMapel(target: SheetTarget, sisaWaktu: number, status: 0 | 1) {
  const idSiswa: number | null = yield select(selectIdSiswa);
  if (idSiswa === null) return null;
  try {
    const reply: StatusMapelReply = yield call(updateStatusMapel, target.idJadwal, {
      id_siswa: idSiswa,
      id_mapel: target.idMapel,
      kategori: target.kategoriHash,
      sisa_waktu: Math.max(0, Math.round(sisaWaktu)),
      status,
    });
    const content = 'content' in reply ? reply.content : undefined;
    // A refusal with the server's view (a subject it closed itself when the time ran out) is still the truth:
    // without it the sheet would keep counting down the browser's own time.
    if (content) return content;
    if (!reply.status) return null;
    const server: ServerTime = { sisa_waktu: sisaWaktu, status };
    return server;
  } catch {
    return null;
  }
}

/** The 120-s sync: report the remaining time; if the server counts less (or closed the subject), believe it. */
export function* syncRemaining(target: SheetTarget, seconds: number) {
  const server: ServerTime | null = yield call(reportStatusMapel, target, seconds, 0);
  if (server === null) return;
  const detail: TryoutPaketState['detailMapel'] = yield select(selectDetailMapel);
  const deadline: number | null = yield select(selectDeadline);
  if (!detail || detail.id_mapel !== target.idMapel || deadline === null) return;
  const now: number = yield call(clock.now);
  const left = server.status === 1 ? 0 : server.sisa_waktu;
  if (left < remainingSeconds(deadline, now)) yield put(deadlineSet(deadlineFrom(now, left)));
}

function* fiveMinuteWarning() {
  yield call(toast, text.tryoutPaket.fiveMinuteWarning, 'warning', 5000);
}

/** Count down from `seconds`; returns when the time is up. The deadline can be moved earlier by a sync. */
export function* runCountdown(target: SheetTarget, seconds: number) {
  const start: number = yield call(clock.now);
  yield put(deadlineSet(deadlineFrom(start, seconds)));
  yield put(sisaWaktuTicked(seconds));
  let previous = seconds;
  try {
    while (previous > 0) {
      const before: number = yield call(clock.now);
      const planned: number | null = yield select(selectDeadline);
      if (planned === null) return;
      yield call(clock.sleep, msUntilNextSecond(planned, before));
      const now: number = yield call(clock.now);
      const deadline: number | null = yield select(selectDeadline);
      if (deadline === null) return;
      const current = remainingSeconds(deadline, now);
      if (current === previous) continue;
      yield put(sisaWaktuTicked(current));
      if (current > 0 && crossedWarning(previous, current)) yield spawn(fiveMinuteWarning);
      // Compared with the previous reading, so a throttled tab that skipped ticks still syncs.
      if (current > 0 && crossedMultiple(previous, current)) yield spawn(syncRemaining, target, current);
      previous = current;
    }
  } finally {
    if ((yield cancelled()) as boolean) yield put(deadlineSet(null));
  }
}

/**
 * Time up (or "Selesaikan Ujian"): a modal only "Lanjutkan" closes, then status 1, then the package detail again
 * and the preview. False when the status call failed (the caller gives 10 more seconds and tries again).
 */
export function* closeSubject(target: SheetTarget, mapelName: string, byStudent: boolean) {
  yield call(forcedDialog, {
    title: byStudent ? text.tryoutPaket.finishedTitle : text.tryoutPaket.timeUpTitle,
    text: byStudent ? text.tryoutPaket.finishedText(mapelName) : text.tryoutPaket.timeUpText(mapelName),
    icon: byStudent ? 'success' : 'warning',
    confirmText: text.tryoutPaket.lanjutkan,
  });
  const server: ServerTime | null = yield call(reportStatusMapel, target, 0, 1);
  if (server === null) {
    yield call(showError, text.common.error, text.tryoutPaket.timeUpFailed);
    return false;
  }
  yield put(detailMapelCleared());
  yield call(loadPreview, target.idJadwal);
  yield put(navigateRequested({ to: previewPath(target), replace: true }));
  return true;
}

/** The clock of an open subject until it is closed: a race between time-up and the student's own finish. */
export function* subjectClock(target: SheetTarget, mapelName: string, seconds: number) {
  let left = seconds;
  try {
    for (;;) {
      const outcome: { timeUp?: true; finished?: unknown } = yield race({
        timeUp: call(runCountdown, target, left),
        finished: take(finishConfirmed.type),
      });
      yield put(deadlineSet(null));
      yield put(sisaWaktuTicked(0));
      const closed: boolean = yield call(closeSubject, target, mapelName, outcome.finished !== undefined);
      if (closed) return;
      left = RETRY_SECONDS;
    }
  } finally {
    yield put(deadlineSet(null));
  }
}

/** The sheet opened: check the run, take the server's remaining time, run the clock. */
export function* openSubject(action: PayloadAction<SheetTarget>) {
  const target = action.payload;
  let state: TryoutPaketState = yield select(selectTryoutPaket);
  const sameRun = state.run?.idJadwal === target.idJadwal && state.run.kategoriHash === target.kategoriHash;
  if (!state.isRunning || !sameRun || state.soal.length === 0) {
    yield put(navigateRequested({ to: detailPath(target.idJadwal), replace: true }));
    return;
  }
  if (!state.synced) {
    const canGoOn: boolean = yield call(refreshRun, target);
    if (!canGoOn) {
      yield put(runCleared());
      yield put(navigateRequested({ to: detailPath(target.idJadwal), replace: true }));
      return;
    }
    state = yield select(selectTryoutPaket);
  }
  const mapel = findMapel(findKategori(state.detailPaket, target.kategoriHash), target.idMapel);
  if (!mapel || mapel.status !== '0') {
    yield put(navigateRequested({ to: previewPath(target), replace: true }));
    return;
  }
  const known =
    state.detailMapel?.id_mapel === target.idMapel ? state.detailMapel.sisa_waktu : mapel.sisa_waktu;
  yield put(detailMapelCleared());
  const server: ServerTime | null = yield call(reportStatusMapel, target, known, 0);
  // The server shows a subject's questions only once it is open (the report above opens it): when they are not
  // stored yet, ask again with the same idempotent start.
  if (!state.soal.some((soal) => soal.id_mapel === target.idMapel)) {
    yield call(refreshRun, target);
    state = yield select(selectTryoutPaket);
  }
  const regular: boolean = yield select(selectIsRegularStudent);
  const soalMapel = state.soal.filter((soal) => soal.id_mapel === target.idMapel);
  yield put(nomorChosen(firstOpenIndex(soalMapel, regular)));
  // The server's count is the truth; only if it cannot be reached does the last known count stand in.
  const seconds = server === null ? known : server.status === 1 ? 0 : server.sisa_waktu;
  yield put(mapelTimeSet({ id_mapel: target.idMapel, sisa_waktu: seconds }));
  yield call(subjectClock, target, mapel.mapel, seconds);
}

/** One subject session, ended by leaving the sheet or by the end of the run. */
export function* subjectSession(action: PayloadAction<SheetTarget>) {
  yield race({
    session: call(openSubject, action),
    stop: take([sheetClosed.type, runCleared.type, sessionEnded.type]),
  });
}
