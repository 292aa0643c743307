/**
 * Saves that survive a bad connection. An answer is shown at once and queued
 * (per question, persisted); a worker per question sends what brings the server from the acknowledged answer to
 * the one on screen, retrying failed calls with backoff, and again when the browser is back online. A later
 * answer of the same question supersedes an earlier one still unsent or retrying. Only when the server refuses,
 * or every try failed while the browser says it is online, does the sheet roll back: to the last answer the
 * server acknowledged.
 */
import { createAction, type Action, type UnknownAction } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { call, cancel, fork, put, race, select, take } from 'redux-saga/effects';
import { REHYDRATE } from 'redux-persist';
import { isUnauthorized } from '../../api/http';
import { showCallError, showFailed } from '../../components/dialogs';
import { clock } from '../clock';
import { isOnline, onlineChannel } from './online';
import { saveAcked, saveDropped, saveQueued, selectOutbox, type PendingSave } from './slice';

/** Waits between tries: 7 tries over about 10 s before a save is given up while online (a flaky phone link
 * loses a call in three: five failures in a row came up in one subject of ten questions; seven are ~10x rarer). */
export const RETRY_DELAYS_MS = [500, 1000, 1500, 2000, 2500, 3000];

/** While offline, how often a waiting save looks whether the browser is back. */
export const OFFLINE_LOOK_MS = 3000;

/** The browser reported it is back online. */
export const browserOnline = createAction('run/browserOnline');

/** A save call's answer: `status` false is the server's refusal (with its message). */
export interface SaveReply {
  status: boolean;
  message?: string;
}

export interface SaveStep {
  /** What to send. */
  request: unknown;
  /** What the server holds once it is taken. */
  acked: unknown;
}

export interface OutboxConfig {
  kind: string;
  /** The next call that brings the server from `save.acked` towards `save.value`; null when they agree. */
  nextStep(save: PendingSave): SaveStep | null;
  /** Send one step (a saga returning the call's answer; throws on a failed call). */
  send(request: unknown, save: PendingSave): Generator<unknown, SaveReply>;
  /** The action that shows `value` as the question's answer on the sheet (used to roll back). */
  apply(slot: string, value: unknown): UnknownAction;
  /** The action name of spec §8 "Any failed call". */
  actionName: string;
  /** Waits until saves may be sent (e.g. the subject's time is known); false drops them. */
  ready?(): Generator<unknown, boolean>;
  /** After the server took an answer (e.g. report the subject's status). */
  onAcked?(): Generator;
}

function* findSave(kind: string, slot: string) {
  const outbox: PendingSave[] = yield select(selectOutbox);
  return outbox.find((item) => item.kind === kind && item.slot === slot);
}

const isNewerSave = (kind: string, slot: string) => (action: Action) =>
  saveQueued.match(action) && action.payload.kind === kind && action.payload.slot === slot;

/** Give up the question's save and show the server's answer again. */
function* rollBack(config: OutboxConfig, save: PendingSave) {
  yield put(config.apply(save.slot, save.acked));
  yield put(saveDropped({ kind: save.kind, slot: save.slot, seq: save.seq }));
}

/** Sends one question's answer until the server holds it, or gives it up. */
export function* saveWorker(config: OutboxConfig, slot: string) {
  let failures = 0;
  for (;;) {
    const save: PendingSave | undefined = yield call(findSave, config.kind, slot);
    if (!save) return;
    const step = config.nextStep(save);
    if (step === null) {
      yield put(saveAcked({ kind: config.kind, slot, seq: save.seq, acked: save.acked, done: true }));
      continue;
    }
    let reply: SaveReply | null = null;
    let error: unknown = null;
    try {
      reply = yield call(config.send, step.request, save);
    } catch (caught) {
      error = caught;
    }
    if (reply?.status) {
      failures = 0;
      const done = config.nextStep({ ...save, acked: step.acked }) === null;
      yield put(saveAcked({ kind: config.kind, slot, seq: save.seq, acked: step.acked, done }));
      if (config.onAcked) yield call(config.onAcked);
      continue;
    }
    const latest: PendingSave | undefined = yield call(findSave, config.kind, slot);
    if (!latest) return;
    if (latest.seq !== save.seq) {
      // A newer answer replaced this one while it was in flight: send that instead.
      failures = 0;
      continue;
    }
    if (reply) {
      // The server refused (status false): retrying would change nothing.
      yield call(rollBack, config, latest);
      yield call(showFailed, reply.message);
      return;
    }
    if (isUnauthorized(error)) return; // the session ends; every slice starts over
    const online: boolean = yield call(isOnline);
    if (!online) {
      // Offline: keep the answer (it is persisted) and start a fresh round of tries when the browser is back
      // (its "online" event, or a look every few seconds: not every browser sends the event).
      yield race({
        newer: take(isNewerSave(config.kind, slot)),
        online: take(browserOnline.type),
        look: call(clock.sleep, OFFLINE_LOOK_MS),
      });
      failures = 0;
      continue;
    }
    failures += 1;
    if (failures <= RETRY_DELAYS_MS.length) {
      yield race({
        wait: call(clock.sleep, RETRY_DELAYS_MS[failures - 1]),
        newer: take(isNewerSave(config.kind, slot)),
        online: take(browserOnline.type),
      });
      continue;
    }
    yield call(rollBack, config, latest);
    yield call(showCallError, error, config.actionName);
    return;
  }
}

/** Turns the browser's "online" events into `browserOnline` actions. */
export function* watchOnline() {
  const channel: ReturnType<typeof onlineChannel> = yield call(onlineChannel);
  try {
    for (;;) {
      yield take(channel);
      yield put(browserOnline());
    }
  } finally {
    channel.close();
  }
}

/** The outbox of one configuration: a worker per question with an answer to send, also after a reload. */
export function* outboxSaga(config: OutboxConfig) {
  const workers = new Map<string, Task>();
  const ensureWorker = function* (slot: string) {
    if (workers.get(slot)?.isRunning()) return;
    const task: Task = yield fork(function* () {
      if (config.ready) {
        const ready: boolean = yield call(config.ready);
        if (!ready) return;
      }
      yield call(saveWorker, config, slot);
    });
    workers.set(slot, task);
  };
  const resumeStored = function* () {
    const stored: PendingSave[] = yield select(selectOutbox);
    for (const save of stored) if (save.kind === config.kind) yield* ensureWorker(save.slot);
  };
  // `yield*`, not `call`: a called generator is a task of its own that ends only when its forks end, so each
  // new answer would wait for the previous question's retries.
  yield* resumeStored();
  try {
    for (;;) {
      const action: UnknownAction = yield take(
        (candidate: Action) =>
          candidate.type === REHYDRATE ||
          (saveQueued.match(candidate) && candidate.payload.kind === config.kind),
      );
      // After a reload redux-persist brings back the answers the last page could not send.
      if (saveQueued.match(action)) yield* ensureWorker(action.payload.slot);
      else yield* resumeStored();
    }
  } finally {
    for (const task of workers.values()) yield cancel(task);
  }
}

/** Wait, at most `maxMs`, until every answer of `kind` has been acknowledged or given up. */
export function* waitForOutbox(kind: string, maxMs: number) {
  const start: number = yield call(clock.now);
  const until = start + maxMs;
  for (;;) {
    const outbox: PendingSave[] = yield select(selectOutbox);
    if (!outbox.some((item) => item.kind === kind)) return true;
    const now: number = yield call(clock.now);
    if (now >= until) return false;
    yield race({
      changed: take([saveAcked.type, saveDropped.type]),
      wait: call(clock.sleep, Math.min(500, until - now)),
    });
  }
}

/** After the server's answers replaced the sheet's (a start after a reload), show the unsent ones again. */
export function* reapplyPending(config: Pick<OutboxConfig, 'kind' | 'apply'>) {
  const outbox: PendingSave[] = yield select(selectOutbox);
  for (const save of outbox) if (save.kind === config.kind) yield put(config.apply(save.slot, save.value));
}
