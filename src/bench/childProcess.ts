/**
 * Child processes as the bench and the browser journeys start them: a free port, a process whose last output is
 * kept for the error message, a stop that waits for the exit, and the built server (`dist/node/server/main.js`)
 * started on a port and awaited until it serves the SPA.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { join } from 'node:path';

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
  /** The tail of what the process printed on its piped stdout and stderr (shown when it fails). */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
  stop(): Promise<void>;
}

/** Keeps the tail of a child's piped output and knows how to stop it. */
export function track(child: ChildProcess): Running {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface BuiltServerOptions {
  /** The checkout whose `dist/` is started. */
  root: string;
  port: number;
  /** Added to this process's environment (PORT, HOST and NODE_ENV=production are set here). */
  env: Record<string, string>;
  /**
   * Keep the request log too (journeys show it when they fail). The bench leaves it unread: under load a piped
   * log that nobody reads would fill its pipe and stall the server.
   */
  keepRequestLog: boolean;
  timeoutMs: number;
  /** Node's own flags for the server process (the bench's `--cpu-prof`). */
  nodeArgs?: readonly string[];
}

/** The built server as its own process; resolves once it serves the SPA's login page. */
export async function startBuiltServer(options: BuiltServerOptions): Promise<Running> {
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), join(options.root, 'dist/node/server/main.js')],
    {
      cwd: options.root,
      env: {
        ...process.env,
        ...options.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', options.keepRequestLog ? 'pipe' : 'ignore', 'pipe'],
    },
  );
  const running = track(child);
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${running.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${options.port}/login`);
      if (response.ok) return running;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await running.stop();
  throw new Error(`server did not answer within ${options.timeoutMs} ms:\n${running.output()}`);
}
