/** The Markdown cells the bench's report and its sections share. */
import type { LoadResult } from './load';
import type { MachineBusy } from './machineCpu';
import type { SpeedProbe } from './speedProbe';

export const fixed = (value: number, digits = 0) => value.toFixed(digits);

export function row(cells: (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** Which statuses the errors had, e.g. ` (503: 150, connection: 2)`; nothing when there were none. */
export function errorsByText(r: Pick<LoadResult, 'errorsBy'>): string {
  const kinds = Object.entries(r.errorsBy);
  return kinds.length === 0 ? '' : ` (${kinds.map(([kind, count]) => `${kind}: ${count}`).join(', ')})`;
}

/** The CPU probe's milliseconds before / after a phase; a dash where none was taken. */
export function speedCell(speed: SpeedProbe | undefined): string {
  return speed ? `${fixed(speed.beforeMs, 1)} / ${fixed(speed.afterMs, 1)}` : '—';
}

/**
 * The machine's busy cores during a phase and, in parentheses, the part no watched process spent; a dash where the
 * machine was not read.
 */
export function machineCell(machine: MachineBusy | undefined): string {
  if (!machine) return '—';
  const others = machine.otherCores === null ? '' : ` (${fixed(machine.otherCores, 2)})`;
  return `${fixed(machine.busyCores, 2)}${others}`;
}
