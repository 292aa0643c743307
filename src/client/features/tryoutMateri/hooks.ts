import { useRunLeaveGuard } from '../../lib/run/leave';
import { MATERI } from './answers';
import { decideMateriLeave } from './leave';

/** Leaving the sheet while the topic runs is blocked with an error dialog. */
export function useMateriLeaveGuard(): void {
  useRunLeaveGuard(MATERI, decideMateriLeave);
}
