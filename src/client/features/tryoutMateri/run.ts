/** A per-topic run (spec §4 "Per-topic run"): start, the countdown, time-up and end, optimistic saves. */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, cancelled, put, race, select, take } from 'redux-saga/effects';
import type { MateriItem, MateriSession, SoalMateri } from '../../../contract';
import { isUnauthorized } from '../../api/http';
import {
  endMateri,
  saveAnswerMateri,
  startMateri,
  type EndMateriReply,
  type SaveAnswerMateriReply,
  type StartMateriReply,
} from '../../api/tryoutMateri';
import { navigateRequested } from '../../app/sagaNavigation';
import { confirmDialog, forcedDialog, showCallError, showError, showFailed } from '../../components/dialogs';
import { clock } from '../../lib/clock';
import { deadlineFrom, msUntilNextSecond, remainingSeconds } from '../../lib/countdown';
import { text } from '../../text';
import { selectIdSiswa, sessionEnded } from '../auth/slice';
import { loadCurrentLevel } from './lists';
import {
  answerSet,
  deadlineSet,
  finishConfirmed,
  runCleared,
  runStarted,
  selectTryoutMateri,
  sheetClosed,
  sisaWaktuTicked,
  type TryoutMateriState,
} from './slice';

export const LIST_PATH = '/to-permateri';
export const sheetPathOf = (idmateri: number) => `${LIST_PATH}/${idmateri}`;

/** Seconds given again after a failed end at time-up (spec §4). */
export const RETRY_SECONDS = 10;

/** Start (or resume: the server's start is idempotent) a topic; the session, or null when refused. */
function* callStart(idmateri: number) {
  const idSiswa: number | null = yield select(selectIdSiswa);
  if (idSiswa === null) return null;
  try {
    const reply: StartMateriReply = yield call(startMateri, idmateri, idSiswa);
    if (reply.status && 'content' in reply) return reply.content;
    yield call(showFailed, reply.message || text.tryoutMateri.startFailed);
  } catch (error) {
    if (!isUnauthorized(error)) yield call(showFailed, text.tryoutMateri.startFailed);
  }
  return null;
}

/** "Mulai": confirm, start, keep questions and time, go to the sheet. */
export function* startFlow(action: PayloadAction<MateriItem>) {
  const confirmed: boolean = yield call(confirmDialog, {
    title: text.tryoutMateri.yakin,
    text: text.tryoutMateri.startText(action.payload.materi),
    confirmText: text.tryoutMateri.startConfirm,
  });
  if (!confirmed) return;
  const content: MateriSession | null = yield call(callStart, action.payload.id);
  if (!content) return;
  yield put(runStarted(content));
  yield put(navigateRequested({ to: sheetPathOf(content.idmateri), replace: false }));
}

/** Count down from `seconds`; returns when the time is up. */
export function* runCountdown(seconds: number) {
  const start: number = yield call(clock.now);
  const deadline = deadlineFrom(start, seconds);
  yield put(deadlineSet(deadline));
  yield put(sisaWaktuTicked(seconds));
  let previous = seconds;
  try {
    while (previous > 0) {
      const before: number = yield call(clock.now);
      yield call(clock.sleep, msUntilNextSecond(deadline, before));
      const now: number = yield call(clock.now);
      const current = remainingSeconds(deadline, now);
      if (current !== previous) yield put(sisaWaktuTicked(current));
      previous = current;
    }
  } finally {
    if ((yield cancelled()) as boolean) yield put(deadlineSet(null));
  }
}

/** End the topic with every answer; on success clear the run, reload the topics, back to the list. */
export function* endTopic(idmateri: number) {
  const idSiswa: number | null = yield select(selectIdSiswa);
  const state: TryoutMateriState = yield select(selectTryoutMateri);
  if (idSiswa === null) return false;
  try {
    const reply: EndMateriReply = yield call(endMateri, idmateri, {
      id_siswa: idSiswa,
      list_jawaban: state.listJawaban,
    });
    if (!reply.status) {
      yield call(showFailed, reply.message);
      return false;
    }
  } catch (error) {
    if (isUnauthorized(error)) return false;
    yield call(showCallError, error, text.tryoutMateri.actions.endMateri);
    return false;
  }
  yield put(runCleared());
  yield call(loadCurrentLevel);
  yield put(navigateRequested({ to: LIST_PATH, replace: true }));
  return true;
}

/** The clock of the running topic: time-up ("Yah?") or the student's own finish, then the end call. */
export function* topicClock(idmateri: number, materi: string, seconds: number) {
  let left = seconds;
  try {
    for (;;) {
      const outcome: { timeUp?: true; finished?: unknown } = yield race({
        timeUp: call(runCountdown, left),
        finished: take(finishConfirmed.type),
      });
      yield put(deadlineSet(null));
      yield put(sisaWaktuTicked(0));
      if (outcome.finished === undefined) {
        yield call(forcedDialog, {
          title: text.tryoutMateri.timeUpTitle,
          text: text.tryoutMateri.timeUpText(materi),
          confirmText: text.tryoutMateri.lanjutkan,
        });
      }
      const ended: boolean = yield call(endTopic, idmateri);
      if (ended) return;
      left = RETRY_SECONDS;
    }
  } finally {
    yield put(deadlineSet(null));
  }
}

/** The sheet opened: check the run, take the server's time after a reload, run the clock. */
export function* openSheet(action: PayloadAction<{ idmateri: number }>) {
  const { idmateri } = action.payload;
  let state: TryoutMateriState = yield select(selectTryoutMateri);
  if (!state.isRunning || state.soal.length === 0 || state.detailToMateri?.idmateri !== idmateri) {
    yield put(navigateRequested({ to: LIST_PATH, replace: true }));
    return;
  }
  if (!state.synced || state.sisaWaktu === null) {
    // A reload: the server's start gives back the saved answers and its own remaining time.
    const session: MateriSession | null = yield call(callStart, idmateri);
    if (!session) {
      yield put(runCleared());
      yield put(navigateRequested({ to: LIST_PATH, replace: true }));
      return;
    }
    yield put(runStarted(session));
    state = yield select(selectTryoutMateri);
  }
  yield call(topicClock, idmateri, state.detailToMateri?.materi ?? '', state.sisaWaktu ?? 0);
}

/** One sheet session, ended by leaving the sheet or the end of the login session (its own end returns). */
export function* sheetSession(action: PayloadAction<{ idmateri: number }>) {
  yield race({ session: call(openSheet, action), stop: take([sheetClosed.type, sessionEnded.type]) });
}

/** "Selesaikan Ujian": confirm with "Ya, saya sudah selesai!", then remaining 0 → the end flow. */
export function* finishFlow() {
  const confirmed: boolean = yield call(confirmDialog, {
    title: text.tryoutMateri.finishConfirmTitle,
    confirmText: text.tryoutMateri.finishConfirm,
  });
  if (confirmed) yield put(finishConfirmed());
}

/** Optimistic save: set at once, revert on status false or failure. */
export function* saveAnswer(action: PayloadAction<{ idsoal: number; jawaban: string }>) {
  const { idsoal, jawaban } = action.payload;
  const state: TryoutMateriState = yield select(selectTryoutMateri);
  const soal: SoalMateri | undefined = state.soal.find((item) => item.id_soal === idsoal);
  const idSiswa: number | null = yield select(selectIdSiswa);
  if (!soal || !state.detailToMateri || idSiswa === null || soal.jawaban === jawaban) return;
  const previous = soal.jawaban;
  yield put(answerSet({ idsoal, jawaban }));
  let refusal: { message?: string } | { error: unknown } | null = null;
  try {
    const reply: SaveAnswerMateriReply = yield call(saveAnswerMateri, state.detailToMateri.idmateri, {
      idsiswa: idSiswa,
      idsoal,
      jawaban,
      sisa_waktu: state.sisaWaktu ?? 0,
    });
    if (!reply.status) refusal = { message: reply.message };
  } catch (error) {
    refusal = { error };
  }
  if (refusal === null) return;
  const after: TryoutMateriState = yield select(selectTryoutMateri);
  if (after.soal.find((item) => item.id_soal === idsoal)?.jawaban === jawaban) {
    yield put(answerSet({ idsoal, jawaban: previous }));
  }
  if ('error' in refusal) {
    if (!isUnauthorized(refusal.error))
      yield call(showCallError, refusal.error, text.tryoutMateri.actions.saveAnswer);
  } else {
    yield call(showFailed, refusal.message);
  }
}

/** Leaving the sheet while the topic runs is refused (spec §4, §8). */
export function* leaveBlockedFlow() {
  yield call(showError, text.common.error, text.tryoutMateri.leaveBlocked);
}
