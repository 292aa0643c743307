/** The browser's own view of the network and the app's calls, as a channel sagas can `take` and tests replace. */
import { eventChannel, type EventChannel } from 'redux-saga';
import { onAnswered } from '../../api/http';

/**
 * Emits each time the browser reports it is back online and each time a call is answered: the network works again
 * (a browser on a Wi-Fi that fails quietly never leaves "online", so its event alone would not come).
 */
export function networkEventsChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    const stopAnswers = onAnswered(() => emit(true));
    if (typeof window === 'undefined') return stopAnswers;
    const listener = () => emit(true);
    window.addEventListener('online', listener);
    return () => {
      stopAnswers();
      window.removeEventListener('online', listener);
    };
  });
}
