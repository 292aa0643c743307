/**
 * A per-topic run (spec §4 "Per-topic run") as the per-topic configuration of the run engine: start, the clock,
 * time-up ("Yah?") and the end call, answers through the engine's outbox, and the leave guard.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, race, select, take } from 'redux-saga/effects';
import type { MateriItem, MateriSession } from '../../../contract';
import { isUnauthorized } from '../../api/http';
import {
  endMateri,
  saveAnswerMateri,
  startMateri,
  type EndMateriReply,
  type SaveAnswerMateriReply,
  type StartMateriReply,
} from '../../api/tryoutMateri';
import { confirmDialog, forcedDialog, showCallError, showFailed } from '../../components/dialogs';
import { navigateRequested } from '../../lib/navigation';
import type { LeaveConfig, LeaveDecision } from '../../lib/run/leave';
import { reapplyPending, type OutboxConfig } from '../../lib/run/outbox';
import {
  clockStopped,
  outboxCleared,
  saveQueued,
  selectSisaWaktu,
  type PendingSave,
  type RunState,
} from '../../lib/run/slice';
import { runTimer, type TimerConfig } from '../../lib/run/timer';
import { text } from '../../text';
import { selectIdSiswa, sessionEnded } from '../../session/events';
import { loadCurrentLevel } from './lists';
import {
  answerSet,
  finishConfirmed,
  runCleared,
  runStarted,
  selectTryoutMateri,
  sheetClosed,
  type TryoutMateriState,
} from './slice';

export const MATERI = 'materi';
export const LIST_PATH = '/to-permateri';
export const sheetPathOf = (idmateri: number) => `${LIST_PATH}/${idmateri}`;

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
  yield put(outboxCleared({ kind: MATERI }));
  yield call(loadCurrentLevel);
  yield put(navigateRequested({ to: LIST_PATH, replace: true }));
  return true;
}

/** Time up ("Yah?", only "Lanjutkan!" closes it) or the student's finish, then the end call. */
export function* closeTopic(idmateri: number, materi: string, byStudent: boolean) {
  if (!byStudent) {
    yield call(forcedDialog, {
      title: text.tryoutMateri.timeUpTitle,
      text: text.tryoutMateri.timeUpText(materi),
      confirmText: text.tryoutMateri.lanjutkan,
    });
  }
  const ended: boolean = yield call(endTopic, idmateri);
  return ended;
}

/** The per-topic configuration of the engine's clock (no 5-minute warning and no sync: spec §4 has none). */
export function materiTimer(idmateri: number, materi: string): TimerConfig {
  return {
    kind: MATERI,
    finishType: finishConfirmed.type,
    close: (byStudent) => closeTopic(idmateri, materi, byStudent),
  };
}

/** The sheet opened: check the run, take the server's questions and time after a reload, run the clock. */
export function* openSheet(action: PayloadAction<{ idmateri: number }>) {
  const { idmateri } = action.payload;
  let state: TryoutMateriState = yield select(selectTryoutMateri);
  if (!state.isRunning || state.soal.length === 0 || state.detailToMateri?.idmateri !== idmateri) {
    yield put(navigateRequested({ to: LIST_PATH, replace: true }));
    return;
  }
  if (!state.synced) {
    // A reload: the server's start gives back the saved answers and its own remaining time.
    const session: MateriSession | null = yield call(callStart, idmateri);
    if (!session) {
      yield put(runCleared());
      yield put(outboxCleared({ kind: MATERI }));
      yield put(navigateRequested({ to: LIST_PATH, replace: true }));
      return;
    }
    yield put(runStarted(session));
    yield call(reapplyPending, materiOutbox);
    state = yield select(selectTryoutMateri);
  }
  const session = state.detailToMateri;
  yield call(runTimer, session?.waktu ?? 0, materiTimer(idmateri, session?.materi ?? ''));
}

/** One sheet session, ended by leaving the sheet or the end of the login session (its own end returns). */
export function* sheetSession(action: PayloadAction<{ idmateri: number }>) {
  yield race({ session: call(openSheet, action), stop: take([sheetClosed.type, sessionEnded.type]) });
}

/** "Selesaikan Ujian": confirm with "Ya, saya sudah selesai!", then remaining 0 → the end flow. */
export function* finishFlow() {
  const outcome: { confirmed?: boolean } = yield race({
    confirmed: call(confirmDialog, {
      title: text.tryoutMateri.finishConfirmTitle,
      confirmText: text.tryoutMateri.finishConfirm,
    }),
    timeUp: take(clockStopped.type),
  });
  if (outcome.confirmed) yield put(finishConfirmed());
}

type MateriContext = { idmateri: number; idsiswa: number };

function* sendMateriSave(request: unknown, save: PendingSave) {
  const context = save.context as MateriContext;
  const seconds: number | null = yield select(selectSisaWaktu);
  const reply: SaveAnswerMateriReply = yield call(saveAnswerMateri, context.idmateri, {
    idsiswa: context.idsiswa,
    idsoal: Number(save.slot),
    jawaban: request as string,
    sisa_waktu: seconds ?? 0,
  });
  return reply;
}

function* materiSavesReady() {
  const state: TryoutMateriState = yield select(selectTryoutMateri);
  if (state.isRunning) return true;
  yield put(outboxCleared({ kind: MATERI }));
  return false;
}

export const materiOutbox: OutboxConfig = {
  kind: MATERI,
  nextStep: (save) => (save.value === save.acked ? null : { request: save.value, acked: save.value }),
  send: sendMateriSave,
  apply: (slot, value) => answerSet({ idsoal: Number(slot), jawaban: value as string }),
  actionName: text.tryoutMateri.actions.saveAnswer,
  ready: materiSavesReady,
};

/** Optimistic save: shown at once, sent by the engine, rolled back only to what the server acknowledged. */
export function* saveAnswer(action: PayloadAction<{ idsoal: number; jawaban: string }>) {
  const { idsoal, jawaban } = action.payload;
  const state: TryoutMateriState = yield select(selectTryoutMateri);
  const soal = state.soal.find((item) => item.id_soal === idsoal);
  const idSiswa: number | null = yield select(selectIdSiswa);
  if (!soal || !state.detailToMateri || idSiswa === null || soal.jawaban === jawaban) return;
  const context: MateriContext = { idmateri: state.detailToMateri.idmateri, idsiswa: idSiswa };
  yield put(answerSet({ idsoal, jawaban }));
  yield put(
    saveQueued({ kind: MATERI, slot: String(idsoal), context, value: jawaban, current: soal.jawaban }),
  );
}

/** Leaving the sheet while the topic runs is refused (spec §4, §8). */
export function decideMateriLeave(
  state: { run: RunState; tryoutMateri: TryoutMateriState },
  from: string,
  to: string,
): LeaveDecision {
  return state.tryoutMateri.isRunning && from !== to ? 'block' : 'allow';
}

export const materiLeave: LeaveConfig = {
  kind: MATERI,
  blocked: { title: text.common.error, text: text.tryoutMateri.leaveBlocked },
};
