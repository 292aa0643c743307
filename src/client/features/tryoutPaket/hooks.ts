import { useRunLeaveGuard } from '../../lib/run/leave';
import { PAKET } from './answers';
import { decidePaketLeave } from './leave';

/**
 * The guards of a running tryout on the preview and the sheet: the engine's blocker holds the
 * navigation; the saga decides (save the time first, or "failed" / "nonono") and the verdict proceeds or resets.
 */
export function usePaketLeaveGuard(): void {
  useRunLeaveGuard(PAKET, decidePaketLeave);
}
