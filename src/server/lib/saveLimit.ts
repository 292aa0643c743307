/**
 * How many answer saves a process takes on at once, adapted to how fast they are answered (additive increase,
 * multiplicative decrease, as TCP's congestion window and Netflix's concurrency-limits do). By Little's law the
 * saves in flight are the save rate times their time in the server: past the rate the server sustains, every save
 * taken on beyond it only waits longer, for everyone. So every tenth of a second the limit looks back at the
 * slowest save as a student saw it: its time in the server plus how late the event loop was meanwhile (a request
 * waits unread in the kernel for as long as the loop is busy with the turn before, which the server cannot time
 * per request). Slower than the target, the limit drops at once to what would have met it (the saves in flight then
 * times target / observed; at most 3/4 of them, not below 8); when the saves were in time and the limit was
 * reached, it rises by a tenth (at least 1, up to the ceiling); otherwise it stays. It starts at the ceiling: a
 * server that answers in time never refuses a burst. Pure: the caller gives the clock and the loop's lateness.
 */
export interface SaveLimitSettings {
  /** Where the limit starts and how high it may rise. */
  ceiling: number;
  /** A save answered slower than this (ms), the loop's lateness included, lowers the limit. */
  targetMs: number;
  /** How late (ms) the event loop was at most since the last call: called once per revision. */
  loopLateMs(): number;
}

/** How often the limit is revised (ms): often enough to follow a spike, long enough to see many saves. */
export const SAVE_LIMIT_WINDOW_MS = 100;
/** The lowest limit: a process always takes on a few saves, or a slow disk would refuse every save. */
export const SAVE_LIMIT_FLOOR = 8;
/** The most a slow window keeps of the saves in flight: a cut even when the target was only just missed. */
const LOWEST_CUT = 0.75;

export interface SaveLimit {
  /** Saves that may be in flight now. */
  limit(): number;
  /** A save answered `ms` after it was taken on, at `now`, with `inFlight` saves (itself included) in flight then. */
  answered(ms: number, inFlight: number, now: number): void;
}

export function saveLimit({ ceiling, targetMs, loopLateMs }: SaveLimitSettings, start: number): SaveLimit {
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
      const observed = slowest + loopLateMs();
      if (observed > targetMs) {
        const kept = Math.min(LOWEST_CUT, targetMs / observed);
        limit = Math.max(SAVE_LIMIT_FLOOR, Math.floor(Math.min(limit, peak) * kept));
      } else if (peak >= limit) limit = Math.min(ceiling, limit + Math.max(1, Math.floor(limit / 10)));
      windowStart = now;
      slowest = 0;
      peak = 0;
    },
  };
}
