/**
 * The drills' fleet (README "Production", `npm run drill`): a throw-away PostgreSQL (fsync on), migrated and seeded
 * with an event of N students, two app processes with the same settings (src/server/main.ts under tsx, one process
 * each, `TRUST_PROXY=127.0.0.1`) and a real nginx in front of them with the README's configuration. Each node keeps
 * its port across restarts, so nginx's upstream list stays true.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { closeDb, createDb } from '../../server/db/createDb';
import type { Executor } from '../../server/db/executor';
import { seedBenchEvent, type BenchEvent } from '../seedEvent';
import { freePort, track, type Running } from '../childProcess';
import { startNginx, type Nginx } from './nginx';
import { startPostgres, type Postgres } from './postgres';

const ROOT = resolve(__dirname, '../../..');

/** Who holds the seeded closed event's close until a drill lets the nodes have it (closeHolderKilled, drills.ts). */
export const RIG_HOLDER = 'drill-rig';

export interface NodeStart {
  /** Ready when this path answers 200 (default /readyz; /healthz for a node whose /readyz is meant to refuse). */
  readyPath?: string;
  env?: Record<string, string>;
}

export interface AppNode {
  name: string;
  port: number;
  url: string;
  /** The running process, or null while stopped. */
  process(): Running | null;
  pid(): number | null;
  /** Starts it (again) on its port; resolves once `readyPath` answers 200. */
  start(options?: NodeStart): Promise<void>;
  /** kill -9; resolves once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM; resolves with its exit code once it has exited. */
  terminate(): Promise<number | null>;
  /** The log of its latest start. */
  log(): string;
}

export interface FleetOptions {
  /** Settings given to every app node (the same for all). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface RigOptions extends FleetOptions {
  students: number;
}

/** PostgreSQL, two app nodes and nginx: the README's production shape, on this machine. */
export interface Fleet {
  pg: Postgres;
  databaseUrl: string;
  nodes: AppNode[];
  nginx: Nginx;
  /** A short-lived connection of the rig's own (opened per use, so a database drill never leaves it broken). */
  withDb<T>(work: (db: Executor) => Promise<T>): Promise<T>;
  /** Extra app node on the same database, outside nginx (the clock drill's). */
  extraNode(name: string): Promise<AppNode>;
  stop(): Promise<void>;
}

/** The drills' fleet, with a seeded event whose close waits for a drill (closeHolderKilled, drills.ts). */
export interface Rig extends Fleet {
  event: BenchEvent;
}

/**
 * Debian's libfaketime (package faketime), or an error saying how to install it. A node is run with it preloaded
 * (LD_PRELOAD, FAKETIME), not under the `faketime` command: that one forks the program as its child, so killing it
 * left the node running, 30 s ahead, on the rig's database.
 */
export function libfaketime(): string {
  const found = readdirSync('/usr/lib')
    .map((dir) => join('/usr/lib', dir, 'faketime', 'libfaketimeMT.so.1'))
    .find((path) => existsSync(path));
  if (found === undefined)
    throw new Error(
      'libfaketime tidak ada: pasang dengan "apt-get install -y faketime" (Debian), lalu ulangi.',
    );
  return found;
}

function appNode(name: string, port: number, dir: string, env: Record<string, string>): AppNode {
  let running: Running | null = null;
  let logFile = join(dir, `${name}.log`);
  let starts = 0;
  const exited = (r: Running) =>
    new Promise<number | null>((done) => {
      if (r.child.exitCode !== null || r.child.signalCode !== null) done(r.child.exitCode);
      else r.child.once('exit', (code) => done(code));
    });
  const node: AppNode = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    process: () => running,
    pid: () => running?.child.pid ?? null,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async start(options = {}) {
      if (running) throw new Error(`${name} is running already`);
      logFile = join(dir, `${name}-${++starts}.log`);
      // The log goes to a file, not a pipe of this process: under load its request log is a line per request.
      const out = openSync(logFile, 'a');
      const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/server/main.ts')], {
        cwd: ROOT,
        env: {
          ...process.env,
          ...env,
          ...options.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', out, out],
      });
      closeSync(out);
      const started = track(child);
      running = started;
      child.once('exit', () => {
        if (running === started) running = null;
      });
      const readyPath = options.readyPath ?? '/readyz';
      const deadline = Date.now() + 180_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(
            `${name} exited (${child.exitCode ?? child.signalCode}) while starting:\n${node.log()}`,
          );
        try {
          if ((await fetch(`${node.url}${readyPath}`)).ok) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((done) => setTimeout(done, 200));
      }
      await started.stop();
      throw new Error(`${name} did not answer ${readyPath} within 180 s:\n${node.log()}`);
    },
    async kill() {
      const r = running;
      if (!r) return;
      r.child.kill('SIGKILL');
      await exited(r);
    },
    async terminate() {
      const r = running;
      if (!r) return null;
      const code = exited(r);
      r.child.kill('SIGTERM');
      return code;
    },
  };
  return node;
}

export async function startRig(options: RigOptions): Promise<Rig> {
  let event: BenchEvent | undefined;
  const fleet = await startFleet(options, async (withDb) => {
    options.log?.(`seeding ${options.students} students`);
    event = await withDb(async (db) => {
      const seeded = await seedBenchEvent(db, options.students);
      // The finished event is closed only when a drill lets the nodes have its lease (closeHolderKilled, drills.ts).
      await db
        .insertInto('penutupan')
        .values({
          id_jadwal: seeded.closed.id,
          pemegang: RIG_HOLDER,
          berlaku_sampai: Number.MAX_SAFE_INTEGER,
          mulai_at: Date.now(),
          perkiraan_selesai: Number.MAX_SAFE_INTEGER,
          selesai_at: null,
        })
        .execute();
      return seeded;
    });
  });
  if (event === undefined) throw new Error('the rig started without its event');
  return { ...fleet, event };
}

/**
 * Starts PostgreSQL, runs `prepare` on its empty database (before any app node sees it: a node's scheduler would
 * close a seeded finished event at once), then the two app nodes (each migrates at start) and nginx.
 */
export async function startFleet(
  options: FleetOptions,
  prepare: (withDb: Fleet['withDb']) => Promise<void> = async () => undefined,
): Promise<Fleet> {
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(join(tmpdir(), 'siaptes-drill-'));
  log('PostgreSQL (initdb, fsync on)');
  const pg = await startPostgres();
  const cleanups: (() => Promise<void> | void)[] = [() => pg.remove()];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    pg.createDatabase('siaptes');
    const databaseUrl = pg.url('siaptes');
    const withDb = async <T>(work: (db: Executor) => Promise<T>): Promise<T> => {
      const db = await createDb(databaseUrl, { poolSize: 2 });
      try {
        return await work(db);
      } finally {
        await closeDb(db);
      }
    };
    await prepare(withDb);
    const env = {
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '127.0.0.1',
      WORKERS: '1',
      SIAPTES_DEMO: '0',
      SCRYPT_THREADS: '1',
      ...options.env,
    };
    const nodes: AppNode[] = [];
    for (const name of ['node-1', 'node-2']) nodes.push(appNode(name, await freePort(), dir, env));
    cleanups.push(() => Promise.all(nodes.map((n) => n.kill())).then(() => undefined));
    log('two app nodes');
    await Promise.all(nodes.map((n) => n.start()));
    const nginx = await startNginx({ upstreams: nodes.map((n) => n.port) });
    cleanups.push(() => nginx.stop());
    const extras: AppNode[] = [];
    cleanups.push(() => Promise.all(extras.map((n) => n.kill())).then(() => undefined));
    return {
      pg,
      databaseUrl,
      nodes,
      nginx,
      withDb,
      extraNode: async (name) => {
        const node = appNode(name, await freePort(), dir, env);
        extras.push(node);
        return node;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
