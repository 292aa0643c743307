/**
 * `npm run dev`: the SPA on webpack's dev server (http://localhost:8080, which proxies /api to :3000) and the API
 * server under `tsx watch`, side by side. Their output is forwarded line by line with a label; Ctrl-C (or either
 * program stopping) stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

interface Program {
  label: string;
  bin: string;
  args: string[];
}

const PROGRAMS: Program[] = [
  { label: 'web', bin: 'webpack', args: ['serve', '--mode', 'development'] },
  { label: 'api', bin: 'tsx', args: ['watch', 'src/server/main.ts'] },
];

/** How long a program may take to stop before it is killed. */
const STOP_GRACE_MS = 5000;

function binPath(name: string): string {
  return resolve('node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
}

function forward(stream: NodeJS.ReadableStream | null, label: string, out: NodeJS.WriteStream): void {
  if (!stream) return;
  createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
}

function start(program: Program): ChildProcess {
  const child = spawn(binPath(program.bin), program.args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    shell: process.platform === 'win32',
  });
  forward(child.stdout, program.label, process.stdout);
  forward(child.stderr, program.label, process.stderr);
  child.on('error', (error) => {
    process.stderr.write(`[${program.label}] gagal dijalankan: ${error.message}\n`);
  });
  return child;
}

function main(): void {
  const children = PROGRAMS.map((program) => ({ program, child: start(program) }));
  let stopping = false;
  let exitCode = 0;

  const running = () => children.filter(({ child }) => child.exitCode === null && child.signalCode === null);

  const stopAll = (reason: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`[dev] ${reason}: menghentikan web dan api\n`);
    for (const { child } of running()) child.kill('SIGTERM');
    setTimeout(() => {
      for (const { child } of running()) child.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  };

  for (const { program, child } of children) {
    child.on('exit', (code, signal) => {
      if (!stopping) {
        exitCode = code ?? 1;
        stopAll(`${program.label} berhenti (${signal ?? `kode ${code}`})`);
      }
      if (running().length === 0) process.exit(exitCode);
    });
  }

  process.on('SIGINT', () => stopAll('Ctrl-C'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));
}

main();
