import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useBlocker, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { leaveBlocked, navigationDone } from './slice';

/** Perform the navigation a saga asked for. */
export function useMateriNavigation(): void {
  const navigation = useAppSelector((state) => state.tryoutMateri.navigation);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (!navigation) return;
    dispatch(navigationDone());
    navigate(navigation.to, { replace: navigation.replace });
  }, [navigation, dispatch, navigate]);
}

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
