/**
 * Reads that ride out a short network failure. An idempotent read (a list, a preview, results, a ranking, a
 * discussion) that fails on transport (no answer, a timeout, 5xx, 408, 429) is asked again after the outbox's
 * capped, jittered backoff, or after the server's `Retry-After` when that is short enough to wait for on a loading
 * screen; at most `READ_RETRIES` times. A refusal (the server's answer, or another 4xx) is never asked again. After
 * that the screen shows its error with "Coba lagi".
 */
import { call, type SagaGenerator } from 'typed-redux-saga';
import { clock } from './clock';
import { classifyFailure } from './run/failure';
import { backoffMs, jitter } from './run/outbox';

/** Tries after the first one. */
export const READ_RETRIES = 3;
/** A longer `Retry-After` is not waited for: the screen says the call failed, and "Coba lagi" is the student's. */
export const READ_RETRY_AFTER_MAX_MS = 15_000;

/** `call(fn, ...args)`, asked again after transport failures as above; throws the last failure. */
export function* callRead<Args extends unknown[], Result>(
  fn: (...args: Args) => Promise<Result>,
  ...args: Args
): SagaGenerator<Result> {
  return yield* callReadUnless(() => false, fn, ...args);
}

/** callRead, except that a failure `handled` says its caller answers itself is thrown at once, not asked again. */
export function* callReadUnless<Args extends unknown[], Result>(
  handled: (error: unknown) => boolean,
  fn: (...args: Args) => Promise<Result>,
  ...args: Args
): SagaGenerator<Result> {
  for (let failures = 1; ; failures += 1) {
    try {
      return yield* call(fn, ...args);
    } catch (error) {
      if (handled(error)) throw error;
      const now = yield* call(clock.now);
      const failure = classifyFailure(error, now);
      if (failure.kind !== 'transport' || failures > READ_RETRIES) throw error;
      const wait = failure.retryAfterMs ?? backoffMs(failures, yield* call(jitter));
      if (wait > READ_RETRY_AFTER_MAX_MS) throw error;
      yield* call(clock.sleep, wait);
    }
  }
}
