/**
 * `npm run bench [-- --students N --seconds S --connections C --login-connections L --irt-persons P
 * --targets sqlite,pg1,pg2]`: the load
 * of an event day, measured end to end. For each database (SQLite; PostgreSQL at BENCH_DATABASE_URL with 1 and 2
 * workers) it seeds a fresh database with an event of N students, runs the two baselines and the built server
 * (`npm run build`; dist/node/server/main.js) each as its own process, drives them with autocannon from other
 * processes, checks that no acknowledged answer is missing from the database, and prints a Markdown table.
 * Exits with 1 when an answer was lost.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb, type Db } from '../../db/createDb';
import { writeIrtCsv } from './irtCsv';
import type { LoadJob, LoadRequest, LoadResult, StartedAttempt } from './load';
import { availableParallelism } from 'node:os';
import { freePort } from '../childProcess';
import {
  residentKb,
  runLoadProcess,
  runOverloadProcess,
  startBaseline,
  startLoadProcess,
  startServer,
} from './processes';
import { distinctSaves, jawabanFor, saveRequest, storedSaves, type Save } from './answers';
import { OVERLOAD_SOCKETS, overloadSaves } from './overloadPhase';
import {
  closeRow,
  formatRun,
  type OverloadReport,
  type PhaseRow,
  type RunReport,
  type TimedClose,
} from './report';
import { measureRankingViews, RANKING_VIEW_ROWS, type RankingView } from './rankingViews';
import { BENCH_PASSWORD, seedBenchEvent, type BenchEvent } from './seedEvent';

const ROOT = resolve(__dirname, '../../../..');

interface Options {
  students: number;
  seconds: number;
  connections: number;
  loginConnections: number;
  irtItems: number;
  irtPersons: number;
  /** Only seed the event and time its close (e.g. at 100,000 students, where the load phases are not the point). */
  closeOnly: boolean;
  postgresUrl: string | null;
  /** Which runs to make: `sqlite`, `pg1`, `pg2` (PostgreSQL with 1 or 2 workers); all of them by default. */
  targets: Set<string>;
}

const TARGETS = ['sqlite', 'pg1', 'pg2'];

function options(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      students: { type: 'string', default: '2000' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '64' },
      'login-connections': { type: 'string', default: '1000' },
      'irt-items': { type: 'string', default: '200' },
      'irt-persons': { type: 'string', default: '100000' },
      'close-only': { type: 'boolean', default: false },
      targets: { type: 'string', default: TARGETS.join(',') },
    },
  });
  const positive = (name: string, raw: string | undefined) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`--${name} harus bilangan bulat ≥ 1, bukan "${raw}"`);
    return value;
  };
  return {
    students: positive('students', values.students),
    seconds: positive('seconds', values.seconds),
    connections: positive('connections', values.connections),
    loginConnections: positive('login-connections', values['login-connections']),
    irtItems: positive('irt-items', values['irt-items']),
    irtPersons: positive('irt-persons', values['irt-persons']),
    closeOnly: values['close-only'] === true,
    postgresUrl: process.env.BENCH_DATABASE_URL?.trim() || null,
    targets: new Set(
      (values.targets ?? '').split(',').map((name) => {
        if (!TARGETS.includes(name)) throw new Error(`--targets: ${name} bukan salah satu dari ${TARGETS}`);
        return name;
      }),
    ),
  };
}

function ensureBuild(): void {
  if (existsSync(join(ROOT, 'dist/node/server/main.js')) && existsSync(join(ROOT, 'dist/public/index.html')))
    return;
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build gagal');
}

/** A distinct private address per student (10.0.0.0/8 holds 16 million). */
function studentAddress(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** The largest content-hashed script index.html loads: what the static probe asks for. */
function hashedBundle(): string {
  const html = readFileSync(join(ROOT, 'dist/public/index.html'), 'utf8');
  const scripts = [...html.matchAll(/src="?(\/assets\/[^"\s>]+\.[0-9a-f]{8,}\.js)/g)].map((m) => m[1]);
  if (scripts.length === 0) throw new Error('index.html tidak memuat bundel ber-hash');
  const size = (path: string) => statSync(join(ROOT, 'dist/public', path)).size;
  return scripts.reduce((largest, path) => (size(path) > size(largest) ? path : largest));
}

const json = (value: unknown) => JSON.stringify(value);

/** Rows of one package ranking page in the bench: the SPA's page size. */
const RANKING_PAGE_ROWS = RANKING_VIEW_ROWS;

/**
 * The close of the event as an operator runs it, off the request path: the built `siaptes close` in its own process
 * (start-up included) on the same database, the server (if any) still running. Calibration, every score, every
 * rank and every university-choice status written.
 */
function timeEventClose(databaseUrl: string, idJadwal: number, participants: number): TimedClose {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'dist/node/server/cli/siaptes.js'), 'close', String(idJadwal)],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 1 << 26,
    },
  );
  const ms = performance.now() - started;
  if (run.status !== 0)
    process.stderr.write(`siaptes close failed:\n${run.stderr.toString().slice(-4000)}\n`);
  else process.stderr.write(run.stdout.toString());
  return { ms, ok: run.status === 0, participants };
}

/**
 * The seeding has just written up to a gigabyte that the kernel still holds as dirty pages; writing them back, and
 * throttling every writer meanwhile, would stall the server during the first phases (on the day the event's data
 * was loaded long before). SQLite's log is copied into the file first.
 */
async function settleAfterSeeding(db: Db): Promise<void> {
  if (db.dialect === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db.kysely);
  spawnSync('sync', { stdio: 'ignore' });
}

interface Target {
  label: string;
  databaseUrl: string;
  workers: number;
  /** Size of the database in MB, read before the target is dropped. */
  size(db: Db): Promise<number>;
  drop(): Promise<void>;
}

function sqliteTarget(dir: string): Target {
  const file = join(dir, 'bench.db');
  return {
    label: 'SQLite, 1 process',
    databaseUrl: `file:${file}`,
    workers: 1,
    size: async () =>
      ['', '-wal', '-shm'].reduce((sum, suffix) => {
        const path = `${file}${suffix}`;
        return sum + (existsSync(path) ? statSync(path).size : 0);
      }, 0) /
      1024 /
      1024,
    drop: async () => undefined,
  };
}

/** A fresh schema of the PostgreSQL database per run, named in the URL's search_path. */
async function postgresTarget(url: string, workers: number): Promise<Target> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const pg = await import('pg');
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA "${schema}"`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    label: `PostgreSQL, ${workers} worker${workers > 1 ? 's' : ''}`,
    databaseUrl: scoped.toString(),
    workers,
    size: async (db) => {
      const { rows } = await sql<{ bytes: number | string | null }>`
        SELECT SUM(pg_total_relation_size(c.oid)) AS bytes FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ${schema} AND c.relkind = 'r'`.execute(
        db.kysely,
      );
      return Number(rows[0]?.bytes ?? 0) / 1024 / 1024;
    },
    drop: () => admin(`DROP SCHEMA "${schema}" CASCADE`),
  };
}

async function runTarget(target: Target, opts: Options, dir: string): Promise<RunReport> {
  const log = (text: string) => process.stderr.write(`[${target.label}] ${text}\n`);
  const db = await createDb(target.databaseUrl);
  log(`seeding ${opts.students} students`);
  const seeded = performance.now();
  const event: BenchEvent = await seedBenchEvent(db, opts.students);
  log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const { students, running, closed } = event;
  // The finished event's close is timed as its own phase below (`siaptes close`): meanwhile the bench holds its
  // lease, so the server's scheduler does not close it in the middle of the load phases.
  await db.kysely
    .insertInto('penutupan')
    .values({
      id_jadwal: closed.id,
      pemegang: 'bench',
      berlaku_sampai: Number.MAX_SAFE_INTEGER,
      mulai_at: Date.now(),
      perkiraan_selesai: Number.MAX_SAFE_INTEGER,
      selesai_at: null,
    })
    .execute();
  await settleAfterSeeding(db);
  const C = opts.connections;
  const S = opts.seconds;
  const firstMapel = running.kategori.mapel[0];
  const job = (requests: LoadRequest[], extra: Partial<LoadJob> = {}): Omit<LoadJob, 'url'> => ({
    connections: C,
    duration: S,
    requests,
    ...extra,
  });
  const load = async (port: number, name: string, spec: Omit<LoadJob, 'url'>): Promise<LoadResult> => {
    log(name);
    return runLoadProcess({ url: `http://127.0.0.1:${port}`, ...spec }, dir, name.replace(/\W+/g, '-'));
  };

  // Baselines: the same connections and the same save bodies as the answer-save phase.
  const baselineBodies: LoadRequest[] = Array.from(
    { length: Math.min(students.length * 12, 100_000) },
    (_, i) => ({
      method: 'PUT',
      path: '/bare',
      body: json({
        id_hasil_to: 1,
        id_jawaban: i + 1,
        jawaban: 'C',
        sisa_waktu: 100,
        type_soal: 1,
        operation: 'save',
      }),
    }),
  );
  const baselines = {} as RunReport['baselines'];
  for (const mode of ['route', 'upsert'] as const) {
    const port = await freePort();
    const upsertUrl =
      target.workers === 1 && target.databaseUrl.startsWith('file:')
        ? `file:${join(dir, 'upsert.db')}`
        : target.databaseUrl;
    const baseline = await startBaseline([mode, String(port), upsertUrl, String(target.workers)]);
    try {
      baselines[mode] = await load(port, `baseline ${mode}`, job(baselineBodies));
    } finally {
      await baseline.stop();
    }
  }

  const port = await freePort();
  const server = await startServer(
    ROOT,
    // As deployed behind a load balancer: the bench is the proxy, and each student logs in from their own address
    // (otherwise the per-address login limit, not the server, would decide the storm).
    { DATABASE_URL: target.databaseUrl, WORKERS: String(target.workers), TRUST_PROXY: '127.0.0.1' },
    port,
  );
  const phases: PhaseRow[] = [];
  let close = { ms: 0, ok: false, participants: students.length };
  let eventClose: TimedClose | null = null;
  const acknowledgedSaves: Save[] = [];
  let overloadAcknowledged: Save[] = [];
  let overload: OverloadReport | null = null;
  let memoryMb = 0;
  let rankingViews: RankingView[] = [];
  let loginRate: RunReport['logins'] = { perSecond: 0, cores: 1, hash: '' };
  try {
    // Login storm, with a static file and a cheap API call probed while it lasts.
    const logins: LoadRequest[] = students.map((s, index) => ({
      method: 'POST',
      path: '/api/auth/login',
      body: json({ code: 's', isgoogle: false, username: s.username, password: BENCH_PASSWORD }),
      forwardedFor: studentAddress(index),
    }));
    // Each connection logs in once: that many concurrent logins, however long the hashing takes.
    const loginConnections = Math.min(opts.loginConnections, students.length);
    const probe = (name: string, request: LoadRequest, headers: Record<string, string> = {}) => {
      log(name);
      return startLoadProcess(
        {
          url: `http://127.0.0.1:${port}`,
          connections: 1,
          duration: S,
          rate: 20,
          untilFile: join(dir, `${name.replace(/\W+/g, '-')}.stop`),
          headers,
          requests: [request],
        },
        dir,
        name.replace(/\W+/g, '-'),
      );
    };
    const probes = [
      probe('static probe', { method: 'GET', path: hashedBundle() }, { 'accept-encoding': 'br, gzip' }),
      probe('api probe', {
        method: 'GET',
        path: `/api/siswa/profil/user/id/${event.probe.id}`,
        key: event.probe.token,
      }),
    ];
    const login = await load(
      port,
      'login storm',
      job(logins, { connections: loginConnections, amount: loginConnections }),
    );
    for (const p of probes) p.stop();
    const [staticProbe, apiProbe] = await Promise.all(probes.map((p) => p.result));
    loginRate = { perSecond: login.perSecond, cores: availableParallelism(), hash: event.passwordCost };
    phases.push(
      { phase: `login storm (${loginConnections} connections)`, result: login, baseline: 'route' },
      { phase: '— static file (hashed bundle, br) during the storm', result: staticProbe, probe: true },
      { phase: '— cheap API call (profile) during the storm', result: apiProbe, probe: true },
    );

    // Start spike: every student starts the first category once.
    const starts: LoadRequest[] = students.map((s) => ({
      method: 'POST',
      path: `/api/siswa/tryout/start/id/${running.id}/kategori/${running.kategori.hash}`,
      body: json({ id_siswa: s.id }),
      key: s.token,
    }));
    const spike = await load(
      port,
      'start spike',
      job(starts, { amount: students.length, startMapel: firstMapel.id }),
    );
    phases.push({ phase: 'start spike (first start of a category)', result: spike, baseline: 'upsert' });
    const attemptOf = new Map<number, StartedAttempt>();
    for (const a of spike.started) attemptOf.set(a.request, a);
    const startedStudents = [...attemptOf.keys()].sort((a, b) => a - b);

    // Status report: the first subject opened with its whole time, as the sheet reports it.
    const reports: LoadRequest[] = startedStudents.map((i) => ({
      method: 'PUT',
      path: `/api/siswa/tryout/statusmapel/id/${running.id}`,
      body: json({
        id_siswa: students[i].id,
        id_mapel: firstMapel.id,
        kategori: running.kategori.hash,
        sisa_waktu: firstMapel.waktu * 60,
        status: 0,
      }),
      key: students[i].token,
    }));
    const status = await load(port, 'status report', job(reports));
    phases.push({ phase: 'status report (statusmapel)', result: status, baseline: 'upsert' });
    const opened = [...new Set(status.acknowledged.map((r) => startedStudents[r]))];

    // Answer save: every opened student answers the first subject's questions, round robin over students.
    const saves: Save[] = [];
    const saveRequests: LoadRequest[] = [];
    const perStudent = opened.map((i) => attemptOf.get(i) as StartedAttempt);
    const longest = Math.max(0, ...perStudent.map((a) => a.soal.length));
    for (let q = 0; q < longest; q++) {
      perStudent.forEach((attempt, n) => {
        const soal = attempt.soal[q];
        if (!soal) return;
        const save: Save = {
          id_jawaban: soal.id_jawaban,
          id_jawaban_group: soal.type === 3 ? soal.id_jawaban_group : null,
          jawaban: jawabanFor(soal.type),
          type: soal.type,
        };
        saves.push(save);
        saveRequests.push(saveRequest(running.id, attempt.id_hasil_to, save, students[opened[n]].token));
      });
    }
    if (saveRequests.length === 0)
      throw new Error('tidak ada soal untuk dijawab: start tidak memberi id_jawaban');
    const save = await load(port, 'answer save', job(saveRequests));
    phases.push({ phase: 'answer save', result: save, baseline: 'upsert' });
    for (const index of save.acknowledged) acknowledgedSaves.push(saves[index]);

    // Overload: twice the rate the answer-save phase sustained, sent whatever the server answers, with other
    // answers than that phase's so that what is found in the database afterwards is this phase's.
    const overloadPlan = overloadSaves(perStudent, (n) => students[opened[n]].token, running.id);
    log('overload (2× the sustainable save rate)');
    const overloadResult = await runOverloadProcess(
      {
        url: `http://127.0.0.1:${port}`,
        rate: 2 * save.perSecond,
        seconds: S,
        requests: overloadPlan.requests,
        sockets: OVERLOAD_SOCKETS,
        drainSeconds: 30,
      },
      dir,
      'overload',
    );
    overloadAcknowledged = overloadResult.acknowledged.map((index) => overloadPlan.saves[index]);
    acknowledgedSaves.push(...overloadAcknowledged);
    overload = { sustainablePerSecond: save.perSecond, result: overloadResult, lost: 0 };

    const previews: LoadRequest[] = startedStudents.map((i) => ({
      method: 'GET',
      path: `/api/siswa/tryout/preview/paket/${running.paket}/id/${running.id}`,
      key: students[i].token,
    }));
    phases.push({ phase: 'preview', result: await load(port, 'preview', job(previews)), baseline: 'route' });

    // IRT close of the finished event, as Sync (generatehasilmapel) runs it: calibration and every score.
    log('IRT close');
    const closeStarted = performance.now();
    const closeResponse = await fetch(`http://127.0.0.1:${port}/api/siswa/tryout/generatehasilmapel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', key: students[0].token },
      body: json({ idsiswa: students[0].id, idjadwal: closed.id }),
      signal: AbortSignal.timeout(30 * 60 * 1000),
    });
    const closeBody = (await closeResponse.json()) as { status?: boolean };
    close = {
      ms: performance.now() - closeStarted,
      ok: closeBody.status === true,
      participants: students.length,
    };

    // The close of the event: scores, ranks and choice statuses written once; the reads below use them.
    log('close of the event (siaptes close)');
    await db.kysely.deleteFrom('penutupan').where('id_jadwal', '=', closed.id).execute();
    eventClose = timeEventClose(target.databaseUrl, closed.id, students.length);

    const results: LoadRequest[] = students.map((s) => ({
      method: 'POST',
      path: '/api/siswa/tryout/hasil',
      body: json({ id_siswa: s.id, type: 'list' }),
      key: s.token,
    }));
    phases.push({
      phase: 'results list',
      result: await load(port, 'results list', job(results)),
      baseline: 'route',
    });
    // A page of 50 rows each, the pages spread over the whole listing (deep pages as often as the first).
    const pages = Math.max(1, Math.ceil(students.length / RANKING_PAGE_ROWS));
    const rankingPages: LoadRequest[] = students.map((s, index) => ({
      method: 'POST',
      path: `/api/siswa/tryout/ranking/idsiswa/${s.id}/paket/${closed.id}`,
      body: json({ halaman: (index % pages) + 1, per_halaman: RANKING_PAGE_ROWS }),
      key: s.token,
    }));
    phases.push({
      phase: `package ranking page (${RANKING_PAGE_ROWS} rows of ${students.length} participants)`,
      result: await load(port, 'package ranking page', job(rankingPages)),
      baseline: 'route',
    });
    const choice: LoadRequest[] = students.map((s) => ({
      method: 'POST',
      path: '/api/siswa/tryout/rankingjur',
      body: json({ idsiswa: s.id, idjadwal: closed.id, numoption: 1 }),
      key: s.token,
    }));
    phases.push({
      phase: 'per-choice ranking',
      result: await load(port, 'per-choice ranking', job(choice)),
      baseline: 'route',
    });
    // The full list last: at 100,000 participants its answers are megabytes each, and requests still queued when
    // its time is up would be counted against the next phase.
    const ranking: LoadRequest[] = students.map((s) => ({
      method: 'POST',
      path: `/api/siswa/tryout/ranking/idsiswa/${s.id}/paket/${closed.id}`,
      body: '{}',
      key: s.token,
    }));
    phases.push({
      phase: `package ranking (${students.length} participants)`,
      result: await load(port, 'package ranking', job(ranking)),
      baseline: 'route',
    });
    rankingViews = await measureRankingViews(port, students, closed.id);
    memoryMb = residentKb(server.child.pid as number) / 1024;
  } finally {
    await server.stop();
  }

  // Read after the server has stopped: an acknowledged answer must have been committed.
  const stored = await storedSaves(db, acknowledgedSaves);
  if (overload)
    overload.lost = distinctSaves(overloadAcknowledged) - (await storedSaves(db, overloadAcknowledged));
  const distinct = distinctSaves(acknowledgedSaves);
  const databaseMb = await target.size(db);
  await db.close();
  await target.drop();
  return {
    title: `${target.label}: ${opts.students} students, ${C} connections, ${S} s per phase`,
    baselines,
    phases,
    close,
    eventClose,
    answers: { acknowledged: distinct, stored, lost: distinct - stored },
    overload,
    rankingViews,
    logins: loginRate,
    memoryMb,
    databaseMb,
  };
}

/** Seeds the event and times its close alone: the figure of a large event without its load phases. */
async function closeOnly(target: Target, opts: Options): Promise<string> {
  const log = (text: string) => process.stderr.write(`[${target.label}] ${text}\n`);
  const db = await createDb(target.databaseUrl);
  try {
    log(`seeding ${opts.students} students`);
    const seeded = performance.now();
    const event = await seedBenchEvent(db, opts.students);
    const seedMs = performance.now() - seeded;
    log(`seeded in ${(seedMs / 1000).toFixed(1)} s; closing`);
    const close = timeEventClose(target.databaseUrl, event.closed.id, event.students.length);
    const databaseMb = await target.size(db);
    return [
      `### ${target.label}: the close of an event of ${opts.students} students`,
      '',
      '| phase | requests | per second | p50 ms | p99 ms | errors / refused | ratio to its baseline |',
      '|---|---:|---:|---:|---:|---:|---:|',
      closeRow(close),
      '',
      `Seeding (bulk INSERT … SELECT): ${(seedMs / 1000).toFixed(1)} s; database size: ${databaseMb.toFixed(1)} MB`,
      '',
    ].join('\n');
  } finally {
    await db.close();
    await target.drop();
  }
}

/** `npm run irt` on a simulated matrix, timed end to end as an operator runs it (its own process). */
function timeIrtCli(file: string): { ms: number; ok: boolean } {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/server/cli/irt.ts'), file], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 30,
  });
  return { ms: performance.now() - started, ok: run.status === 0 };
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), 'siaptes-bench-'));
  let lost = 0;
  try {
    process.stdout.write(
      `## SiapTes bench\n\nRun ${new Date().toISOString()}, Node ${process.version}. The load generators run on the ` +
        'same machine as the server; the ratios to the baselines of the same run are the figures that count.\n\n',
    );
    const targets: Target[] = opts.targets.has('sqlite') ? [sqliteTarget(dir)] : [];
    if (opts.postgresUrl) {
      if (opts.targets.has('pg1')) targets.push(await postgresTarget(opts.postgresUrl, 1));
      if (!opts.closeOnly && opts.targets.has('pg2')) targets.push(await postgresTarget(opts.postgresUrl, 2));
    }
    if (opts.closeOnly) {
      for (const target of targets) process.stdout.write(await closeOnly(target, opts));
      return;
    }
    for (const target of targets) {
      const report = await runTarget(target, opts, dir);
      lost += report.answers.lost;
      process.stdout.write(`${formatRun(report)}\n`);
    }
    const csv = join(dir, 'irt.csv');
    await writeIrtCsv(csv, opts.irtItems, opts.irtPersons);
    const irt = timeIrtCli(csv);
    process.stdout.write(
      `### IRT\n\n| | wall time |\n|---|---:|\n| \`npm run irt\`, ${opts.irtItems} items × ${opts.irtPersons} persons ` +
        `(start-up, parse, calibration, abilities, JSON) | ${(irt.ms / 1000).toFixed(2)} s${irt.ok ? '' : ' (FAILED)'} |\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (lost > 0) {
    process.stderr.write(`LOST ANSWERS: ${lost} acknowledged answers are missing from the database\n`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
