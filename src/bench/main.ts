/**
 * `npm run bench [-- --students N --seconds S --connections C --login-connections L --irt-persons P
 * --targets sqlite,sqlite2,pg1,pg2 --exam-only --overload-only --pdf-only --pdf-questions Q]`: the load of an event day, measured end to end. For each database (SQLite; PostgreSQL
 * at BENCH_DATABASE_URL with 1 and 2 workers) it seeds a fresh database with an event of N students, runs the two baselines and the built server
 * (dist/node/server/main.js, built again when its sources are newer: build.ts) each as its own process, drives them with load generators in other
 * processes, checks that no acknowledged answer is missing from the database, and prints a Markdown table. Then
 * the PDFs of a subject of Q questions with TeX, on a database of their own (pdfPhase.ts).
 * Exits with 1 when an answer was lost.
 *
 * The run's parts: options.ts (command line), targets.ts (the databases), runTarget.ts (one database's run) with
 * its phases (loginPhase.ts, examPhases.ts, resultPhases.ts), processes.ts (the child processes), report.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from './build';
import { closeOnly } from './eventClose';
import { writeIrtCsv } from './irtCsv';
import { options } from './options';
import { formatPdf, pdfPhase } from './pdfPhase';
import { ROOT } from './processes';
import { formatRun } from './report';
import { runTarget } from './runTarget';
import { postgresTarget, sqliteTarget, type Target } from './targets';

/** `npm run irt` on a simulated matrix, timed end to end as an operator runs it (its own process, as the script). */
function timeIrtCli(file: string): { ms: number; ok: boolean } {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    ['--require', 'tsx/cjs', join(ROOT, 'src/server/cli/irt.ts'), file],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      maxBuffer: 1 << 30,
    },
  );
  return { ms: performance.now() - started, ok: run.status === 0 };
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  ensureBuild(ROOT);
  const dir = mkdtempSync(join(tmpdir(), 'siaptes-bench-'));
  let lost = 0;
  try {
    process.stdout.write(
      `## SiapTes bench\n\nRun ${new Date().toISOString()}, Node ${process.version}. The load generators run on the ` +
        'same machine as the server; the ratios to the baselines of the same run are the figures that count.\n\n',
    );
    const pdf = async () => {
      const log = (text: string) => process.stderr.write(`[PDF] ${text}\n`);
      const report = await pdfPhase(dir, { questions: opts.pdfQuestions, seconds: opts.seconds }, log);
      process.stdout.write(`${formatPdf(report)}\n`);
    };
    if (opts.pdfOnly) {
      await pdf();
      return;
    }
    const targets: Target[] = [1, 2]
      .filter((workers) => opts.targets.has(workers === 1 ? 'sqlite' : 'sqlite2'))
      .map((workers) => sqliteTarget(dir, workers));
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
    if (opts.examOnly || opts.overloadOnly) return;
    await pdf();
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
