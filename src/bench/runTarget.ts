/**
 * One database's run: seed the event, measure the two baselines, start the built server, run the phases against
 * it, then, with the server stopped, check that every acknowledged answer is in the database.
 */
import { join } from 'node:path';
import { closeDb, createDb, dialectOf } from '../server/db/createDb';
import type { Executor } from '../server/db/executor';
import { freePort } from './childProcess';
import { distinctSaves, storedSaves } from './answers';
import { postmasterOf, type DatabaseCpu } from './cpu';
import { examPhases, type ExamOutcome } from './examPhases';
import type { LoadRequest } from './load';
import { loginStorm } from './loginPhase';
import type { Options } from './options';
import { json, phaseContext, type PhaseContext, type PhaseResult } from './phaseContext';
import { ROOT, startBaseline, startServer } from './processes';
import { treeUsage } from './procfs';
import type { RunReport } from './report';
import { resultPhases, type ResultsOutcome } from './resultPhases';
import { seedBenchEvent } from './seedEvent';
import { databaseSettings, settleAfterSeeding, type Target } from './targets';

/** The save bodies the baselines answer: the answer-save phase's shape, on the same connections. */
function baselineBodies(ctx: PhaseContext): LoadRequest[] {
  return Array.from({ length: Math.min(ctx.event.students.length * 12, 100_000) }, (_, i) => ({
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
  }));
}

/**
 * One floor measured in its own process, with the CPU that process spent. `file` names the upsert's SQLite file:
 * each measurement gets a fresh one, so that every run writes the same new rows.
 */
async function measureBaseline(
  ctx: PhaseContext,
  target: Target,
  mode: 'route' | 'upsert',
  file: string,
  postmaster: number | null,
): Promise<PhaseResult> {
  const port = await freePort();
  const upsertUrl = target.databaseUrl.startsWith('file:')
    ? `file:${join(ctx.dir, `${file}-${target.workers}.db`)}`
    : target.databaseUrl;
  const baseline = await startBaseline([mode, String(port), upsertUrl, String(target.workers)]);
  try {
    // The upsert's PostgreSQL too: its work is the floor's, not another process's.
    const watch = { server: baseline.child.pid as number, database: postmaster, bench: process.pid };
    return await ctx.load(
      `baseline ${mode}${file === 'upsert' ? '' : ` (${file})`}`,
      ctx.job(baselineBodies(ctx)),
      port,
      watch,
    );
  } finally {
    await baseline.stop();
  }
}

/**
 * The upsert floor again, its log then copied into the database file as after seeding: the overload phase follows,
 * and its first second would otherwise pay for the baseline's writes (the checkpoint's disk work beside its commits).
 */
async function upsertAgainSettled(ctx: PhaseContext, target: Target, db: Executor): Promise<PhaseResult> {
  const again = await measureBaseline(ctx, target, 'upsert', 'upsert-again', await postmasterOf(db));
  await settleAfterSeeding(db);
  return again;
}

/** The two floors, on the same connections and the same save bodies as the answer-save phase. */
async function baselines(
  ctx: PhaseContext,
  target: Target,
  postmaster: number | null,
): Promise<RunReport['baselines']> {
  return {
    route: await measureBaseline(ctx, target, 'route', 'upsert', postmaster),
    upsert: await measureBaseline(ctx, target, 'upsert', 'upsert', postmaster),
    upsertAgain: null,
  };
}

export async function runTarget(target: Target, opts: Options, dir: string): Promise<RunReport> {
  const log = (text: string) => process.stderr.write(`[${target.label}] ${text}\n`);
  const seedDb = await createDb(target.databaseUrl);
  log(`seeding ${opts.students} students`);
  const seeded = performance.now();
  const event = await seedBenchEvent(seedDb, opts.students);
  log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  // The finished event's close is timed as its own phase (resultPhases.ts): meanwhile the bench holds its lease,
  // so the server's scheduler does not close it in the middle of the load phases.
  await seedDb
    .insertInto('penutupan')
    .values({
      id_jadwal: event.closed.id,
      pemegang: 'bench',
      berlaku_sampai: Number.MAX_SAFE_INTEGER,
      mulai_at: Date.now(),
      perkiraan_selesai: Number.MAX_SAFE_INTEGER,
      selesai_at: null,
    })
    .execute();
  await settleAfterSeeding(seedDb);
  await closeDb(seedDb);
  // Opened again without a checkpointer of the bench's own beside the server's: its checkpoints would charge the
  // server's log to the load generator and, measured, slowed the app's phases (not the floors: other files).
  const db = await createDb(target.databaseUrl, { walCheckpointer: false });
  const port = await freePort();
  const fields = { port, dir, seconds: opts.seconds, connections: opts.connections, event, log };
  const postmaster = await postmasterOf(db);
  const floors = await baselines(phaseContext(fields), target, postmaster);
  const databaseCpu: DatabaseCpu =
    dialectOf(db) === 'sqlite' ? 'in the app (SQLite)' : postmaster ? 'postmaster' : 'not on this machine';

  const server = await startServer(
    ROOT,
    // As deployed behind a load balancer: the bench is the proxy, and each student logs in from their own address
    // (otherwise the per-address login limit, not the server, would decide the storm).
    { DATABASE_URL: target.databaseUrl, WORKERS: String(target.workers), TRUST_PROXY: '127.0.0.1' },
    port,
  );
  let storm: Awaited<ReturnType<typeof loginStorm>> | null = null;
  let exam: ExamOutcome;
  let results: ResultsOutcome | null = null;
  let memoryMb: number;
  // Every phase from here on is charged the CPU the server's and the database's processes spent meanwhile.
  const ctx = phaseContext({
    ...fields,
    cpu: { server: server.child.pid as number, database: postmaster, bench: process.pid },
  });
  try {
    if (!opts.overloadOnly) storm = await loginStorm(ctx, opts.loginConnections);
    // On SQLite the upsert floor again right after the answer-save phase (the server idle meanwhile): the machine's
    // other load moves both rates, so the save's ratio is read against the floors on either side of it. (On
    // PostgreSQL the second run would rewrite the rows the first one wrote: not the same work.)
    const sqlite = target.databaseUrl.startsWith('file:');
    exam = await examPhases(ctx, {
      withOverload: !opts.examOnly,
      ...(sqlite ? { upsertAgain: () => upsertAgainSettled(ctx, target, db) } : {}),
    });
    if (!opts.examOnly && !opts.overloadOnly) results = await resultPhases(ctx, db, target.databaseUrl);
    memoryMb = treeUsage(server.child.pid as number).residentKb / 1024;
  } finally {
    await server.stop();
  }

  // Read after the server has stopped: an acknowledged answer must have been committed.
  const stored = await storedSaves(db, exam.acknowledged);
  const overload = exam.overload && {
    ...exam.overload,
    lost: distinctSaves(exam.overloadAcknowledged) - (await storedSaves(db, exam.overloadAcknowledged)),
  };
  const distinct = distinctSaves(exam.acknowledged);
  const databaseMb = await target.size(db);
  const settings = await databaseSettings(db);
  await closeDb(db);
  await target.drop();
  return {
    title:
      `${target.label}: ${opts.students} students, ${opts.connections} connections, ${opts.seconds} s per phase` +
      (opts.examOnly ? ' (exam phases only)' : opts.overloadOnly ? ' (exam phases and overload only)' : ''),
    baselines: { ...floors, upsertAgain: exam.upsertAgain },
    phases: [...(storm?.rows ?? []), ...exam.rows, ...(results?.rows ?? [])],
    close: results?.close ?? null,
    eventClose: results?.eventClose ?? null,
    answers: { acknowledged: distinct, stored, lost: distinct - stored },
    overload,
    rankingViews: results?.rankingViews ?? [],
    logins: storm?.logins ?? null,
    memoryMb,
    databaseMb,
    databaseCpu,
    databaseSettings: settings,
  };
}
