/** The drills' table: one line per fault, then each drill's own figures and whatever went wrong. */
import type { DrillRow } from './underLoad';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function drillTable(rows: DrillRow[]): string {
  const header = [
    'fault',
    'saves acknowledged',
    'lost',
    'retried',
    'errors seen by students',
    'time to recover',
  ];
  const lines = rows.map((r) => [
    r.fault,
    String(r.acknowledged),
    String(r.lost),
    String(r.retried),
    String(r.errorsSeen),
    seconds(r.recoverMs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const table = [format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(format)];
  const details = rows.flatMap((r) => {
    const failures = Object.entries(r.figures.failures)
      .map(([kind, n]) => `${n} × ${kind}`)
      .join(', ');
    return [
      `${r.fault}: failed tries ${failures || 'none'}; unsent at the end ${r.figures.unsent}; refused ${r.figures.refusals.length}`,
      ...r.notes.map((n) => `  ${n}`),
      ...Object.entries(r.figures.samples).map(
        ([kind, body]) => `  first ${kind}: ${body.replace(/\s+/g, ' ')}`,
      ),
      ...r.problems.map((p) => `  PROBLEM: ${p}`),
      ...r.figures.refusals.slice(0, 3).map((p) => `  refused: ${p}`),
    ];
  });
  return [...table, '', ...details].join('\n');
}
