/**
 * The whole machine's CPU during a phase, from /proc/stat: how many cores were busy, and how much of that no
 * watched process spent (not the server, the database, the bench or its load generators: another process's work).
 * The CPU probe runs between phases and misses a phase slowed in its middle; this is read across the phase itself.
 */
import { readFileSync } from 'node:fs';
import { ticksPerSecond, treeOf, type ProcStat } from './procfs';

/** The first line of /proc/stat, summed over the machine's cores, in clock ticks. */
export interface MachineTicks {
  /** user + nice + system + irq + softirq: the cores ran some process's (or the kernel's) work. */
  busy: number;
  /** busy + idle + iowait + steal: every tick of every core. */
  total: number;
  /** The "cpuN" lines: the cores the ticks are spread over. */
  cores: number;
}

/**
 * Parses /proc/stat. Fields of the "cpu" line (proc(5)): user nice system idle iowait irq softirq steal guest
 * guest_nice; guest time is already inside user and nice, so it is not added again. Steal is time the hypervisor
 * gave elsewhere: not this machine's work, so not busy.
 */
export function parseProcStat(text: string): MachineTicks {
  const lines = text.split('\n');
  const fields = (lines.find((l) => l.startsWith('cpu ')) ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = Array.from(
    { length: 8 },
    (_, i) => fields[i] || 0,
  );
  const busy = user + nice + system + irq + softirq;
  return {
    busy,
    total: busy + idle + iowait + steal,
    cores: lines.filter((l) => /^cpu\d+ /.test(l)).length,
  };
}

/** The machine's busy cores over a phase, and the part of them outside the watched processes. */
export interface MachineBusy {
  busyCores: number;
  /** Busy cores minus the watched processes' CPU over the same time; null when nothing was watched. */
  otherCores: number | null;
  /** Of the others, the command whose processes spent the most (null: none, or not read). */
  largestOther?: OtherCommand | null;
}

/** A command name outside the watched processes, and the cores its processes kept busy during a phase. */
export interface OtherCommand {
  command: string;
  cores: number;
}

/**
 * Which command outside the watched process trees spent the most CPU between two readings of every process, in
 * cores over `seconds`: each process's own time (not its waited-for children's, which would charge a shell for its
 * tests), a process that started meanwhile with all of its time, under its name at the second reading. A process
 * that started and ended between the readings is not seen.
 */
export function largestOther(
  before: ReadonlyMap<number, ProcStat>,
  after: ReadonlyMap<number, ProcStat>,
  watchedRoots: readonly number[],
  seconds: number,
  ticksPerSecond: number,
): OtherCommand | null {
  const watched = new Set(watchedRoots.flatMap((root) => [...treeOf(root, before), ...treeOf(root, after)]));
  const byCommand = new Map<string, number>();
  for (const [pid, stat] of after) {
    if (watched.has(pid)) continue;
    // By pid, not by name: a kernel worker's name changes with the work it does (kworker/u8:0-events_unbound,
    // then -writeback). A pid whose time went down is another process that took a freed pid: all of its time.
    const earlier = before.get(pid)?.ownTicks ?? 0;
    const ticks = stat.ownTicks - (earlier <= stat.ownTicks ? earlier : 0);
    if (ticks > 0) byCommand.set(stat.command, (byCommand.get(stat.command) ?? 0) + ticks);
  }
  const [largest] = [...byCommand].sort((a, b) => b[1] - a[1]);
  if (!largest || seconds <= 0) return null;
  return { command: largest[0], cores: largest[1] / ticksPerSecond / seconds };
}

/**
 * Busy cores between two readings, and, given the CPU milliseconds the watched processes spent between them, how
 * many cores' worth was someone else's. Null when no time passed between the readings.
 */
export function machineBusy(
  before: MachineTicks,
  after: MachineTicks,
  watchedMs: number | null,
  ticksPerSecond: number,
): MachineBusy | null {
  const total = after.total - before.total;
  const cores = after.cores || 1;
  if (total <= 0) return null;
  const busyCores = ((after.busy - before.busy) / total) * cores;
  const wallMs = ((total / cores) * 1000) / ticksPerSecond;
  return { busyCores, otherCores: watchedMs === null ? null : busyCores - watchedMs / wallMs };
}

/** The machine's busy cores between two readings of its counters; null where either is missing. */
export function loadBusyCores(first: MachineTicks | null, last: MachineTicks | null): number | null {
  return first && last ? (machineBusy(first, last, null, ticksPerSecond())?.busyCores ?? null) : null;
}

/** The machine's counters now; null where there is no /proc/stat (not Linux). */
export function machineTicksNow(): MachineTicks | null {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** The machine's counters and every process's, read at one moment. */
export interface MachineReading {
  ticks: MachineTicks | null;
  processes: ReadonlyMap<number, ProcStat>;
}

/**
 * machineBusy between two readings, with the command outside the watched trees that spent the most; null where
 * there is no /proc/stat.
 */
export function machineBusyBetween(
  before: MachineReading,
  after: MachineReading,
  watchedRoots: readonly number[],
  watchedMs: number | null,
): MachineBusy | null {
  if (!before.ticks || !after.ticks) return null;
  const hz = ticksPerSecond();
  const busy = machineBusy(before.ticks, after.ticks, watchedMs, hz);
  if (!busy) return null;
  const seconds = (after.ticks.total - before.ticks.total) / (after.ticks.cores || 1) / hz;
  return {
    ...busy,
    largestOther: largestOther(before.processes, after.processes, watchedRoots, seconds, hz),
  };
}
