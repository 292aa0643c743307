import { useEffect } from 'react';
import { useAppSelector } from './hooks';
import { selectIsTryoutRunning } from '../lib/run/running';

/** The browser warns on page close or refresh while a tryout runs. */
export function useLeaveWarning(): void {
  const running = useAppSelector(selectIsTryoutRunning);
  useEffect(() => {
    if (!running) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);
}
