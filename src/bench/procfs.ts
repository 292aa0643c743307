/**
 * What Linux's /proc says about a process and its descendants (a server's cluster workers, the PostgreSQL
 * postmaster's backends): the CPU time they used and the memory they hold, from one read of every process's stat.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** One process's line of /proc/PID/stat, the fields the bench uses. */
export interface ProcStat {
  /** Its command name (comm). */
  command: string;
  parent: number;
  /** utime + stime + cutime + cstime: its own CPU time and that of its children that ended and were waited for. */
  cpuTicks: number;
  /** utime + stime: its own CPU time only. */
  ownTicks: number;
  residentPages: number;
}

/**
 * Parses /proc/PID/stat. The command name (field 2) is in parentheses and may itself hold spaces and parentheses,
 * so the fields are counted from the last ")": field N of proc(5) is index N − 3 after it.
 */
export function parseStat(text: string): ProcStat {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3]);
  return {
    command: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
    parent: field(4),
    cpuTicks: field(14) + field(15) + field(16) + field(17),
    ownTicks: field(14) + field(15),
    residentPages: field(24),
  };
}

/** A number of the system's configuration (`getconf NAME`), or the usual Linux value. */
function sysconf(name: string, usual: number): number {
  const value = Number(spawnSync('getconf', [name], { encoding: 'utf8' }).stdout?.trim());
  return Number.isFinite(value) && value > 0 ? value : usual;
}

let units: { ticksPerSecond: number; pageKb: number } | null = null;
function unitsOfProc() {
  units ??= { ticksPerSecond: sysconf('CLK_TCK', 100), pageKb: sysconf('PAGESIZE', 4096) / 1024 };
  return units;
}

/** Clock ticks a second: the unit of /proc's CPU times. */
export function ticksPerSecond(): number {
  return unitsOfProc().ticksPerSecond;
}

/** Every process alive now. */
export function processTable(): Map<number, ProcStat> {
  const table = new Map<number, ProcStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      table.set(Number(entry), parseStat(readFileSync(`/proc/${entry}/stat`, 'utf8')));
    } catch {
      // The process ended meanwhile.
    }
  }
  return table;
}

/** A process and its descendants, among the processes of the table. */
export function treeOf(pid: number, table: ReadonlyMap<number, ProcStat>): number[] {
  const tree = table.has(pid) ? [pid] : [];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, stat] of table) if (stat.parent === tree[i]) tree.push(child);
  }
  return tree;
}

export interface TreeUsage {
  /** CPU milliseconds (user + system) used so far, by the live processes and the ended ones waited for. */
  cpuMs: number;
  residentKb: number;
}

/**
 * CPU time and resident memory of each process with its descendants, from one read of /proc (or the table given);
 * zero when gone.
 */
export function treeUsages(
  roots: readonly number[],
  table: ReadonlyMap<number, ProcStat> = processTable(),
): TreeUsage[] {
  const { ticksPerSecond: hz, pageKb } = unitsOfProc();
  return roots.map((root) => {
    let ticks = 0;
    let pages = 0;
    for (const p of treeOf(root, table)) {
      const stat = table.get(p) as ProcStat;
      ticks += stat.cpuTicks;
      pages += stat.residentPages;
    }
    return { cpuMs: (ticks * 1000) / hz, residentKb: pages * pageKb };
  });
}

export function treeUsage(pid: number): TreeUsage {
  return treeUsages([pid])[0];
}

/** A process's parent and command name (comm), or null when there is no such process here. */
export function processInfo(pid: number): { parent: number; command: string } | null {
  try {
    const { parent, command } = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return { parent, command };
  } catch {
    return null;
  }
}
