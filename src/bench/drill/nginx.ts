/**
 * A real nginx (Debian's `/usr/sbin/nginx`) in front of app processes, configured as the README's "Reverse proxy"
 * (keep-alive upstream, HTTP/1.1, X-Forwarded-For, X-Request-Id), plus `proxy_next_upstream` (below). It runs in the
 * foreground with a prefix, pid file, logs and temp dirs of its own, on a free port of 127.0.0.1, as root or not.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, track } from '../childProcess';

export const NGINX = '/usr/sbin/nginx';

export interface NginxOptions {
  /** Ports of the app processes on 127.0.0.1, in the upstream's order. */
  upstreams: number[];
}

export interface Nginx {
  port: number;
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** The error log so far (upstream failures, retries on the next upstream). */
  errorLog(): string;
  /** Stops nginx (SIGQUIT: a graceful stop, SIGKILL after 10 s) and removes its directory. */
  stop(): Promise<void>;
}

/** The nginx binary is there, or an error saying how to install it (a suite that needs it fails, never skips). */
export function requireNginx(): void {
  if (!existsSync(NGINX))
    throw new Error(
      `${NGINX} tidak ada: pasang nginx dengan "apt-get install -y nginx" (Debian), lalu ulangi.`,
    );
}

/**
 * The README's proxy settings. `proxy_next_upstream`: a request nginx could not get an answer for (connection refused
 * or reset, a timeout, 502) or that an app answered 503 (shed, its database gone, stopping) is passed to the other
 * app. nginx does so only for idempotent methods (never POST, LOCK or PATCH without `non_idempotent`, which is not
 * set): answer saves are idempotent PUTs (an upsert of the same value) and reads are GETs, so a retry changes
 * nothing, while a login or a start (POST) that may have run is never sent twice. `max_fails=0`: a 503 counts as a
 * failure of that app for nginx, and during a database outage every app answers 503; with the default (1 failure
 * marks the app down for 10 s) nginx then answered 502 "no live upstreams" for 10 s after the database was back.
 * A dead app costs a refused connection per request (microseconds on a local network) until it is back.
 */
function config(dir: string, port: number, upstreams: number[], asRoot: boolean): string {
  return `
${asRoot ? 'user nobody nogroup;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream siaptes {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port} backlog=4096;
    client_max_body_size 2m;
    location / {
      proxy_pass http://siaptes;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

/** Starts nginx in front of the given app ports; resolves once it accepts connections. */
export async function startNginx(options: NginxOptions): Promise<Nginx> {
  requireNginx();
  if (options.upstreams.length === 0) throw new Error('startNginx: no upstream');
  const dir = mkdtempSync(join(tmpdir(), 'siaptes-nginx-'));
  const asRoot = userInfo().uid === 0;
  // As root nginx's worker runs as nobody: it must reach the temp dirs nginx creates (and chowns) in here.
  if (asRoot) chmodSync(dir, 0o755);
  const port = await freePort();
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, config(dir, port, options.upstreams, asRoot));
  // -e: the error log before the configuration is read (else /var/log/nginx/error.log, not writable as a user).
  const child = spawn(NGINX, ['-p', dir, '-c', file, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = track(child);
  const errorLog = () => {
    try {
      return readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    await running.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (existsSync(join(dir, 'nginx.pid'))) return { port, url: `http://127.0.0.1:${port}`, errorLog, stop };
    await new Promise((done) => setTimeout(done, 50));
  }
  const why = `${running.output()}\n${errorLog()}`;
  await stop();
  throw new Error(`nginx did not start:\n${why}`);
}
