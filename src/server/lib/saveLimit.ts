/**
 * How many answer saves a process takes on at once, adapted to how fast they are answered (as TCP's congestion
 * window and Netflix's concurrency-limits do). By Little's law the saves in flight are the save rate times their
 * time in the server: past the rate the server sustains, every save taken on beyond it only waits longer, for
 * everyone. So every tenth of a second the limit looks back at the slowest saves as a student saw them (the window's
 * 99th percentile, OUTLIER_SHARE): their time in the server plus how long they waited unread for the event loop (the
 * caller's measure, shedGate.ts).
 *
 * Only waiting is refused, not the database's own time: a save is slow when it took longer than the target AND
 * longer than twice the database's own time for a save (the fastest save lately; on PostgreSQL a group commit with
 * its fsync takes tens of milliseconds however few saves wait, and refusing saves there only lowers the rate, never
 * the time). A slow window lowers the limit to what would have been in time (the saves in flight then times
 * allowed / observed; at most 3/4 of them, not below 8) when the window before it was slow too, or at once when its
 * slowest save took more than twice what is allowed: one slow window alone is no queue (a process's first saves
 * after a quiet spell, their code and pages cold; a pause), and a cut below the saves its connections keep in flight
 * refused them, each sent away for seconds. In time below 64 (what a cold process takes on unasked), it doubles
 * back toward 64, reached or not. In time while the limit was reached, it doubles up to where a slow window last cut
 * it (slow start), then rises by a tenth (up to the ceiling). In time and far from reached, it falls
 * back to twice the saves that were in flight (64 at least): only a level the server just answered in time is
 * trusted, so a burst after a quiet spell, or on a cold start, queues 64 saves, not hundreds. Pure: the caller
 * gives the clock.
 */
export interface SaveLimitSettings {
  /** How high the limit may rise. */
  ceiling: number;
  /** A save answered slower than this (ms), its wait to be read included, may lower the limit. */
  targetMs: number;
}

/** How often the limit is revised (ms): often enough to follow a spike, long enough to see many saves. */
export const SAVE_LIMIT_WINDOW_MS = 100;
/** The lowest limit: a process always takes on a few saves, or a slow disk would refuse every save. */
export const SAVE_LIMIT_FLOOR = 8;
/** Where the limit starts and the least it falls back to: more saves than a healthy process has in flight at once. */
export const SAVE_LIMIT_START = 64;
/** The most a slow window keeps of the saves in flight: a cut even when the target was only just missed. */
const LOWEST_CUT = 0.75;
/** A save up to this many times the database's own time has waited too little to be worth refusing others. */
const WAIT_TOLERANCE = 2;
/** How far the database's own time moves toward a window's slower fastest save: a lasting change in ~5 s. */
const OWN_TIME_RISE = 1 / 50;
/**
 * How many times what is allowed a window's slowest save may take before one slow window alone lowers the limit;
 * below that, a second slow window in a row is needed.
 */
const LONE_SLOW_WINDOW = 2;
/**
 * A window is judged by its 99th percentile: its slowest saves, one in a hundred (none of fewer than 100), are left
 * out. A
 * lone pause (a collection, a checkpoint) makes a few saves of a window slow, not the saves a cut would speed up:
 * judged by its slowest save alone, a closed loop of 64 connections whose p99 was 40 ms (target 50) had its limit cut
 * below its connections and 876 of its saves refused.
 */
const OUTLIER_SHARE = 0.01;
/** How long after a refused save the limit counts as shedding (ms). */
export const SHEDDING_MEMORY_MS = 1000;
/**
 * The share of the target a save may have waited unread and still be taken on while the process sheds: its time in
 * the server and its answer's way back take the rest (refused only past the whole target, accepted saves were
 * answered up to 121 ms after they were sent under twice the rate SQLite sustains).
 */
const UNREAD_SHARE = 0.5;

export interface SaveLimit {
  /** Saves that may be in flight now. */
  limit(): number;
  /**
   * A save answered at `now`, `ms` after it was read, having waited `unreadMs` to be read, with `inFlight` saves
   * (itself included) in flight then.
   */
  answered(ms: number, inFlight: number, now: number, unreadMs?: number): void;
  /** A save was refused at `now` (for this limit or any other reason). */
  refused(now: number): void;
  /**
   * Whether a save read at `now`, having waited `unreadMs` to be read, is refused however few saves are in flight:
   * one that waited unread longer than half the target is already late, and taking it on would only answer it later
   * still; its refusal costs less than its save, so the unread ones behind it are read sooner. Refused while the
   * process sheds (a save refused within SHEDDING_MEMORY_MS), or when it is the `readThisTurn`th save the loop read
   * in this turn, more than the limit: saves then come faster than the loop reads them (an overload's first burst,
   * before the limit has measured a window or refused anything; a connection sends one save at a time, so a closed
   * loop's turn reads one save per connection at most). The backlog of a loop's long turn alone (a start spike's),
   * up to the limit, is taken on.
   */
  waitedTooLong(unreadMs: number, now: number, readThisTurn?: number): boolean;
}

export function saveLimit({ ceiling, targetMs }: SaveLimitSettings, start: number): SaveLimit {
  const least = Math.min(ceiling, SAVE_LIMIT_START);
  let limit = least;
  /** Slow start (doubling) below this: the level a slow window last cut the limit to. */
  let cutAt = ceiling;
  /** The database's own time for a save (ms): the fastest save lately. */
  let ownMs = Infinity;
  let windowStart = start;
  /** The window's saves' times as the student saw them (ms), their wait to be read included. */
  let times: number[] = [];
  let fastest = Infinity;
  let peak = 0;
  let refusedAt = -Infinity;
  /** Whether the last window was slow (its slowest save past what is allowed). */
  let slowBefore = false;
  return {
    limit: () => limit,
    refused(now) {
      refusedAt = now;
    },
    waitedTooLong: (unreadMs, now, readThisTurn = 0) =>
      unreadMs > targetMs * UNREAD_SHARE && (now - refusedAt < SHEDDING_MEMORY_MS || readThisTurn > limit),
    answered(ms, inFlight, now, unreadMs = 0) {
      times.push(ms + unreadMs);
      // The database's own time is a time in the server: a wait to be read is never the database's.
      fastest = Math.min(fastest, ms);
      peak = Math.max(peak, inFlight);
      if (now - windowStart < SAVE_LIMIT_WINDOW_MS) return;
      ownMs = fastest <= ownMs ? fastest : ownMs + (fastest - ownMs) * OWN_TIME_RISE;
      const allowed = Math.max(targetMs, WAIT_TOLERANCE * ownMs);
      const slowest = percentile99(times);
      const slow = slowest > allowed;
      if (slow && (slowBefore || slowest > LONE_SLOW_WINDOW * allowed)) {
        const kept = Math.min(LOWEST_CUT, allowed / slowest);
        limit = Math.max(SAVE_LIMIT_FLOOR, Math.floor(Math.min(limit, peak) * kept));
        cutAt = limit;
      } else if (slow) {
        // One slow window alone is kept as it is: a process's first saves after a quiet spell (its code and pages
        // cold) or a pause take one, and a cut below the saves its connections keep in flight refuses them.
      } else if (limit < least) {
        // Below what a cold process takes on unasked, a window in time doubles it back, reached or not: after a cut,
        // the connections it refused were sent away for seconds, so the saves left in flight rarely reach it, and
        // rising only in windows that did kept a cut limit below the connections for the rest of a closed loop.
        limit = Math.min(least, limit * 2);
      } else if (peak >= limit) {
        const raised =
          limit < cutAt ? Math.min(cutAt, limit * 2) : limit + Math.max(1, Math.floor(limit / 10));
        limit = Math.min(ceiling, raised);
      } else limit = Math.min(limit, Math.max(least, 2 * peak));
      slowBefore = slow;
      windowStart = now;
      times = [];
      fastest = Infinity;
      peak = 0;
    },
  };
}

/** A window's time with its slowest saves, one in a hundred, left out; of fewer than 100 saves, the slowest. */
function percentile99(times: number[]): number {
  if (times.length === 0) return 0;
  const sorted = times.sort((a, b) => b - a);
  return sorted[Math.floor(times.length * OUTLIER_SHARE)];
}
