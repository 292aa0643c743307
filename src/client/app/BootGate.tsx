import { startTransition, useEffect, useState, type ReactNode } from 'react';
import type { Persistor } from 'redux-persist';
import { Spinner } from '../components/Spinner';

/**
 * redux-persist's PersistGate, with the app shown in a transition once the store is rehydrated: React then renders
 * the first screen in slices of a few milliseconds instead of one long task, so a slow phone's main thread stays
 * free for a tap while the page builds (Lighthouse's total blocking time).
 */
export function BootGate({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  const [ready, setReady] = useState(() => persistor.getState().bootstrapped);
  useEffect(() => {
    if (ready) return undefined;
    const check = () => {
      if (persistor.getState().bootstrapped) startTransition(() => setReady(true));
    };
    const unsubscribe = persistor.subscribe(check);
    check();
    return unsubscribe;
  }, [persistor, ready]);
  return ready ? children : <Spinner />;
}
