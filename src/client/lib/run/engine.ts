/**
 * The run engine: the lifecycle every tryout kind shares, written once. A kind (package subject, per-topic)
 * describes itself in a `RunConfig`; the engine starts the run, opens the sheet (resuming after a reload), runs
 * the clock until time-up or the student's finish, ends the run on the server, sends the answers through the
 * outbox and holds navigations away from a running sheet. See README "Layout".
 */
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import type { Saga, SagaIterator } from 'redux-saga';
import {
  call,
  fork,
  put,
  race,
  select,
  take,
  takeLatest,
  takeLeading,
  type SagaGenerator,
} from 'typed-redux-saga';
import { isUnauthorized } from '../../api/http';
import { confirmDialog, showFailed, type ConfirmOptions } from '../../components/dialogs';
import { selectIdSiswa, sessionEnded } from '../../session/events';
import { clock } from '../clock';
import { navigateRequested } from '../navigation';
import type { RunActionTypes } from './actions';
import { classifyFailure } from './failure';
import { leaveFlow, type LeaveConfig } from './leave';
import { outboxSaga, reapplyPending, type OutboxConfig } from './outbox';
import { safely, unexpected } from '../safely';
import { clockStopped, leaveRequested, outboxCleared } from './slice';
import { runTimer, type TimerConfig } from './timer';

/** A call's answer as every tryout endpoint gives it: content on success, else the server's message. */
export type RunReply<Content> = { status: true; content: Content } | { status: boolean; message?: string };

/** The clock a sheet runs once it is open; `alongside` lives exactly as long as the clock. */
export interface SheetClock {
  seconds: number;
  timer: TimerConfig;
  alongside?: Saga;
}

/** The outcome of a start call: the session, the server's refusal, or a failed call. */
export type StartOutcome<Session> =
  { session: Session } | { refused: true; message?: string } | { failed: true; error: unknown };

/**
 * One tryout kind. `Target` is what a start names (a category, a topic), `Session` what the server's start
 * returns, `Sheet` what opening a sheet names, `State` the part of the store its selectors read.
 */
export interface RunConfig<Target, Session, Sheet, State> {
  /** The outbox kind of its answers ('paket', 'materi'). */
  kind: string;
  /** The run's actions (lib/run/actions.ts), named after the feature. */
  actions: RunActionTypes;
  /** What else ends a sheet session, besides leaving the sheet and the end of the login. */
  sheetStops: string[];
  /** The feature's action that forgets the run. */
  runCleared(): UnknownAction;
  start: {
    /** The confirmation before starting (a selector: it reads the store as it is). */
    confirm(state: State, target: Target): ConfirmOptions;
    /** The start call (idempotent on the server: a second start resumes), as a saga that `call`s the API. */
    request(target: Target, idSiswa: number): SagaIterator<RunReply<Session>>;
    /** Shown when the call fails, or is refused without a message. */
    failedText: string;
    /** Marks the start in progress (the button shows it), and no longer. */
    pending?(starting: boolean): UnknownAction;
    /** Keep the started run and go to its first page. */
    started(target: Target, session: Session): SagaIterator;
  };
  sheet: {
    /** The run this sheet belongs to is the one running; else the engine goes to `away`. A selector. */
    isCurrent(state: State, sheet: Sheet): boolean;
    /** Where a sheet without its run goes. */
    away(sheet: Sheet): string;
    /** The answers were taken from the server since this page load. A selector. */
    synced(state: State): boolean;
    /** After a reload: take the server's answers again; false when the run cannot go on. */
    resume(sheet: Sheet): SagaIterator<boolean>;
    /** Prepare the open sheet; its clock, or null when it went elsewhere. */
    prepare(sheet: Sheet): SagaIterator<SheetClock | null>;
  };
  finish: {
    confirm: ConfirmOptions;
    /** False when the finish cannot be asked now (it shows its own dialog). */
    allowed?(): SagaIterator<boolean>;
  };
  end: {
    /** Shown for a refusal without a message. */
    refusedText?: string;
    /** The dialog for a failed end call. */
    callFailed(error: unknown): SagaIterator;
    /** Reload what the run changed (the package detail, the topic list). */
    reload(target: Target): SagaIterator;
    /** Where the student goes after the end. */
    path(target: Target): string;
  };
  outbox: OutboxConfig;
  leave: LeaveConfig;
}

/** Call the start endpoint; the refusal and the failed call are returned, not shown. */
export function* requestStart<Target, Session>(
  request: (target: Target, idSiswa: number) => SagaIterator<RunReply<Session>>,
  target: Target,
): SagaGenerator<StartOutcome<Session> | null> {
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return null;
  try {
    const reply = yield* call(request, target, idSiswa);
    if (reply.status && 'content' in reply) return { session: reply.content };
    return { refused: true, message: 'message' in reply ? reply.message : undefined };
  } catch (error) {
    return { failed: true, error };
  }
}

/**
 * After a reload: the run again from the server (its start is idempotent). The session; 'offline' when the call
 * failed on the network (the persisted run goes on and its answers wait in the outbox); null when the server
 * refused (after the "Failed" dialog) or the login ended.
 */
export function* resumeSession<Target, Session>(
  request: (target: Target, idSiswa: number) => SagaIterator<RunReply<Session>>,
  target: Target,
  refusedText?: string,
): SagaGenerator<Session | 'offline' | null> {
  const outcome = yield* requestStart(request, target);
  if (outcome === null) return null;
  if ('session' in outcome) return outcome.session;
  if ('failed' in outcome) {
    const now = yield* call(clock.now);
    const failure = classifyFailure(outcome.error, now);
    if (failure.kind === 'transport') return 'offline';
    if (failure.kind === 'unauthorized') return null;
    yield* call(showFailed, failure.message || refusedText);
    return null;
  }
  yield* call(showFailed, outcome.message || refusedText);
  return null;
}

/** Start (or resume) a run: the session, or null after the "Failed" dialog. */
export function* startSession<Target, Session, Sheet, State>(
  config: RunConfig<Target, Session, Sheet, State>,
  target: Target,
): SagaGenerator<Session | null> {
  const outcome = yield* requestStart(config.start.request, target);
  if (outcome === null) return null;
  if ('session' in outcome) return outcome.session;
  if (config.start.pending) yield* put(config.start.pending(false));
  if ('refused' in outcome) yield* call(showFailed, outcome.message || config.start.failedText);
  else if (!isUnauthorized(outcome.error)) yield* call(showFailed, config.start.failedText);
  return null;
}

/** "Mulai": confirm, start, keep the run, go to its page. */
export function* startRun<Target, Session, Sheet, State>(
  config: RunConfig<Target, Session, Sheet, State>,
  action: PayloadAction<Target>,
) {
  const options = yield* select(config.start.confirm, action.payload);
  const confirmed = yield* call(confirmDialog, options);
  if (!confirmed) return;
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  if (config.start.pending) yield* put(config.start.pending(true));
  const session = yield* startSession(config, action.payload);
  if (session === null) return;
  yield* call(config.start.started, action.payload, session);
}

/** The sheet opened: check the run, resume it after a reload, prepare the sheet, run its clock. */
function* openSheet<Target, Session, Sheet, State>(
  config: RunConfig<Target, Session, Sheet, State>,
  sheet: Sheet,
) {
  const current = yield* select(config.sheet.isCurrent, sheet);
  if (!current) {
    yield* put(navigateRequested({ to: config.sheet.away(sheet), replace: true }));
    return;
  }
  const synced = yield* select(config.sheet.synced);
  if (!synced) {
    const canGoOn = yield* call(config.sheet.resume, sheet);
    if (!canGoOn) {
      yield* put(config.runCleared());
      yield* put(outboxCleared({ kind: config.kind }));
      yield* put(navigateRequested({ to: config.sheet.away(sheet), replace: true }));
      return;
    }
    yield* call(reapplyPending, config.outbox);
  }
  const clock = yield* call(config.sheet.prepare, sheet);
  if (clock === null) return;
  yield* race({
    timer: call(runTimer, clock.seconds, clock.timer),
    ...(clock.alongside ? { alongside: call(clock.alongside) } : {}),
  });
}

/** One sheet session, ended by leaving the sheet, by `sheetStops` or by the end of the login session. */
export function* sheetSession<Target, Session, Sheet, State>(
  config: RunConfig<Target, Session, Sheet, State>,
  action: PayloadAction<Sheet>,
) {
  yield* race({
    session: call(openSheet<Target, Session, Sheet, State>, config, action.payload),
    stop: take([config.actions.sheetClosed.type, ...config.sheetStops, sessionEnded.type]),
  });
}

/**
 * "Selesaikan Ujian": confirm, then remaining time 0 → the time-up flow. When the time runs out while the
 * confirmation is open, the time-up flow has closed the sheet and the answer no longer counts.
 */
export function* finishRun<Target, Session, Sheet, State>(config: RunConfig<Target, Session, Sheet, State>) {
  if (config.finish.allowed) {
    const allowed = yield* call(config.finish.allowed);
    if (!allowed) return;
  }
  const outcome = yield* race({
    confirmed: call(confirmDialog, config.finish.confirm),
    timeUp: take(clockStopped.type),
  });
  if (outcome.confirmed) yield* put(config.actions.finishConfirmed());
}

/** The end call; on success the run is cleared, what it changed reloaded and the student sent on. */
export function* endRun<Target, Session, Sheet, State, Args extends unknown[]>(
  config: RunConfig<Target, Session, Sheet, State>,
  target: Target,
  request: (...args: Args) => Promise<{ status: boolean; message?: string }>,
  ...args: Args
) {
  try {
    const reply = yield* call(request, ...args);
    if (!reply.status) {
      yield* call(showFailed, reply.message || config.end.refusedText);
      return false;
    }
  } catch (error) {
    if (!isUnauthorized(error)) yield* call(config.end.callFailed, error);
    return false;
  }
  yield* put(config.runCleared());
  yield* put(outboxCleared({ kind: config.kind }));
  yield* call(config.end.reload, target);
  yield* put(navigateRequested({ to: config.end.path(target), replace: true }));
  return true;
}

/** The engine's watchers for one kind, each handler isolated (`safely`). */
export function* runSaga<Target, Session, Sheet, State>(config: RunConfig<Target, Session, Sheet, State>) {
  yield* fork(outboxSaga, config.outbox);
  yield* takeLeading(config.actions.startRequested.type, safely(startRun, unexpected), config);
  yield* takeLatest(config.actions.sheetOpened.type, safely(sheetSession, unexpected), config);
  yield* takeLeading(config.actions.finishRequested.type, safely(finishRun, unexpected), config);
  yield* takeLeading(leaveRequested.type, safely(leaveFlow, unexpected), config.leave);
}
