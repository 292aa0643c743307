/**
 * A throw-away PostgreSQL cluster for the drills: initdb into a temp dir, fsync on (PostgreSQL's default: the drills
 * count acknowledged saves that survive an immediate stop), a free port on 127.0.0.1, run as the `postgres` user
 * when this process is root (PostgreSQL refuses root), as `.ci/run` does.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../childProcess';

export interface Postgres {
  port: number;
  /** `postgres://postgres@127.0.0.1:PORT/DATABASE` */
  url(database: string): string;
  createDatabase(name: string): void;
  /** `pg_ctl stop -m immediate`: every backend killed at once, no checkpoint (as a crash; recovery at start). */
  stopImmediate(): void;
  /** Starts it again on the same port and waits until it accepts connections. */
  start(): void;
  /** Stops it (immediate) and removes its directory. */
  remove(): void;
  /** The shell commands of stopImmediate and start, for faults injected by hand (`npm run drill -- --rig-only`). */
  commands: { stopImmediate: string; start: string };
}

/** The newest PostgreSQL's bin directory, or an error saying how to install it. */
function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'postgres')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (newest === undefined)
    throw new Error(
      `PostgreSQL tidak ada di ${base}: pasang dengan "apt-get install -y postgresql" (Debian), lalu ulangi.`,
    );
  return join(base, newest, 'bin');
}

/** The postgres user's uid and gid (from /etc/passwd), for running the cluster's programs as root. */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user: install PostgreSQL with "apt-get install -y postgresql"');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'siaptes-drill-pg-'));
  const as = userInfo().uid === 0 ? postgresUser() : null;
  if (as) chownSync(dir, as.uid, as.gid);
  const port = await freePort();
  const data = join(dir, 'data');
  const run = (program: string, args: string[]) => {
    const result = spawnSync(join(bin, program), args, {
      cwd: dir,
      encoding: 'utf8',
      ...(as ? { uid: as.uid, gid: as.gid, env: { ...process.env, HOME: dir } } : {}),
    });
    if (result.status !== 0)
      throw new Error(
        `${program} ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`,
      );
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200`;
  const shell = (program: string, args: string[]) => {
    const line = [join(bin, program), ...args.map((a) => (/^[\w./=-]+$/.test(a) ? a : `"${a}"`))].join(' ');
    return as ? `su postgres -c '${line}'` : line;
  };
  const commands = {
    stopImmediate: shell('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    start: shell('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']),
  };
  // The drills run the very commands printed for faults injected by hand (`--rig-only`), so those are tried too.
  const runShell = (line: string) => {
    const result = spawnSync('sh', ['-c', line], { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${line} failed (${result.status}):\n${result.stderr}${result.stdout}`);
  };
  const start = () => runShell(commands.start);
  const stopImmediate = () => runShell(commands.stopImmediate);
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  start();
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    createDatabase: (name) =>
      run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]),
    stopImmediate,
    start,
    commands,
    remove: () => {
      try {
        stopImmediate();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
