/**
 * The page's boot loads the sagas as a chunk of their own (index.tsx): the store made before they arrive keeps the
 * actions of the meantime for them, so a login pressed while the chunk is on its way is still sent.
 */
import type { Saga } from 'redux-saga';
import { take } from 'redux-saga/effects';
import { mountSaga, type SagaMount } from '../../../src/client/app/sagaMount';
import { bootState, createStore } from '../../../src/client/app/storeCore';
import { loginRequested, logoutRequested } from '../../../src/client/features/auth/slice';

/** A saga that writes down the type of every action it takes, in order. */
function recorder(seen: string[]): Saga {
  return function* record() {
    for (;;) {
      const action: { type: string } = yield take('*');
      seen.push(action.type);
    }
  };
}

describe('sagas loaded after the store', () => {
  it('hand the saga, once it runs, the actions dispatched before it arrived, in order', async () => {
    const seen: string[] = [];
    let arrive: (saga: SagaMount) => void = () => undefined;
    const store = createStore(bootState(), { saga: new Promise<SagaMount>((resolve) => (arrive = resolve)) });
    store.dispatch(loginRequested({ username: 'budi' }));
    store.dispatch(logoutRequested());
    // The reducers had the action at once: the form shows it is being processed.
    expect(store.getState().auth.loginStatus).toBe('processing');
    expect(seen).toEqual([]);

    arrive(mountSaga(recorder(seen)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([loginRequested.type, logoutRequested.type]);

    // Later actions reach it as they come, once each.
    store.dispatch(logoutRequested());
    expect(seen).toEqual([loginRequested.type, logoutRequested.type, logoutRequested.type]);
    store.stopSagas();
  });

  it('start no saga that arrives after the store was stopped', async () => {
    const seen: string[] = [];
    let arrive: (saga: SagaMount) => void = () => undefined;
    const store = createStore(bootState(), { saga: new Promise<SagaMount>((resolve) => (arrive = resolve)) });
    store.dispatch(logoutRequested());
    store.stopSagas();
    arrive(mountSaga(recorder(seen)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.dispatch(logoutRequested());
    expect(seen).toEqual([]);
  });
});
