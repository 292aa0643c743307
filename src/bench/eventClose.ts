/** The close of an event as the operator runs it (`siaptes close`, its own process), timed; and a close-only run. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { closeDb, createDb } from '../server/db/createDb';
import type { Options } from './options';
import { ROOT } from './processes';
import { closeOnlyLines, type TimedClose } from './report';
import { seedBenchEvent } from './seedEvent';
import type { Target } from './targets';

/**
 * The close of the event as an operator runs it, off the request path: the built `siaptes close` in its own process
 * (start-up included) on the same database, the server (if any) still running. Calibration, every score, every
 * rank and every university-choice status written.
 */
export function timeEventClose(databaseUrl: string, idJadwal: number, participants: number): TimedClose {
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

/** Seeds the event and times its close alone: the figure of a large event without its load phases. */
export async function closeOnly(target: Target, opts: Options): Promise<string> {
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
    return closeOnlyLines({ label: target.label, close, seedMs, databaseMb }).join('\n');
  } finally {
    await closeDb(db);
    await target.drop();
  }
}
