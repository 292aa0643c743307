/**
 * The server as it runs in production, in a child process of the test (src/server/main.ts under tsx, so no build is
 * needed), on a seeded SQLite file: for what only a real process shows (signals, sockets, the cluster).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { freePort, track, type Running } from '../../src/bench/childProcess';

const ROOT = resolve(__dirname, '../..');

export interface ServerProcess extends Running {
  port: number;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      SIAPTES_DEMO: '0',
      SCRYPT_THREADS: '1',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = track(child);
  const exited = new Promise<number | null>((done) => {
    if (child.exitCode !== null) done(child.exitCode);
    else child.once('exit', (code) => done(code));
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${running.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { ...running, port, exited };
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  await running.stop();
  throw new Error(`server did not become ready:\n${running.output()}`);
}

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One JSON request over the given agent; rejects with the socket's error (ECONNRESET, ECONNREFUSED...). */
export function requestJson(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise((done, fail) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'content-length': Buffer.byteLength(text),
          ...headers,
        },
      },
      (response) => {
        let received = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('end', () =>
          done({ status: response.statusCode ?? 0, body: received, headers: response.headers }),
        );
        response.on('error', fail);
      },
    );
    request.on('error', (error) => fail(Object.assign(error, { reused: request.reusedSocket })));
    request.end(text);
  });
}
