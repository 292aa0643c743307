import { useRunLeaveGuard } from '../../lib/run/leave';
import { MATERI, decideMateriLeave } from './run';

/** Leaving the sheet while the topic runs is blocked with an error dialog (spec §4). */
export function useMateriLeaveGuard(): void {
  useRunLeaveGuard(MATERI, decideMateriLeave);
}
