/** What every phase of a bench run needs: the server's port, the event, and how to run a load job against it. */
import type { LoadJob, LoadRequest, LoadResult } from './load';
import { runLoadProcess } from './processes';
import type { BenchEvent } from './seedEvent';

export type JobSpec = Omit<LoadJob, 'url'>;

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
  load(name: string, spec: JobSpec, port?: number): Promise<LoadResult>;
}

export function phaseContext(fields: {
  port: number;
  dir: string;
  seconds: number;
  connections: number;
  event: BenchEvent;
  log(text: string): void;
}): PhaseContext {
  const { port, dir, seconds, connections, log } = fields;
  return {
    ...fields,
    job: (requests, extra = {}) => ({ connections, duration: seconds, requests, ...extra }),
    load: (name, spec, at = port) => {
      log(name);
      return runLoadProcess({ url: `http://127.0.0.1:${at}`, ...spec }, dir, fileName(name));
    },
  };
}

/** A phase's name as the stem of its job and result files. */
export function fileName(name: string): string {
  return name.replace(/\W+/g, '-');
}

export const json = (value: unknown) => JSON.stringify(value);
