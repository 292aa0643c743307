/**
 * The server's clock of one subject of a package attempt (DESIGN.md "Time is the server's"). Pure: every function
 * takes the clock reading (epoch ms) as an argument.
 *
 * - Wall-clock subjects (TO Akbar event) run from their first opening: remaining ≤ waktu·60 − (now − opened_at).
 * - Practice subjects may pause: the time between two calls of the subject is charged, at most 125 s per gap
 *   (the sheet syncs every 120 s), so a student who leaves the sheet loses at most one gap.
 * - A reported remaining time above the server's count is clamped down; a lower one is accepted.
 * - Once the remaining time reaches 0 the subject is closed (status 1, sisa_waktu 0) and `lastSeenAt` records the
 *   moment it ran out; answers still in flight are accepted for 30 s after that moment.
 * - Closing by the student (status 1) sets sisa_waktu 0 too: a closed subject has no time left to use.
 */

/** Seconds after a subject's end during which an answer in flight is still accepted. */
export const GRACE_SECONDS = 30;

/** Longest gap (s) charged between two calls of a practice subject. */
export const MAX_GAP_SECONDS = 125;

export interface SubjectClock {
  /** 0 running or not yet opened, 1 closed. */
  status: number;
  /** Remaining seconds as of `lastSeenAt`. */
  sisaWaktu: number;
  openedAt: number | null;
  /** Up to when time has been charged; for a closed subject, when it closed. */
  lastSeenAt: number | null;
}

export interface ClockRules {
  /** True for wall-clock subjects (event). */
  isEvent: boolean;
  /** Full time of the subject in seconds (waktu · 60). */
  durasi: number;
}

/** Full time of a subject in seconds. */
export function durasiDetik(menit: number): number {
  return Math.max(0, Math.round(menit * 60));
}

/** A fresh, unopened clock. */
export function newClock(menit: number): SubjectClock {
  return { status: 0, sisaWaktu: durasiDetik(menit), openedAt: null, lastSeenAt: null };
}

/**
 * Seconds to charge since the last call, in whole seconds, and the moment charged up to. The fraction of a second
 * is carried to the next call (`seenAt` moves by whole seconds), so frequent calls cannot stop the clock. A practice
 * gap longer than 125 s is charged 125 s and the rest is a free pause.
 */
export function elapsedCharge(input: {
  isEvent: boolean;
  openedAt: number | null;
  lastSeenAt: number | null;
  now: number;
}): { seconds: number; seenAt: number } {
  const from = input.lastSeenAt ?? input.openedAt;
  if (from === null) return { seconds: 0, seenAt: input.now };
  const whole = Math.floor(Math.max(0, input.now - from) / 1000);
  if (!input.isEvent && whole >= MAX_GAP_SECONDS) return { seconds: MAX_GAP_SECONDS, seenAt: input.now };
  return { seconds: whole, seenAt: from + whole * 1000 };
}

/**
 * The clock brought up to `now`: charged, and closed when its time has run out. Unopened and closed clocks do not
 * run and come back unchanged.
 */
export function tick(clock: SubjectClock, rules: ClockRules, now: number): SubjectClock {
  if (clock.status !== 0 || clock.openedAt === null) return clock;
  const from = clock.lastSeenAt ?? clock.openedAt;
  const { seconds, seenAt } = elapsedCharge({ ...rules, openedAt: clock.openedAt, lastSeenAt: from, now });
  let remaining = clock.sisaWaktu - seconds;
  let zeroAt = from + clock.sisaWaktu * 1000;
  if (rules.isEvent) {
    remaining = Math.min(remaining, rules.durasi - Math.floor(Math.max(0, now - clock.openedAt) / 1000));
    zeroAt = Math.min(zeroAt, clock.openedAt + rules.durasi * 1000);
  }
  if (remaining <= 0) {
    return { status: 1, sisaWaktu: 0, openedAt: clock.openedAt, lastSeenAt: Math.min(zeroAt, now) };
  }
  return { ...clock, sisaWaktu: remaining, lastSeenAt: seenAt };
}

/** Remaining seconds of the subject at `now` as the server counts them. */
export function serverRemaining(clock: SubjectClock, rules: ClockRules, now: number): number {
  return tick(clock, rules, now).sisaWaktu;
}

/** Starts the clock at the first call of the subject; an opened clock is returned as it is. */
export function openClock(clock: SubjectClock, now: number): SubjectClock {
  if (clock.openedAt !== null || clock.status !== 0) return clock;
  return { ...clock, openedAt: now, lastSeenAt: now };
}

/** Closes the subject now (status 1, no time left); a closed clock keeps its closing moment. */
export function closeClock(clock: SubjectClock, now: number): SubjectClock {
  if (clock.status === 1) return clock;
  return { status: 1, sisaWaktu: 0, openedAt: clock.openedAt ?? now, lastSeenAt: now };
}

/** The remaining time to record from a client's report: less than the server counts is accepted, never more. */
export function clampReported(reported: number, server: number): number {
  const value = Number.isFinite(reported) ? Math.floor(reported) : server;
  return Math.max(0, Math.min(value, server));
}

/** True when a closed subject ended more than the grace ago: answers are refused. Running subjects are not. */
export function isPastGrace(clock: SubjectClock, now: number): boolean {
  if (clock.status !== 1) return false;
  return now - (clock.lastSeenAt ?? 0) > GRACE_SECONDS * 1000;
}
