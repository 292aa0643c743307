/**
 * The saga middleware, mounted on a store that already runs (storeCore.ts): redux-saga is then part of the sagas'
 * chunk rather than of the first screen (the page's boot loads it beside /login, index.tsx).
 */
import type { Dispatch, MiddlewareAPI, UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { stdChannel, type EffectMiddleware, type Saga } from 'redux-saga';
import { effectTypes } from 'redux-saga/effects';
import { tagFromSaga } from './sessionRecording';

/** The sagas mounted on a store: what the store's dispatch hands on, the channel the sagas take from, the end. */
export interface MountedSagas {
  /** Hands an action on to the reducers, then to the sagas (the saga middleware's own dispatch). */
  dispatch: Dispatch;
  /** Gives the sagas an action the reducers had already (one dispatched before they were mounted). */
  hear(action: UnknownAction): void;
  cancel(): void;
}

/** What mounts `saga` on a store, given the store's middleware API and the next dispatch of its chain. */
export type SagaMount = (api: MiddlewareAPI, next: Dispatch) => MountedSagas;

interface PutEffect {
  type: string;
  payload: { channel?: unknown; action: unknown };
}

/** A saga effect middleware: each `put` to the store gets `meta.fromSaga`, whatever saga wrote it. */
const tagSagaPuts: EffectMiddleware = (next) => (effect: unknown) => {
  const put = effect as PutEffect | null;
  if (put !== null && typeof put === 'object' && put.type === effectTypes.PUT && !put.payload.channel) {
    const tagged = tagFromSaga(put.payload.action);
    if (tagged !== put.payload.action) {
      next({ ...put, payload: { ...put.payload, action: tagged } });
      return;
    }
  }
  next(effect);
};

export function mountSaga(saga: Saga): SagaMount {
  return (api, next) => {
    const channel = stdChannel<UnknownAction>();
    const middleware = createSagaMiddleware({
      channel,
      onError: (error, { sagaStack }) => console.error('saga error', error, sagaStack),
      effectMiddlewares: [tagSagaPuts],
    });
    const dispatch = middleware(api)(next) as Dispatch;
    const task = middleware.run(saga);
    return { dispatch, hear: (action) => channel.put(action), cancel: () => task.cancel() };
  };
}
