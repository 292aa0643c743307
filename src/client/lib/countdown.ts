/**
 * Pure countdown arithmetic; a countdown is a deadline, not a counter: the remaining time is always
 * recomputed from a deadline, so a throttled tab or a sleeping phone never gains time.
 */

/** The interval (s) at which the remaining time is reported to the server. */
export const SYNC_INTERVAL_SECONDS = 120;

/** The five-minute warning threshold. */
export const WARNING_SECONDS = 300;

/** The deadline (epoch ms) of a countdown that has `remainingSeconds` left at `now`. */
export function deadlineFrom(now: number, remainingSeconds: number): number {
  return now + Math.max(0, remainingSeconds) * 1000;
}

/** Whole seconds left until `deadline`, rounded up (a second just begun still counts), never negative. */
export function remainingSeconds(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Milliseconds until the displayed second changes (at least 1 ms, at most a second). */
export function msUntilNextSecond(deadline: number, now: number): number {
  const left = deadline - now;
  if (left <= 0) return 1;
  const intoSecond = left % 1000;
  return intoSecond === 0 ? 1000 : intoSecond;
}

/** "mm:ss"; minutes keep counting past 59 (a 185-minute event shows 185:00). */
export function formatMmSs(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/**
 * Whether going from `previous` to `current` seconds reached or passed a positive multiple of `interval`: true for
 * 241 → 240 and also for 245 → 238 (ticks skipped), false for 240 → 239 (already reported at 240).
 */
export function crossedMultiple(
  previous: number,
  current: number,
  interval = SYNC_INTERVAL_SECONDS,
): boolean {
  if (current >= previous) return false;
  // The largest multiple at or below `previous - 1`... is it still at or above `current`?
  const highestBelowPrevious = Math.floor((previous - 1) / interval) * interval;
  return highestBelowPrevious >= current && highestBelowPrevious > 0;
}

/** Whether the five-minute warning threshold was reached on this step. */
export function crossedWarning(previous: number, current: number, threshold = WARNING_SECONDS): boolean {
  return previous > threshold && current <= threshold;
}
