/**
 * Leave guards of a running tryout: the router's hold (lib/HeldRouter.tsx) keeps a navigation, in-app or the
 * browser's back and forward, from happening; the configuration
 * decides whether it goes, is refused with a dialog, or first saves the remaining time (regular students on the
 * package sheet, whose failed save keeps them on the sheet).
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { call, put } from 'typed-redux-saga';
import { showError } from '../../components/dialogs';
import type { HoldFunction } from '../heldHistory';
import { useNavigationHold } from '../HeldRouter';
import { leaveRequested, leaveResolved, leaveSettled, selectLeaveVerdict, type RunState } from './slice';

/** 'allow', 'block' (refused with a dialog) or 'saveTime' (save the remaining time, then go). */
export type LeaveDecision = 'allow' | 'block' | 'saveTime';

export type LeaveDecider<S> = (state: S, from: string, to: string) => LeaveDecision;

/** Hold navigations that `decide` does not allow, until the leave saga's verdict. */
export function useRunLeaveGuard<S extends { run: RunState }>(kind: string, decide: LeaveDecider<S>): void {
  const store = useStore<S>();
  const dispatch = useDispatch();
  // Read at the moment of navigating: a saga may have just ended the run.
  const holds = useCallback<HoldFunction>(
    ({ currentLocation, nextLocation }) =>
      decide(store.getState(), currentLocation.pathname, nextLocation.pathname) !== 'allow',
    [store, decide],
  );
  const blocker = useNavigationHold(holds);
  const verdict = useSelector((state: S) => selectLeaveVerdict(state));
  const { pathname } = useLocation();

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const state = store.getState();
    const decision = decide(state, pathname, blocker.location.pathname);
    if (decision === 'allow') blocker.proceed();
    else if (state.run.leave === 'idle')
      dispatch(leaveRequested({ kind, saveTime: decision === 'saveTime' }));
  }, [blocker, store, dispatch, pathname, decide, kind]);

  useEffect(() => {
    if (verdict !== 'allowed' && verdict !== 'denied') return;
    if (blocker.state === 'blocked') {
      if (verdict === 'allowed') blocker.proceed();
      else blocker.reset();
    }
    dispatch(leaveSettled());
  }, [verdict, blocker, dispatch]);
}

export interface LeaveConfig {
  kind: string;
  /** The refusal dialog ("failed" / "nonono" on the package, an error on the per-topic sheet). */
  blocked: { title: string; text: string };
  /** Save the remaining time; false keeps the student where they are (after its own error dialog). */
  saveTime?(): Generator<unknown, boolean>;
}

/** The verdict on a held navigation. */
export function* leaveFlow(config: LeaveConfig, action: PayloadAction<{ kind: string; saveTime: boolean }>) {
  if (action.payload.kind !== config.kind) return;
  if (!action.payload.saveTime || !config.saveTime) {
    yield* call(showError, config.blocked.title, config.blocked.text);
    yield* put(leaveResolved('denied'));
    return;
  }
  const saved = yield* call(config.saveTime);
  yield* put(leaveResolved(saved ? 'allowed' : 'denied'));
}
