/** A drill's frame: the fault injected under answer-save load, then the database read for every acknowledged save. */
import { distinctSaves, storedSaves } from '../answers';
import { sleep } from './poll';
import type { Rig } from './rig';
import { startSaveLoad, type DrillStudent, type SaveFigures } from './students';

export interface DrillContext {
  rig: Rig;
  students: DrillStudent[];
  /** Pause of each student between two saves. */
  thinkMs: number;
  /** Load before the fault, and after it has passed. */
  loadMs: number;
  log(line: string): void;
}

/** One drill's line of the table, and what its assertions read. */
export interface DrillRow {
  fault: string;
  acknowledged: number;
  /** Acknowledged answers whose value is not in the database. */
  lost: number;
  retried: number;
  errorsSeen: number;
  /** When the fault was injected (epoch ms). */
  faultAt: number;
  /** Time from the fault until the last failed try (ms); 0 when no try failed. */
  recoverMs: number;
  figures: SaveFigures;
  /** Drill-specific figures, printed under the table. */
  notes: string[];
  /** Drill-specific failures (empty when the drill's own assertions hold). */
  problems: string[];
}

/**
 * Runs `fault` under save load (`loadMs` before and after it), then checks the database. `fault` returns when the
 * fault is over; its notes and problems join the row's.
 */
export async function underLoad(
  ctx: DrillContext,
  fault: string,
  inject: (faultAt: number) => Promise<{ notes?: string[]; problems?: string[] }>,
): Promise<DrillRow> {
  const { rig } = ctx;
  ctx.log(`drill: ${fault}`);
  const load = startSaveLoad(rig.nginx.url, rig.event.running.id, ctx.students, ctx.thinkMs);
  await sleep(ctx.loadMs);
  const faultAt = Date.now();
  let own: { notes?: string[]; problems?: string[] };
  try {
    own = await inject(faultAt);
  } finally {
    await sleep(ctx.loadMs);
  }
  const figures = await load.stop();
  const problems = [...(own.problems ?? [])];
  // Every node that was not killed on purpose is still running.
  for (const node of rig.nodes)
    if (node.process() === null) problems.push(`${node.name} is not running after the drill`);
  const stored = await rig.withDb((db) => storedSaves(db, figures.saves));
  return {
    fault,
    acknowledged: figures.acknowledged,
    lost: distinctSaves(figures.saves) - stored,
    retried: figures.retried,
    errorsSeen: figures.errorsSeen,
    faultAt,
    recoverMs: figures.lastFailureAt === null ? 0 : Math.max(0, figures.lastFailureAt - faultAt),
    figures,
    notes: own.notes ?? [],
    problems,
  };
}

/** The lines of nginx's error log written while `work` ran that say an app reset or dropped a request. */
export async function upstreamResetsDuring(rig: Rig, work: () => Promise<void>): Promise<string[]> {
  const before = rig.nginx.errorLog().length;
  await work();
  return rig.nginx
    .errorLog()
    .slice(before)
    .split('\n')
    .filter((line) => /reset by peer|prematurely closed/.test(line));
}

/**
 * What a kill -9 of one node must leave: every student saved again after it (the survivor serves everyone), each
 * save acknowledged within 3 tries (nginx passes a refused or reset PUT to the other node).
 */
export function killChecks(row: DrillRow, students: number): void {
  const served = row.figures.lastAckAt.filter((at) => at > row.faultAt).length;
  row.notes.push(`${served} of ${students} students saved after the kill`);
  if (served < students) row.problems.push(`only ${served} students saved after the kill`);
  if (row.figures.beyondNoticeTries > 0 || row.errorsSeen > 0)
    row.problems.push(`${row.errorsSeen} saves not acknowledged within 3 tries`);
}
