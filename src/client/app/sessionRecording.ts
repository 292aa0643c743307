/**
 * What makes a DevTools export replayable (QA replays, `__tests__/client/replays/`): every action carries the
 * moment it reached the store (`meta.at`, from the app's clock: the extension's Export keeps no timestamps), and
 * every action a saga put is tagged `meta.fromSaga`, so a replay sends only what the screens dispatched and lets
 * the sagas put the rest again.
 */
import { isPlainObject, type Middleware } from '@reduxjs/toolkit';
import { clock } from '../lib/clock';

export interface RecordingMeta {
  /** Epoch ms at which the store received the action. */
  at?: number;
  /** A saga put it (not a screen). */
  fromSaga?: true;
}

type Meta = Record<string, unknown> | undefined;

function withMeta<A extends { meta?: unknown }>(action: A, extra: RecordingMeta): A {
  const meta = isPlainObject(action.meta) ? (action.meta as Meta) : undefined;
  return { ...action, meta: { ...meta, ...extra } };
}

const hasType = (action: unknown): action is { type: string; meta?: unknown } =>
  isPlainObject(action) && typeof (action as { type?: unknown }).type === 'string';

/** Stamps `meta.at` on every plain action. */
export const stampTime: Middleware = () => (next) => (action) =>
  next(hasType(action) ? withMeta(action, { at: clock.now() }) : action);

/** An action a saga put, tagged `meta.fromSaga` (sagaMount.ts tags every `put`); anything else as it is. */
export const tagFromSaga = (action: unknown): unknown =>
  hasType(action) ? withMeta(action, { fromSaga: true }) : action;

/** True for an action a saga put. */
export const isFromSaga = (action: object): boolean =>
  'meta' in action && isPlainObject(action.meta) && (action.meta as RecordingMeta).fromSaga === true;
