/** The bench report's CPU table: CPU per request of each phase. */
import { perRequestUs, type CpuSpent, type DatabaseCpu } from './cpu';
import { fixed, row } from './reportCells';

/** A phase's CPU: what it spent, over how many requests answered and how many seconds of load (null: unknown). */
export interface CpuRow {
  phase: string;
  requests: number;
  seconds: number | null;
  cpu: CpuSpent;
}

/**
 * The CPU per request of each phase: the capacity model's figures (README "Capacity model"). Busy cores are the
 * CPU time over the load's seconds: near the machine's cores, the phase was bound by CPU.
 */
export function cpuTable(rows: readonly CpuRow[], databaseCpu: DatabaseCpu): string[] {
  const database = {
    postmaster: 'the PostgreSQL postmaster and its backends',
    'in the app (SQLite)': 'SQLite works inside the server process: its CPU is in the app column',
    'not on this machine': 'not measured (the database is not on this machine)',
  }[databaseCpu];
  const lines = [
    `CPU per request (user + system time from /proc around each phase; app: every server process, workers ` +
      `included; database: ${database}; load generator: the bench's other processes, on the same cores):`,
    '',
    row([
      'phase',
      'requests',
      'app µs per request',
      'database µs per request',
      'load generator µs per request',
      'busy cores (app + database + generator)',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const r of rows) {
    const us = perRequestUs(r.cpu, r.requests);
    const ms = r.cpu.appMs + (r.cpu.databaseMs ?? 0) + r.cpu.generatorMs;
    lines.push(
      row([
        r.phase,
        r.requests,
        us ? fixed(us.appUs) : '—',
        us && us.databaseUs !== null ? fixed(us.databaseUs) : databaseCpu === 'postmaster' ? '—' : 'in app',
        us ? fixed(us.generatorUs) : '—',
        r.seconds ? (ms / 1000 / r.seconds).toFixed(2) : '—',
      ]),
    );
  }
  return [...lines, ''];
}
