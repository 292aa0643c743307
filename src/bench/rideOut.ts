/**
 * How the bench's clients ride out a refusal, as the SPA does: a call the server shed (503) or asked to slow down
 * (429) is asked again after the `Retry-After` it names, not at once. A client that asks again at once floods a
 * shedding server with calls it can only refuse, and the bench would measure the flood.
 */
import { retryAfterMs } from '../contract/retryAfter';

/** Answers a client rides out. */
const RIDDEN_OUT = new Set([503, 429]);
/** The wait when such an answer names none (the SPA's first backoff is about a second). */
export const RETRY_WITHOUT_HEADER_MS = 1000;

/** How long (ms) to wait before asking again after an answer with `status`, or null when it is not ridden out. */
export function rideOutMs(status: number, retryAfter: unknown, now: number): number | null {
  if (!RIDDEN_OUT.has(status)) return null;
  return retryAfterMs(retryAfter, now) ?? RETRY_WITHOUT_HEADER_MS;
}
