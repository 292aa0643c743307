/**
 * The server's one timing engine (README "Rules of the tryout"), for the subjects of a package attempt and for
 * per-topic tryouts alike. Pure: every function takes the clock reading (epoch ms) as an argument.
 *
 * - A clock starts when its questions are first shown (`openClock`): the first subject of a category at the start,
 *   a later one at its first status report or question PDF; for wall-clock subjects (the TO Akbar event) the next
 *   subject opens by itself when the previous one closes (`settleSubjects`). A per-topic tryout opens at its start.
 * - Wall-clock clocks run from their opening: remaining ≤ durasi − (now − openedAt), whatever the client reports.
 * - Practice clocks may pause: the time between two calls is charged, at most 125 s per gap (the sheet syncs every
 *   120 s), so a student who leaves the sheet loses at most one gap.
 * - A reported remaining time above the server's count is clamped down; a lower one is accepted (`clampReported`).
 * - At 0 the clock closes (status 1, sisa_waktu 0) and `lastSeenAt` records the moment it ran out; answers still in
 *   flight are accepted for 30 s after that moment (`isPastGrace`). Closing by the student sets sisa_waktu 0 too.
 * - The schedule window closes everything: at `closesAt` (the schedule's `tgl_akhir`) every clock stops and closes,
 *   opened or not, so results are final.
 */

/** Seconds after a clock's end during which an answer in flight is still accepted. */
export const GRACE_SECONDS = 30;

/** Longest gap (s) charged between two calls of a practice subject. */
export const MAX_GAP_SECONDS = 125;

export interface SubjectClock {
  /** 0 running or not yet opened, 1 closed. */
  status: number;
  /** Remaining seconds as of `lastSeenAt`. */
  sisaWaktu: number;
  /** When the questions were first shown; null while they have not been. */
  openedAt: number | null;
  /** Up to when time has been charged; for a closed clock, when it closed. */
  lastSeenAt: number | null;
}

export interface ClockRules {
  /** True: runs on the wall clock from its opening (event subjects, per-topic tryouts). False: may pause. */
  wallClock: boolean;
  /** Full time in seconds (menit · 60). */
  durasi: number;
  /** Epoch ms at which the schedule window ends and every clock closes; null when there is none. */
  closesAt: number | null;
}

/** Full time in seconds of a subject or topic of `menit` minutes. */
export function durasiDetik(menit: number): number {
  return Math.max(0, Math.round(menit * 60));
}

/** A fresh, unopened clock of `durasi` seconds. */
export function newClock(durasi: number): SubjectClock {
  return { status: 0, sisaWaktu: Math.max(0, durasi), openedAt: null, lastSeenAt: null };
}

/**
 * Seconds to charge since the last call, in whole seconds, and the moment charged up to. The fraction of a second
 * is carried to the next call (`seenAt` moves by whole seconds), so frequent calls cannot stop the clock. A practice
 * gap of 125 s or more is charged 125 s and the rest is a free pause.
 */
export function elapsedCharge(input: {
  wallClock: boolean;
  openedAt: number | null;
  lastSeenAt: number | null;
  now: number;
}): { seconds: number; seenAt: number } {
  const from = input.lastSeenAt ?? input.openedAt;
  if (from === null) return { seconds: 0, seenAt: input.now };
  const whole = Math.floor(Math.max(0, input.now - from) / 1000);
  if (!input.wallClock && whole >= MAX_GAP_SECONDS) return { seconds: MAX_GAP_SECONDS, seenAt: input.now };
  return { seconds: whole, seenAt: from + whole * 1000 };
}

function closedAt(clock: SubjectClock, at: number): SubjectClock {
  return { status: 1, sisaWaktu: 0, openedAt: clock.openedAt, lastSeenAt: at };
}

/**
 * The clock brought up to `now`: charged, and closed when its time or the schedule window has run out. Closed
 * clocks come back unchanged; unopened ones too, until the window closes them.
 */
export function tick(clock: SubjectClock, rules: ClockRules, now: number): SubjectClock {
  if (clock.status !== 0) return clock;
  const windowOver = rules.closesAt !== null && now >= rules.closesAt;
  const at = windowOver && rules.closesAt !== null ? rules.closesAt : now;
  if (clock.openedAt === null) return windowOver ? closedAt(clock, at) : clock;
  const from = clock.lastSeenAt ?? clock.openedAt;
  const { seconds, seenAt } = elapsedCharge({
    wallClock: rules.wallClock,
    openedAt: clock.openedAt,
    lastSeenAt: from,
    now: at,
  });
  let remaining = clock.sisaWaktu - seconds;
  let zeroAt = from + clock.sisaWaktu * 1000;
  if (rules.wallClock) {
    remaining = Math.min(remaining, rules.durasi - Math.floor(Math.max(0, at - clock.openedAt) / 1000));
    zeroAt = Math.min(zeroAt, clock.openedAt + rules.durasi * 1000);
  }
  if (remaining <= 0) return closedAt(clock, Math.min(zeroAt, at));
  if (windowOver) return closedAt(clock, at);
  return { ...clock, sisaWaktu: remaining, lastSeenAt: seenAt };
}

/**
 * The clocks of one category's subjects, in their order, brought up to `now`. A wall-clock subject opens by itself
 * at the moment the one before it closed (the event runs subject after subject whatever the student does).
 */
export function settleSubjects(
  subjects: readonly { clock: SubjectClock; rules: ClockRules }[],
  now: number,
): SubjectClock[] {
  const settled: SubjectClock[] = [];
  for (const [i, { clock, rules }] of subjects.entries()) {
    const previous = settled[i - 1];
    const chained =
      rules.wallClock && previous?.status === 1 && previous.openedAt !== null && previous.lastSeenAt !== null
        ? openClock(clock, previous.lastSeenAt)
        : clock;
    settled.push(tick(chained, rules, now));
  }
  return settled;
}

/** Remaining seconds at `now` as the server counts them. */
export function serverRemaining(clock: SubjectClock, rules: ClockRules, now: number): number {
  return tick(clock, rules, now).sisaWaktu;
}

/** Starts the clock (its questions are being shown); an opened or closed clock is returned as it is. */
export function openClock(clock: SubjectClock, now: number): SubjectClock {
  if (clock.openedAt !== null || clock.status !== 0) return clock;
  return { ...clock, openedAt: now, lastSeenAt: now };
}

/** Closes the clock now (status 1, no time left); a closed clock keeps its closing moment. */
export function closeClock(clock: SubjectClock, now: number): SubjectClock {
  if (clock.status === 1) return clock;
  return { status: 1, sisaWaktu: 0, openedAt: clock.openedAt ?? now, lastSeenAt: now };
}

/** The remaining time to record from a client's report: less than the server counts is accepted, never more. */
export function clampReported(reported: number, server: number): number {
  const value = Number.isFinite(reported) ? Math.floor(reported) : server;
  return Math.max(0, Math.min(value, server));
}

/** True when a closed clock ended more than the grace ago: answers are refused. Running clocks are not. */
export function isPastGrace(clock: SubjectClock, now: number): boolean {
  if (clock.status !== 1) return false;
  return now - (clock.lastSeenAt ?? 0) > GRACE_SECONDS * 1000;
}

/** True when the schedule window and its grace are over: nothing more is accepted. */
export function isWindowOver(closesAt: number | null, now: number): boolean {
  return closesAt !== null && now - closesAt > GRACE_SECONDS * 1000;
}
