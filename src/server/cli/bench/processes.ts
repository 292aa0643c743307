/** The bench's child processes: the built server, the baselines and the load generators, each its own process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import type { LoadJob, LoadResult } from './load';

/** Node's flags that make a child run TypeScript sources (the bench runs under tsx). */
const TSX = ['--import', 'tsx'];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface Running {
  child: ChildProcess;
  /** Last lines the process printed to stderr (shown when it fails). */
  stderr(): string;
  stop(): Promise<void>;
}

function track(child: ChildProcess): Running {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    child,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The built server (`dist/node/server/main.js`) with the given environment; resolves once it answers. */
export async function startServer(root: string, env: Record<string, string>, port: number): Promise<Running> {
  const child = spawn(process.execPath, [join(root, 'dist/node/server/main.js')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    // The server logs every request; its output is not read, so it never waits on a full pipe.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const running = track(child);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server berhenti (${child.exitCode}):\n${running.stderr()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/tidak-ada`);
      if (response.status === 404) return running;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await running.stop();
  throw new Error(`server tidak menjawab dalam 120 s:\n${running.stderr()}`);
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
    child.once('exit', (code) => reject(new Error(`baseline berhenti (${code}):\n${running.stderr()}`)));
  });
}

export interface LoadProcess {
  /** Ends a job that runs `untilFile`. */
  stop(): void;
  result: Promise<LoadResult>;
}

/** Starts one load job in a generator process of its own. */
export function startLoadProcess(job: LoadJob, dir: string, name: string): LoadProcess {
  const jobFile = join(dir, `${name}.job.json`);
  const resultFile = join(dir, `${name}.result.json`);
  writeFileSync(jobFile, JSON.stringify(job));
  const child = spawn(process.execPath, [...TSX, join(__dirname, 'load.ts'), jobFile, resultFile], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  const running = track(child);
  const result = new Promise<number | null>((resolve) => child.once('exit', resolve)).then((code) => {
    if (code !== 0) throw new Error(`generator ${name} gagal (${code}):\n${running.stderr()}`);
    return JSON.parse(readFileSync(resultFile, 'utf8')) as LoadResult;
  });
  return {
    stop: () => {
      if (job.untilFile) writeFileSync(job.untilFile, '');
    },
    result,
  };
}

/** Runs one load job in a generator process of its own and returns its result. */
export function runLoadProcess(job: LoadJob, dir: string, name: string): Promise<LoadResult> {
  return startLoadProcess(job, dir, name).result;
}

/** Resident memory (kB) of a process and its descendants (the cluster's workers), from /proc. */
export function residentKb(pid: number): number {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (ppid) follows the command name in parentheses, which may itself hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  }
  return tree.reduce((sum, p) => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return sum + (match ? Number(match[1]) : 0);
    } catch {
      return sum;
    }
  }, 0);
}
