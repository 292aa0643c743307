/** Navigation guards while a package tryout runs: which navigations are held, and what then happens. */
import { call, select } from 'typed-redux-saga';
import { showError } from '../../components/dialogs';
import type { LeaveConfig, LeaveDecision } from '../../lib/run/leave';
import { selectSisaWaktu, type RunState } from '../../lib/run/slice';
import { selectIsRegularStudent } from '../../lib/student';
import type { ProfileUser } from '../../../contract';
import { text } from '../../text';
import { PAKET } from './answers';
import { selectTryoutPaket } from './selectors';
import type { TryoutPaketState } from './slice';
import { reportStatusMapel } from './subject';

type TryoutPage = { kind: 'preview' | 'sheet'; idJadwal: number; kategoriHash: string };

/** Which page of a tryout a path is, if any. */
export function tryoutPageOf(pathname: string): TryoutPage | null {
  const match = /^\/to\/(\d+)\/(preview|sheet)\/([^/]+)(?:\/[^/]+)?\/?$/.exec(pathname);
  if (!match) return null;
  return { kind: match[2] as TryoutPage['kind'], idJadwal: Number(match[1]), kategoriHash: match[3] };
}

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

export type PaketGuardState = {
  run: RunState;
  tryoutPaket: TryoutPaketState;
  profile: { profilUser: ProfileUser | null };
};

/** The decision for the engine's guard hook, read from the store at the moment of navigating. */
export function decidePaketLeave(state: PaketGuardState, from: string, to: string): LeaveDecision {
  return decideLeave({
    isRunning: state.tryoutPaket.isRunning,
    regular: selectIsRegularStudent(state),
    from,
    to,
  });
}

/** Regular students leaving the sheet: the remaining time is saved first; a failure keeps them on the sheet. */
export function* saveTimeBeforeLeaving() {
  const state = yield* select(selectTryoutPaket);
  const { run, detailMapel } = state;
  if (!run || !detailMapel) return true;
  const shown = yield* select(selectSisaWaktu);
  const server = yield* call(
    reportStatusMapel,
    { ...run, idMapel: detailMapel.id_mapel },
    shown ?? detailMapel.sisa_waktu,
    0 as const,
  );
  if (server === null) {
    yield* call(showError, text.common.error, text.tryoutPaket.timerSaveFailed);
    return false;
  }
  return true;
}

export const paketLeave: LeaveConfig = {
  kind: PAKET,
  blocked: { title: text.tryoutPaket.leaveBlockedTitle, text: text.tryoutPaket.leaveBlockedText },
  saveTime: saveTimeBeforeLeaving,
};
