/** The bench's child processes: the built server, the baselines and the load generators, each its own process. */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startBuiltServer, track, type Running } from './childProcess';
import type { LoadJob, LoadResult } from './load';
import type { OverloadJob, OverloadResult } from './overload';

/** The repository: where the built server (dist/) and the sources live. */
export const ROOT = resolve(__dirname, '../..');

/** Node's flags that make a child run TypeScript sources (the bench runs under tsx). */
const TSX = ['--import', 'tsx'];

/**
 * The built server with the given environment; resolves once it answers. BENCH_CPU_PROF=DIR profiles it (node's
 * `--cpu-prof`, one file per thread, written when it stops): where a phase's time goes.
 */
export function startServer(root: string, env: Record<string, string>, port: number): Promise<Running> {
  const profileDir = process.env.BENCH_CPU_PROF?.trim();
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] : [];
  return startBuiltServer({ root, port, env, keepRequestLog: false, timeoutMs: 120_000, nodeArgs });
}

/** A TypeScript module of the bench as its own process; resolves once it prints "ready". */
export function startBaseline(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [...TSX, join(__dirname, 'baseline.ts'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = track(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(running);
    });
    child.once('exit', (code) => reject(new Error(`baseline berhenti (${code}):\n${running.output()}`)));
  });
}

export interface LoadProcess {
  /** Ends a job that runs `untilFile`. */
  stop(): void;
  result: Promise<LoadResult>;
}

/** Runs a generator module (`SCRIPT JOB.json RESULT.json`) as its own process; resolves with its result. */
function runGenerator<R>(script: string, job: object, dir: string, name: string): Promise<R> {
  const jobFile = join(dir, `${name}.job.json`);
  const resultFile = join(dir, `${name}.result.json`);
  writeFileSync(jobFile, JSON.stringify(job));
  const child = spawn(process.execPath, [...TSX, join(__dirname, script), jobFile, resultFile], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  const running = track(child);
  return new Promise<number | null>((resolve) => child.once('exit', resolve)).then((code) => {
    if (code !== 0) throw new Error(`generator ${name} gagal (${code}):\n${running.output()}`);
    return JSON.parse(readFileSync(resultFile, 'utf8')) as R;
  });
}

/**
 * The entry of a generator module run as its own process (`SCRIPT JOB.json RESULT.json`, see runGenerator): reads
 * the job, runs it, writes the result, and exits (sockets destroyed while their requests were unanswered may still
 * hold the loop a moment); exits with 1 on an error.
 */
export function runAsChild<Job, Result>(run: (job: Job) => Promise<Result>): void {
  const [jobFile, resultFile] = process.argv.slice(2);
  run(JSON.parse(readFileSync(jobFile, 'utf8')) as Job)
    .then((result) => {
      writeFileSync(resultFile, JSON.stringify(result));
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}

/** Starts one load job in a generator process of its own. */
export function startLoadProcess(job: LoadJob, dir: string, name: string): LoadProcess {
  // The stop file of an earlier run of the same probe (the previous target) would end this one at once.
  if (job.untilFile) rmSync(job.untilFile, { force: true });
  return {
    stop: () => {
      if (job.untilFile) writeFileSync(job.untilFile, '');
    },
    result: runGenerator<LoadResult>('load.ts', job, dir, name),
  };
}

/** Runs an open-loop overload job (overload.ts) in a generator process of its own. */
export function runOverloadProcess(job: OverloadJob, dir: string, name: string): Promise<OverloadResult> {
  return runGenerator<OverloadResult>('overload.ts', job, dir, name);
}

/** Runs one load job in a generator process of its own and returns its result. */
export function runLoadProcess(job: LoadJob, dir: string, name: string): Promise<LoadResult> {
  return startLoadProcess(job, dir, name).result;
}
