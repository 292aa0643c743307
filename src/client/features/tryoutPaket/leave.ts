/** Navigation guards while a package tryout runs (spec §4): which navigations are held, and what then happens. */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select } from 'redux-saga/effects';
import { showError } from '../../components/dialogs';
import { text } from '../../text';
import { selectTryoutPaket } from './selectors';
import { leaveResolved, type TryoutPaketState } from './slice';
import { reportStatusMapel, type ServerTime } from './subject';

type TryoutPage = { kind: 'preview' | 'sheet'; idJadwal: number; kategoriHash: string };

/** Which page of a tryout a path is, if any. */
export function tryoutPageOf(pathname: string): TryoutPage | null {
  const match = /^\/to\/(\d+)\/(preview|sheet)\/([^/]+)(?:\/[^/]+)?\/?$/.exec(pathname);
  if (!match) return null;
  return { kind: match[2] as TryoutPage['kind'], idJadwal: Number(match[1]), kategoriHash: match[3] };
}

/** 'allow', 'block' ("failed" / "nonono") or 'saveTime' (regular students leaving the sheet: save time first). */
export type LeaveDecision = 'allow' | 'block' | 'saveTime';

export function decideLeave(input: {
  isRunning: boolean;
  regular: boolean;
  from: string;
  to: string;
}): LeaveDecision {
  if (!input.isRunning || input.from === input.to) return 'allow';
  const from = tryoutPageOf(input.from);
  const to = tryoutPageOf(input.to);
  if (!from) return 'allow';
  if (from.kind === 'preview') return to?.kind === 'sheet' ? 'allow' : 'block';
  if (to?.kind === 'preview' || to?.kind === 'sheet') return 'allow';
  return input.regular ? 'saveTime' : 'block';
}

/** A held navigation: save the remaining time first (regular students on the sheet), or refuse it. */
export function* leaveFlow(action: PayloadAction<{ saveTime: boolean }>) {
  if (!action.payload.saveTime) {
    yield call(showError, text.tryoutPaket.leaveBlockedTitle, text.tryoutPaket.leaveBlockedText);
    yield put(leaveResolved('denied'));
    return;
  }
  const state: TryoutPaketState = yield select(selectTryoutPaket);
  const { run, detailMapel } = state;
  if (!run || !detailMapel) {
    yield put(leaveResolved('allowed'));
    return;
  }
  const server: ServerTime | null = yield call(
    reportStatusMapel,
    { ...run, idMapel: detailMapel.id_mapel },
    detailMapel.sisa_waktu,
    0,
  );
  if (server === null) {
    yield call(showError, text.common.error, text.tryoutPaket.timerSaveFailed);
    yield put(leaveResolved('denied'));
    return;
  }
  yield put(leaveResolved('allowed'));
}
