import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useBlocker } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { leaveBlocked } from './slice';

/** Leaving the sheet while the topic runs is blocked with an error dialog (spec §4). */
export function useMateriLeaveGuard(): void {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      store.getState().tryoutMateri.isRunning && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    dispatch(leaveBlocked());
  }, [blocker, dispatch]);
}
