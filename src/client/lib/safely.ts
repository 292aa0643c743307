/** Per-handler isolation (as valora wallet's `safely`): one handler's exception never stops its watcher. */
import { call } from 'typed-redux-saga';
import { showError } from '../components/dialogs';
import { text } from '../text';

/**
 * Wrap a handler so that an exception is logged (and `onError` may show a dialog) instead of ending the
 * `takeEvery`/`takeLatest` watcher that runs it, and with it the countdown or the other handlers.
 */
export function safely<Args extends unknown[]>(
  handler: (...args: Args) => Generator,
  onError?: (error: unknown) => Generator | Promise<unknown>,
) {
  return function* safelyHandled(...args: Args) {
    try {
      yield* call(handler, ...args);
    } catch (error) {
      console.error(`saga ${handler.name || 'handler'} failed`, error);
      if (onError) {
        try {
          yield* call(onError, error);
        } catch (dialogError) {
          console.error('error dialog failed', dialogError);
        }
      }
    }
  };
}

/** An unexpected failure inside a tryout handler: the error dialog with its message; the other watchers go on. */
export function* unexpected(error: unknown) {
  yield* call(showError, text.common.error, error instanceof Error ? error.message : String(error));
}
