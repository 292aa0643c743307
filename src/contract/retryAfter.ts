/**
 * `Retry-After`, as the server sends it with a 503 (load shedding, a close in progress) or a 429: how long a client
 * waits before it asks again. The SPA's retries and the bench's clients read it alike.
 */

/** The longest wait a `Retry-After` may ask (a longer one is taken as this). */
export const RETRY_AFTER_MAX_MS = 60_000;

/** `Retry-After` as milliseconds from `now`: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: unknown, now: number): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const seconds = /^\s*(\d+)\s*$/.exec(value);
  const ms = seconds ? Number(seconds[1]) * 1000 : Date.parse(value) - now;
  if (Number.isNaN(ms)) return null;
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(0, ms));
}
