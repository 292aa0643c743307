/**
 * The running clock of a subject or topic: a countdown recomputed from a deadline, the
 * 5-minute warning, the 120-s marks, and the race between time-up and the student's own finish, with 10 more
 * seconds after a failed close. Package and per-topic tryouts configure it; neither copies it.
 */
import { call, cancelled, put, race, select, spawn, take } from 'typed-redux-saga';
import { clock } from '../clock';
import {
  crossedMultiple,
  crossedWarning,
  deadlineFrom,
  msUntilNextSecond,
  remainingSeconds,
} from '../countdown';
import { waitForOutbox } from './outbox';
import {
  clockSet,
  clockStopped,
  clockTicked,
  deadlineKept,
  deadlineMoved,
  selectAcceptsUntil,
  selectDeadline,
  selectKeptDeadline,
} from './slice';

/** Seconds given again after a failed time-up report, before the close is tried again. */
export const RETRY_SECONDS = 10;

/** The shortest wait of the close for unsent answers (when no window is known). */
export const OUTBOX_WAIT_MS = 8000;

/** How long the close waits for unsent answers: until the outbox has given up on them (the attempt's window, in
 * the grace after time-up), a moment more for its rollback, at least `OUTBOX_WAIT_MS`. */
function* outboxWaitMs() {
  const until = yield* select(selectAcceptsUntil);
  const now = yield* call(clock.now);
  return until === null ? OUTBOX_WAIT_MS : Math.max(OUTBOX_WAIT_MS, until + 1000 - now);
}

export interface TimerConfig {
  /** The outbox kind whose unsent answers the close waits for. */
  kind: string;
  /** The sheet the clock belongs to (`offlineSeconds` takes only its own deadline). */
  sheet: string;
  /** Action type of the confirmed "Selesaikan Ujian". */
  finishType: string;
  /** Shown once when 300 s are reached (package tryouts). */
  warning?: () => Generator;
  /** Called at each crossing of a multiple of 120 s, even when ticks were skipped (package tryouts). */
  onSyncMark?: (seconds: number) => Generator;
  /** The close after time-up or finish: true when the server took it, false to try again in 10 s. */
  close: (byStudent: boolean) => Generator<unknown, boolean>;
}

/** Count down from `seconds`; returns when the time is up. A sync may move the deadline earlier meanwhile. */
export function* runCountdown(seconds: number, config: TimerConfig) {
  const start = yield* call(clock.now);
  const until = deadlineFrom(start, seconds);
  yield* put(clockSet({ deadline: until, sisaWaktu: seconds }));
  yield* put(deadlineKept({ sheet: config.sheet, deadline: until }));
  let previous = seconds;
  try {
    while (previous > 0) {
      const before = yield* call(clock.now);
      const planned = yield* select(selectDeadline);
      if (planned === null) return;
      yield* call(clock.sleep, msUntilNextSecond(planned, before));
      const now = yield* call(clock.now);
      const deadline = yield* select(selectDeadline);
      if (deadline === null) return;
      const current = remainingSeconds(deadline, now);
      if (current === previous) continue;
      yield* put(clockTicked(current));
      if (config.warning && current > 0 && crossedWarning(previous, current)) yield* spawn(config.warning);
      // Compared with the previous reading, so a throttled tab that skipped ticks still syncs.
      if (config.onSyncMark && current > 0 && crossedMultiple(previous, current))
        yield* spawn(config.onSyncMark, current);
      previous = current;
    }
  } finally {
    if (yield* cancelled()) yield* put(clockStopped({ sisaWaktu: null }));
  }
}

/**
 * The seconds left when the server cannot be asked (a reload without network): to the kept deadline of this
 * sheet's clock, else `known` (the last count the sheet has).
 */
export function* offlineSeconds(sheet: string, known: number) {
  const kept = yield* select(selectKeptDeadline);
  if (kept?.sheet !== sheet) return known;
  const now = yield* call(clock.now);
  return remainingSeconds(kept.deadline, now);
}

/** The server counts `serverSeconds` left: if that is less than the clock shows, the deadline moves earlier. */
export function* believeServer(serverSeconds: number) {
  const deadline = yield* select(selectDeadline);
  if (deadline === null) return;
  const now = yield* call(clock.now);
  if (serverSeconds < remainingSeconds(deadline, now))
    yield* put(deadlineMoved(deadlineFrom(now, serverSeconds)));
}

/**
 * The clock until the subject is closed: time-up and the student's finish race; unsent answers get a bounded
 * wait; a failed close gives 10 more seconds and tries again.
 */
export function* runTimer(seconds: number, config: TimerConfig) {
  let left = seconds;
  try {
    for (;;) {
      const outcome = yield* race({
        timeUp: call(runCountdown, left, config),
        finished: take(config.finishType),
      });
      yield* put(clockStopped({ sisaWaktu: 0 }));
      // Nothing may be reported closed (the finish says "tersimpan") while answers are still on their way.
      const waitMs = yield* call(outboxWaitMs);
      yield* call(waitForOutbox, config.kind, waitMs);
      const closed = yield* call(config.close, outcome.finished !== undefined);
      if (closed) return;
      left = RETRY_SECONDS;
    }
  } finally {
    yield* put(clockStopped({ sisaWaktu: null }));
  }
}
