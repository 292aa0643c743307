/**
 * How many answer saves a process takes on at once, adapted to how fast they are answered (additive increase,
 * multiplicative decrease, as TCP's congestion window and Netflix's concurrency-limits do). By Little's law the
 * saves in flight are the save rate times their time in the server: past the rate the server sustains, every save
 * taken on beyond it only waits longer, for everyone. So every tenth of a second the limit looks back: a save that
 * took longer than the target sets it to three quarters of the most saves in flight then (not below 8); when the
 * saves were fast and the limit was reached, it rises by a tenth (at least 1, up to the ceiling); otherwise it
 * stays. It starts at the ceiling: a server that answers in time never refuses a burst. Pure: the caller gives the
 * clock.
 */
export interface SaveLimitSettings {
  /** Where the limit starts and how high it may rise. */
  ceiling: number;
  /** A save answered slower than this (ms) lowers the limit. */
  targetMs: number;
}

/** How often the limit is revised (ms): often enough to follow a spike, long enough to see many saves. */
export const SAVE_LIMIT_WINDOW_MS = 100;
/** The lowest limit: a process always takes on a few saves, or a slow disk would refuse every save. */
export const SAVE_LIMIT_FLOOR = 8;

export interface SaveLimit {
  /** Saves that may be in flight now. */
  limit(): number;
  /** A save answered `ms` after it was taken on, at `now`, with `inFlight` saves (itself included) in flight then. */
  answered(ms: number, inFlight: number, now: number): void;
}

export function saveLimit({ ceiling, targetMs }: SaveLimitSettings, start: number): SaveLimit {
  let limit = ceiling;
  let windowStart = start;
  let slowest = 0;
  let peak = 0;
  return {
    limit: () => limit,
    answered(ms, inFlight, now) {
      slowest = Math.max(slowest, ms);
      peak = Math.max(peak, inFlight);
      if (now - windowStart < SAVE_LIMIT_WINDOW_MS) return;
      if (slowest > targetMs) limit = Math.max(SAVE_LIMIT_FLOOR, Math.floor(Math.min(limit, peak) * 0.75));
      else if (peak >= limit) limit = Math.min(ceiling, limit + Math.max(1, Math.floor(limit / 10)));
      windowStart = now;
      slowest = 0;
      peak = 0;
    },
  };
}
