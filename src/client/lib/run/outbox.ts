/**
 * Saves that survive a bad network. An answer is shown at once and queued (per question, persisted, so a reload or
 * a browser restart keeps it); one sender per configuration sends the queue in the order the questions were
 * answered, each step bringing the server from the acknowledged answer to the one on screen. A later answer of the
 * same question supersedes an earlier one still unsent.
 *
 * A save that fails on transport (no answer, a timeout, 5xx, 408, 429) keeps its place and is tried again after a
 * capped, jittered backoff (or the server's `Retry-After`), at once when any call is answered or the browser says it
 * is online, for as long as the attempt can still take it. Only the server's word ends a save: `status: false` or
 * another 4xx rolls the question back to the last acknowledged answer with the reason; so does the end of the
 * attempt's window (its time and grace) while the network still fails.
 */
import type { Action, UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, race, select, take, type SagaGenerator } from 'typed-redux-saga';
import { REHYDRATE } from 'redux-persist/lib/constants';
import { showFailed } from '../../components/dialogs';
import { clock } from '../clock';
import { classifyFailure, type SaveFailure } from './failure';
import { networkEventsChannel } from './online';
import {
  networkBack,
  networkFailed,
  saveAcked,
  saveDropped,
  saveQueued,
  selectAcceptsUntil,
  selectNetworkFailing,
  selectOutbox,
  type PendingSave,
} from './slice';
import { runText } from './text';

/** The first wait after a transport failure; each further failure doubles it, up to the cap. */
export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_MAX_MS = 15_000;

/**
 * The wait before try `failures + 1`: between half and all of the doubled wait (the jitter keeps a classroom's
 * phones, cut off together, from all retrying in the same instant when the Wi-Fi comes back).
 */
export function backoffMs(failures: number, random: number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/** The jitter's random number, behind a function so tests can `provide` it. */
export function jitter(): number {
  return Math.random();
}

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
  send(request: unknown, save: PendingSave): SagaIterator<SaveReply>;
  /** The action that shows `value` as the question's answer on the sheet (used to roll back). */
  apply(slot: string, value: unknown): UnknownAction;
  /** The action name a failed call's dialog shows (the save's own name), with the error, status and URL. */
  actionName: string;
  /** Waits until saves may be sent (e.g. the subject's time is known); false drops them. */
  ready?(): SagaIterator<boolean>;
  /** After the server took an answer (e.g. report the subject's status). */
  onAcked?(): SagaIterator;
}

function* pendingOf(kind: string) {
  const outbox = yield* select(selectOutbox);
  return outbox.filter((item) => item.kind === kind);
}

function* findSave(kind: string, slot: string) {
  const outbox = yield* select(selectOutbox);
  return outbox.find((item) => item.kind === kind && item.slot === slot);
}

/** Give up the question's save and show the server's answer again. */
function* rollBack(config: OutboxConfig, save: PendingSave) {
  yield* put(config.apply(save.slot, save.acked));
  yield* put(saveDropped({ kind: save.kind, slot: save.slot, seq: save.seq }));
}

/** The attempt can take no more answers and the network still fails: every queued answer goes back, once said. */
function* windowClosed(config: OutboxConfig) {
  const pending = yield* call(pendingOf, config.kind);
  for (const save of pending) yield* call(rollBack, config, save);
  yield* call(showFailed, runText.tidakTerkirim(pending.length));
}

/** How one question's sending ended: its answer is on the server (or given up), or the sender must wait. */
type Outcome = 'done' | 'stalled' | 'window-closed';

/** Sends one question's answer until the server holds it or has refused it. */
export function* sendQuestion(config: OutboxConfig, slot: string): SagaGenerator<Outcome> {
  let failures = 0;
  for (;;) {
    const save = yield* call(findSave, config.kind, slot);
    if (!save) return 'done';
    const step = config.nextStep(save);
    if (step === null) {
      yield* put(saveAcked({ kind: config.kind, slot, seq: save.seq, acked: save.acked, done: true }));
      continue;
    }
    let reply: SaveReply | null = null;
    let error: unknown = null;
    try {
      reply = yield* call(config.send, step.request, save);
    } catch (caught) {
      error = caught;
    }
    // Any answer from the server (taken or refused) says the network works.
    if (reply && (yield* select(selectNetworkFailing))) yield* put(networkBack());
    if (reply?.status) {
      failures = 0;
      const done = config.nextStep({ ...save, acked: step.acked }) === null;
      yield* put(saveAcked({ kind: config.kind, slot, seq: save.seq, acked: step.acked, done }));
      if (config.onAcked) yield* call(config.onAcked);
      continue;
    }
    const latest = yield* call(findSave, config.kind, slot);
    if (!latest) return 'done';
    const now = yield* call(clock.now);
    const failure: SaveFailure = reply
      ? { kind: 'refused', message: reply.message }
      : classifyFailure(error, now);
    if (failure.kind === 'unauthorized') return 'stalled'; // the session ends; every slice starts over
    if (failure.kind === 'refused') {
      if (yield* select(selectNetworkFailing)) yield* put(networkBack());
      // The server's word on this answer: retrying would change nothing.
      yield* call(rollBack, config, latest);
      yield* call(showFailed, failure.message ?? runText.ditolak);
      return 'done';
    }
    yield* put(networkFailed());
    if (latest.seq !== save.seq) continue; // a newer answer of the question: send that at once
    const until = yield* select(selectAcceptsUntil);
    if (until !== null && now >= until) return 'window-closed';
    failures += 1;
    const wanted = failure.retryAfterMs ?? backoffMs(failures, yield* call(jitter));
    yield* race({
      wait: call(clock.sleep, until === null ? wanted : Math.min(wanted, until - now)),
      back: take(networkBack.type),
      newer: take(isNewAnswer(config.kind)),
    });
  }
}

const isNewAnswer = (kind: string) => (action: Action) =>
  saveQueued.match(action) && action.payload.kind === kind;

const isQueueChange = (kind: string) => (action: Action) =>
  action.type === REHYDRATE || action.type === networkBack.type || isNewAnswer(kind)(action);

/**
 * The outbox of one configuration: sends the queued answers one question at a time, in queue order, also those a
 * reload brought back from storage.
 */
export function* outboxSaga(config: OutboxConfig): SagaGenerator<void> {
  for (;;) {
    const pending = yield* call(pendingOf, config.kind);
    if (pending.length === 0) {
      yield* take(isQueueChange(config.kind));
      continue;
    }
    const ready = config.ready ? yield* call(config.ready) : true;
    let outcome: Outcome = 'stalled';
    if (ready) outcome = yield* call(sendQuestion, config, pending[0].slot);
    if (outcome === 'window-closed') yield* call(windowClosed, config);
    // Not ready, or the session ended: wait for a new answer, a reload or the network before looking again.
    if (outcome === 'stalled') yield* take(isQueueChange(config.kind));
  }
}

/** Turns the browser's "online" events and every answered call (while saves were failing) into `networkBack`. */
export function* watchOnline() {
  const channel = yield* call(networkEventsChannel);
  try {
    for (;;) {
      yield* take(channel);
      const failing = yield* select(selectNetworkFailing);
      if (failing) yield* put(networkBack());
    }
  } finally {
    channel.close();
  }
}

/** Wait, at most `maxMs`, until every answer of `kind` has been acknowledged or given up. */
export function* waitForOutbox(kind: string, maxMs: number) {
  const start = yield* call(clock.now);
  const until = start + maxMs;
  for (;;) {
    const outbox = yield* select(selectOutbox);
    if (!outbox.some((item) => item.kind === kind)) return true;
    const now = yield* call(clock.now);
    if (now >= until) return false;
    yield* race({
      changed: take([saveAcked.type, saveDropped.type]),
      wait: call(clock.sleep, Math.min(500, until - now)),
    });
  }
}

/** After the server's answers replaced the sheet's (a start after a reload), show the unsent ones again. */
export function* reapplyPending(config: Pick<OutboxConfig, 'kind' | 'apply'>) {
  const outbox = yield* select(selectOutbox);
  for (const save of outbox) if (save.kind === config.kind) yield* put(config.apply(save.slot, save.value));
}
