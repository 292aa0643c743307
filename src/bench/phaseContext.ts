/** What every phase of a bench run needs: the server's port, the event, and how to run a load job against it. */
import { cpuNow, cpuSince, watchedRoots, type CpuSpent, type CpuWatch } from './cpu';
import type { LoadJob, LoadRequest, LoadResult } from './load';
import { machineBusyBetween, machineTicksNow, type MachineBusy, type MachineReading } from './machineCpu';
import { processTable } from './procfs';
import { runLoadProcess } from './processes';
import type { BenchEvent } from './seedEvent';
import { probeMs, type SpeedProbe } from './speedProbe';

export type JobSpec = Omit<LoadJob, 'url'>;

/**
 * A job's result, how fast the machine's CPU ran around it, how busy the machine was during it, and, against the
 * server under test, the CPU its processes spent meanwhile.
 */
export interface PhaseResult extends LoadResult {
  cpu?: CpuSpent;
  speed?: SpeedProbe;
  machine?: MachineBusy;
}

export interface PhaseContext {
  /** The server under test. */
  port: number;
  /** Where the generators' job and result files go. */
  dir: string;
  /** Seconds each timed phase lasts. */
  seconds: number;
  event: BenchEvent;
  log(text: string): void;
  /** A job of the run's connections and seconds with these requests, unless `extra` says otherwise. */
  job(requests: LoadRequest[], extra?: Partial<LoadJob>): JobSpec;
  /**
   * Runs a job against the server under test (or another port: a baseline, whose processes `watch` names) in a
   * generator process.
   */
  load(name: string, spec: JobSpec, port?: number, watch?: CpuWatch): Promise<PhaseResult>;
  /**
   * Runs a phase with the CPU speed probed before and after it and, against the server under test when watched, the
   * CPU its processes spent meanwhile.
   */
  measured<T>(
    run: () => Promise<T>,
    watch?: CpuWatch,
  ): Promise<{ value: T; cpu?: CpuSpent; speed: SpeedProbe; machine?: MachineBusy }>;
}

export function phaseContext(fields: {
  port: number;
  dir: string;
  seconds: number;
  connections: number;
  event: BenchEvent;
  log(text: string): void;
  /** The server's and the database's processes, once the server runs. */
  cpu?: CpuWatch;
}): PhaseContext {
  const { port, dir, seconds, connections, log, cpu } = fields;
  // The probes sit outside the CPU readings: their work is the bench's own, not the load generators'. The
  // watched processes' CPU and the others' come from the same read of every process, beside the machine's counters.
  const measured = async <T>(run: () => Promise<T>, watch = cpu) => {
    const beforeMs = probeMs();
    const machineBefore = machineReading();
    const before = watch ? cpuNow(watch, machineBefore.processes) : null;
    const value = await run();
    const machineAfter = machineReading();
    const spent = watch && before ? cpuSince(watch, before, machineAfter.processes) : undefined;
    const roots = watch ? watchedRoots(watch) : [process.pid];
    const machine = machineBusyBetween(machineBefore, machineAfter, roots, spent ? watchedMs(spent) : null);
    return {
      value,
      ...(spent ? { cpu: spent } : {}),
      ...(machine ? { machine } : {}),
      speed: { beforeMs, afterMs: probeMs() },
    };
  };
  return {
    ...fields,
    job: (requests, extra = {}) => ({ connections, duration: seconds, requests, ...extra }),
    load: async (name, spec, at = port, watch) => {
      log(name);
      const run = () => runLoadProcess({ url: `http://127.0.0.1:${at}`, ...spec }, dir, fileName(name));
      // Against another port the server under test's CPU is not the job's cost: only what `watch` names is.
      const { value, cpu: spent, speed, machine } = await measured(run, at === port ? cpu : watch);
      return { ...value, speed, ...(spent ? { cpu: spent } : {}), ...(machine ? { machine } : {}) };
    },
    measured,
  };
}

function machineReading(): MachineReading {
  return { ticks: machineTicksNow(), processes: processTable() };
}

/** The watched processes' CPU: the server's, the database's, and the bench's with its generators. */
function watchedMs(spent: CpuSpent): number {
  return spent.appMs + (spent.databaseMs ?? 0) + spent.generatorMs;
}

/** A phase's name as the stem of its job and result files. */
export function fileName(name: string): string {
  return name.replace(/\W+/g, '-');
}

export const json = (value: unknown) => JSON.stringify(value);
