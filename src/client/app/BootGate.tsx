import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../components/Spinner';

/**
 * redux-persist's PersistGate, with the app shown in a transition once the store is rehydrated (`rehydrated`
 * settles): React then renders the first screen in slices of a few milliseconds instead of one long task, so a
 * slow phone's main thread stays free for a tap while the page builds (Lighthouse's total blocking time).
 */
export function BootGate({ rehydrated, children }: { rehydrated: Promise<unknown>; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    const show = () => {
      if (mounted) startTransition(() => setReady(true));
    };
    void rehydrated.then(show, show);
    return () => {
      mounted = false;
    };
  }, [rehydrated]);
  return ready ? children : <Spinner />;
}
