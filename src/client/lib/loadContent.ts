import type { UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put } from 'typed-redux-saga';
import { showCallError, showFailed } from '../components/dialogs';
import { callRead } from './readRetry';
import { terkunciOf } from './terkunci';

/** What every call answers: `{status, message?, content?}`. */
interface Reply {
  status: boolean;
  message?: string;
}
type ContentOf<R> = R extends { content: infer C } ? C : never;

/**
 * The usual load of a list or a page, for a saga: call `fn(...args)`; with content, put `loaded(content)`;
 * a refusal puts `refused` (by default `failed`) and shows "Failed" with the server's message; a refusal that only
 * means "not yet" (lib/terkunci.ts) puts `terkunci(sentence)` instead, when given, without a dialog; a failed call
 * puts `failed` and shows the call error naming `action`.
 */
export function* loadContent<A extends unknown[], R extends Reply>(
  fn: (...args: A) => Promise<R>,
  args: A,
  on: {
    loaded: (content: ContentOf<R>) => UnknownAction;
    failed: UnknownAction;
    refused?: UnknownAction;
    terkunci?: (message: string) => UnknownAction;
    action: string;
  },
): SagaIterator<void> {
  try {
    const reply = yield* callRead(fn, ...args);
    if (reply.status && 'content' in reply) {
      yield* put(on.loaded(reply.content as ContentOf<R>));
    } else {
      yield* put(on.refused ?? on.failed);
      const terkunci = on.terkunci ? terkunciOf(reply) : null;
      if (on.terkunci && terkunci !== null) yield* put(on.terkunci(terkunci));
      else yield* call(showFailed, reply.message);
    }
  } catch (error) {
    yield* put(on.failed);
    yield* call(showCallError, error, on.action);
  }
}
