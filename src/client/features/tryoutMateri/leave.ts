/** Navigation guards while a topic runs: leaving the sheet is refused with an error dialog. */
import type { LeaveConfig, LeaveDecision } from '../../lib/run/leave';
import type { RunState } from '../../lib/run/slice';
import { text } from '../../text';
import { MATERI } from './answers';
import type { TryoutMateriState } from './slice';

/** The decision for the engine's guard hook, read from the store at the moment of navigating. */
export function decideMateriLeave(
  state: { run: RunState; tryoutMateri: TryoutMateriState },
  from: string,
  to: string,
): LeaveDecision {
  return state.tryoutMateri.isRunning && from !== to ? 'block' : 'allow';
}

export const materiLeave: LeaveConfig = {
  kind: MATERI,
  blocked: { title: text.common.error, text: text.tryoutMateri.leaveBlocked },
};
