import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useBlocker, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { selectIsRegularStudent } from '../profile/selectors';
import { decideLeave } from './leave';
import { selectPaketLeave } from './selectors';
import { leaveRequested, leaveSettled } from './slice';

/**
 * The guards of a running tryout on the preview and the sheet (spec §4): react-router's blocker holds the
 * navigation; the saga decides (save the time first, or "failed" / "nonono") and the verdict proceeds or resets.
 */
export function usePaketLeaveGuard(): void {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    // Read at the moment of navigating: a saga may have just ended the run.
    const state = store.getState();
    return (
      decideLeave({
        isRunning: state.tryoutPaket.isRunning,
        regular: selectIsRegularStudent(state),
        from: currentLocation.pathname,
        to: nextLocation.pathname,
      }) !== 'allow'
    );
  });
  const verdict = useAppSelector(selectPaketLeave);
  const { pathname } = useLocation();

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const state = store.getState();
    const decision = decideLeave({
      isRunning: state.tryoutPaket.isRunning,
      regular: selectIsRegularStudent(state),
      from: pathname,
      to: blocker.location.pathname,
    });
    if (decision === 'allow') blocker.proceed();
    else if (state.tryoutPaket.leave === 'idle')
      dispatch(leaveRequested({ saveTime: decision === 'saveTime' }));
  }, [blocker, store, dispatch, pathname]);

  useEffect(() => {
    if (verdict !== 'allowed' && verdict !== 'denied') return;
    if (blocker.state === 'blocked') {
      if (verdict === 'allowed') blocker.proceed();
      else blocker.reset();
    }
    dispatch(leaveSettled());
  }, [verdict, blocker, dispatch]);
}
