/** What every phase of a bench run needs: the server's port, the event, and how to run a load job against it. */
import { cpuNow, cpuSince, type CpuSpent, type CpuWatch } from './cpu';
import type { LoadJob, LoadRequest, LoadResult } from './load';
import { runLoadProcess } from './processes';
import type { BenchEvent } from './seedEvent';

export type JobSpec = Omit<LoadJob, 'url'>;

/** A job's result and, against the server under test, the CPU its processes spent meanwhile. */
export interface PhaseResult extends LoadResult {
  cpu?: CpuSpent;
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
  /** Runs a job against the server under test (or another port: a baseline) in a generator process. */
  load(name: string, spec: JobSpec, port?: number): Promise<PhaseResult>;
  /** Runs a phase against the server under test and the CPU its processes spent meanwhile, when watched. */
  measured<T>(run: () => Promise<T>): Promise<{ value: T; cpu?: CpuSpent }>;
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
  const measured = async <T>(run: () => Promise<T>) => {
    if (!cpu) return { value: await run() };
    const before = cpuNow(cpu);
    const value = await run();
    return { value, cpu: cpuSince(cpu, before) };
  };
  return {
    ...fields,
    job: (requests, extra = {}) => ({ connections, duration: seconds, requests, ...extra }),
    load: async (name, spec, at = port) => {
      log(name);
      const run = () => runLoadProcess({ url: `http://127.0.0.1:${at}`, ...spec }, dir, fileName(name));
      if (at !== port) return run();
      const { value, cpu: spent } = await measured(run);
      return { ...value, cpu: spent };
    },
    measured,
  };
}

/** A phase's name as the stem of its job and result files. */
export function fileName(name: string): string {
  return name.replace(/\W+/g, '-');
}

export const json = (value: unknown) => JSON.stringify(value);
