/**
 * A per-topic run as a configuration of the run engine (lib/run/engine.ts): "Mulai", the sheet with its clock,
 * time-up ("Yah?") and the end call with every answer. No 5-minute warning and no sync: a topic has neither.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select } from 'typed-redux-saga';
import type { MateriItem, MateriSession } from '../../../contract';
import { endMateri, startMateri } from '../../api/tryoutMateri';
import { forcedDialog, showCallError } from '../../components/dialogs';
import { navigateRequested } from '../../lib/navigation';
import {
  endRun,
  sheetSession as runSheetSession,
  resumeSession,
  startRun,
  type RunConfig,
} from '../../lib/run/engine';
import { offlineSeconds, type TimerConfig } from '../../lib/run/timer';
import { text } from '../../text';
import { selectIdSiswa } from '../../session/events';
import { MATERI, materiOutbox } from './answers';
import { materiLeave } from './leave';
import { loadCurrentLevel } from './lists';
import { selectTryoutMateri, type WithTryoutMateri } from './selectors';
import { materiRunActions, runCleared, runStarted } from './slice';

export const LIST_PATH = '/to-permateri';
export const sheetPathOf = (idmateri: number) => `${LIST_PATH}/${idmateri}`;

type MateriSheet = { idmateri: number };
/** What a start names: the topic (its name is in the confirmation). */
type MateriTarget = Pick<MateriItem, 'id' | 'materi'>;

/** End the topic with every answer; on success clear the run, reload the topics, back to the list. */
export function* endTopic(idmateri: number) {
  const idSiswa = yield* select(selectIdSiswa);
  const state = yield* select(selectTryoutMateri);
  if (idSiswa === null) return false;
  const target: MateriTarget = { id: idmateri, materi: state.detailToMateri?.materi ?? '' };
  return yield* endRun(materiRun, target, endMateri, idmateri, {
    id_siswa: idSiswa,
    list_jawaban: state.listJawaban,
  });
}

/** Time up ("Yah?", only "Lanjutkan!" closes it) or the student's finish, then the end call. */
export function* closeTopic(idmateri: number, materi: string, byStudent: boolean) {
  if (!byStudent) {
    yield* call(forcedDialog, {
      title: text.tryoutMateri.timeUpTitle,
      text: text.tryoutMateri.timeUpText(materi),
      confirmText: text.tryoutMateri.lanjutkan,
    });
  }
  const ended = yield* call(endTopic, idmateri);
  return ended;
}

/** The per-topic configuration of the engine's clock. */
export function materiTimer(idmateri: number, materi: string): TimerConfig {
  return {
    kind: MATERI,
    sheet: sheetPathOf(idmateri),
    finishType: materiRunActions.finishConfirmed.type,
    close: (byStudent) => closeTopic(idmateri, materi, byStudent),
  };
}

export const materiRun: RunConfig<MateriTarget, MateriSession, MateriSheet, WithTryoutMateri> = {
  kind: MATERI,
  actions: materiRunActions,
  // Not runCleared: the topic's own end clears the run and still reloads the list and navigates.
  sheetStops: [],
  runCleared,
  start: {
    confirm: (_state, item) => ({
      title: text.tryoutMateri.yakin,
      text: text.tryoutMateri.startText(item.materi),
      confirmText: text.tryoutMateri.startConfirm,
    }),
    *request(item, idSiswa) {
      const reply = yield* call(startMateri, item.id, idSiswa);
      return reply;
    },
    failedText: text.tryoutMateri.startFailed,
    *started(_item, session) {
      yield* put(runStarted(session));
      yield* put(navigateRequested({ to: sheetPathOf(session.idmateri), replace: false }));
    },
  },
  sheet: {
    isCurrent: ({ tryoutMateri: state }, { idmateri }) =>
      state.isRunning && state.soal.length > 0 && state.detailToMateri?.idmateri === idmateri,
    away: () => LIST_PATH,
    synced: (state) => state.tryoutMateri.synced,
    /** A reload: the server's start gives back the saved answers and its own remaining time; offline, the
     * persisted topic goes on. */
    *resume({ idmateri }) {
      const state = yield* select(selectTryoutMateri);
      const target: MateriTarget = { id: idmateri, materi: state.detailToMateri?.materi ?? '' };
      const session = yield* resumeSession(materiRun.start.request, target, text.tryoutMateri.startFailed);
      if (session === null) return false;
      if (session !== 'offline') yield* put(runStarted(session));
      return true;
    },
    *prepare({ idmateri }) {
      const state = yield* select(selectTryoutMateri);
      const session = state.detailToMateri;
      const known = session?.waktu ?? 0;
      // The server's count when this page load took it; after a reload without network, on to its deadline.
      const seconds = state.synced ? known : yield* call(offlineSeconds, sheetPathOf(idmateri), known);
      return { seconds, timer: materiTimer(idmateri, session?.materi ?? '') };
    },
  },
  finish: {
    confirm: { title: text.tryoutMateri.finishConfirmTitle, confirmText: text.tryoutMateri.finishConfirm },
  },
  end: {
    *callFailed(error) {
      yield* call(showCallError, error, text.tryoutMateri.actions.endMateri);
    },
    reload: loadCurrentLevel,
    path: () => LIST_PATH,
  },
  outbox: materiOutbox,
  leave: materiLeave,
};

/** The engine's handlers bound to the per-topic configuration (what the saga and the tests run). */
export const startFlow = (action: PayloadAction<MateriTarget>) => startRun(materiRun, action);
export const sheetSession = (action: PayloadAction<MateriSheet>) => runSheetSession(materiRun, action);
