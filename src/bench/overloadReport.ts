/** The overload phase's lines of the bench's report. */
import type { CpuSpent } from './cpu';
import type { OverloadResult } from './overload';
import type { SaveRate } from './overloadPhase';
import { fixed, machineCell, speedCell } from './reportCells';
import type { MachineBusy } from './machineCpu';
import type { SpeedProbe } from './speedProbe';

/** The overload phase: twice the sustainable save rate offered, whatever the server answers. */
export interface OverloadReport {
  /** Saves per second the answer-save phase sustained, what it shed, and how long its connections sat out. */
  savePhase: SaveRate;
  /**
   * The runs before `result`, each of which accepted more than half (the first at twice the answer-save phase's
   * rate, each next at twice what the one before accepted); empty when the first run was a true 2×.
   */
  earlierRuns: OverloadResult[];
  result: OverloadResult;
  /** Acknowledged saves of this phase whose value is not in the database afterwards. */
  lost: number;
  /** CPU the server's and the database's processes spent during the phase. */
  cpu?: CpuSpent;
  /** The machine's CPU speed probed around the last run. */
  speed?: SpeedProbe;
  /** How busy the machine was during the last run. */
  machine?: MachineBusy;
}

/** Accepted saves within this p99 (ms) while overloaded: the load shedding's target. */
export const OVERLOAD_P99_TARGET_MS = 100;

/**
 * The overload phase's lines: what was offered, what was accepted and how fast (timed from when the generator sent
 * each save; the generator's own lateness to its schedule, on the same shared cores, apart), what was shed, what was
 * lost.
 */
export function overloadLines(o: OverloadReport | null): string[] {
  if (!o) return ['Overload phase: not run', ''];
  const r = o.result;
  const verdict = r.acceptedP99 <= OVERLOAD_P99_TARGET_MS ? 'within' : 'OVER';
  const shed = o.savePhase.shed;
  const phase =
    shed === 0
      ? 'saves the answer-save phase acknowledged; it shed none'
      : `saves the answer-save phase acknowledged; it SHED ${shed} calls, its connections sat out ` +
        `${fixed(o.savePhase.satOutShare * 100)} % of it as Retry-After asked: the rate understates the server's`;
  const runs = o.earlierRuns.length + 1;
  const again = o.earlierRuns.map(
    (run, i) =>
      `  ${i === 0 ? 'first run at 2× that' : `run ${i + 1} at 2× what run ${i} accepted`}: offered ` +
      `${fixed(run.offeredPerSecond)}/s, accepted ${run.acknowledged.length} (${share(run)} %), more than half: not ` +
      `twice what the server sustains. Offered again at twice what it accepted`,
  );
  if (runs > 1) again.push(`  the figures above are run ${runs}'s`);
  if (moreThanHalf(r))
    again.push(
      `  run ${runs} too accepted more than half, and no more runs are made: NOT a true 2×, its p99 is no 2× figure`,
    );
  return [
    `Overload (answer saves at 2× the sustainable rate, open loop): sustainable ${fixed(o.savePhase.perSecond)}/s ` +
      `(${phase}), offered ${fixed(r.offeredPerSecond)}/s, ${r.sent} sent; ` +
      `accepted ${r.acknowledged.length} (${share(r)} %), ` +
      `from sent p50 ${fixed(r.acceptedP50)} ms, p99 ${fixed(r.acceptedP99)} ms (${verdict} the target of ` +
      `${OVERLOAD_P99_TARGET_MS} ms), max ${fixed(r.acceptedMax)} ms; shed (503) ${r.shed}; ` +
      `other answers ${r.other}; connection errors ${r.errored}; unanswered ${r.unanswered}; ` +
      `acknowledged and lost ${o.lost}` +
      (o.speed ? `; CPU probe ${speedCell(o.speed)} ms` : '') +
      (o.machine ? `; machine busy cores (others) ${machineCell(o.machine)}` : ''),
    `  the generator (its connections opened and each used once before the clock, as students mid-exam hold ` +
      `theirs): its own lateness to its schedule: p99 ${fixed(r.lateP99)} ms, max ${fixed(r.lateMax)} ms ` +
      `(accepted p99 from when due, lateness included: ${fixed(r.acceptedDueP99)} ms)`,
    `  accepted saves slower than ${OVERLOAD_P99_TARGET_MS} ms / accepted, per second of the phase: ` +
      r.acceptedBySecond.map((n, i) => `${r.slowBySecond[i]}/${n}`).join(', '),
    ...again,
    '',
  ];
}

const moreThanHalf = (r: OverloadResult) => r.acknowledged.length * 2 > r.sent;

/** The share (%) of the sent saves a run accepted. */
const share = (r: OverloadResult) => fixed((r.acknowledged.length / Math.max(r.sent, 1)) * 100, 1);
