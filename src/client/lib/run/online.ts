/** The browser's own view of the network, behind functions so sagas can `call` them and tests `provide` them. */
import { eventChannel, type EventChannel } from 'redux-saga';

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Emits once each time the browser reports it is back online. */
export function onlineChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    if (typeof window === 'undefined') return () => undefined;
    const listener = () => emit(true);
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  });
}
