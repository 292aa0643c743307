/** The bench's Markdown: one table per database run, every figure beside the baseline of the same run. */
import { perRequestUs, type DatabaseCpu } from './cpu';
import { cpuTable, type CpuRow } from './cpuReport';
import type { LoadResult } from './load';
import { overloadLines, type OverloadReport } from './overloadReport';
import type { PhaseResult } from './phaseContext';
import type { RankingView } from './rankingViews';
import { errorsByText, fixed, machineCell, row, speedCell } from './reportCells';
import type { SpeedProbe } from './speedProbe';
import type { ScryptFloor } from './scryptFloor';

export interface PhaseRow {
  phase: string;
  result: PhaseResult;
  /** Which baseline the ratio is taken against. */
  baseline?: 'route' | 'upsert';
  /** Only the p99 matters (a probe): no rate or ratio. */
  probe?: boolean;
  /** The upsert floor was measured again right after this phase (RunReport's `upsertAgain`). */
  upsertAgainAfter?: boolean;
}

export interface TimedClose {
  ms: number;
  ok: boolean;
  participants: number;
}

/** A close's row in the run's table: one call, its time as both p50 and p99. */
function timedCloseRow(label: string, close: TimedClose): string {
  return row([
    label,
    1,
    '—',
    fixed(close.ms),
    fixed(close.ms),
    close.ok ? '0 / 0' : '1 / 0',
    '—',
    '—',
    '—',
    '—',
  ]);
}

/** The row of the close of the event (`siaptes close`, its own process). */
export function closeRow(close: TimedClose): string {
  return timedCloseRow(
    `close of the event (scores, ranks, choice statuses; \`siaptes close\`; ${close.participants} participants)`,
    close,
  );
}

/** What a close-only run measured besides the close: the seeding before it and the database's size after it. */
export interface CloseOnlyRun {
  label: string;
  close: TimedClose;
  seedMs: number;
  databaseMb: number;
}

/**
 * A close-only run's table: the event's size beside its close time (seconds), whether the command succeeded, and
 * what the seeding took.
 */
export function closeOnlyLines(run: CloseOnlyRun): string[] {
  const { close } = run;
  return [
    `### ${run.label}: the close of an event of ${close.participants} students`,
    '',
    row(['students', 'close s (`siaptes close`)', 'errors', 'seeding s', 'database MB']),
    row(['---:', '---:', '---:', '---:', '---:']),
    row([
      close.participants,
      fixed(close.ms / 1000, 1),
      close.ok ? 0 : 1,
      fixed(run.seedMs / 1000, 1),
      fixed(run.databaseMb, 1),
    ]),
    '',
    'Close: scores, calibration, ranks and choice statuses written by the built `siaptes close` in its own ' +
      'process, start-up included; seeding: bulk INSERT … SELECT before it.',
    '',
  ];
}

export interface RunReport {
  title: string;
  baselines: {
    route: PhaseResult;
    upsert: PhaseResult;
    /** The upsert floor measured again right after the answer-save phase; null when not. */
    upsertAgain: PhaseResult | null;
  };
  phases: PhaseRow[];
  /** The IRT close as Sync runs it; null when not run (`--exam-only`). */
  close: TimedClose | null;
  /** The close of the event by the operator's command, off the request path; null when not run. */
  eventClose: TimedClose | null;
  answers: { acknowledged: number; stored: number; lost: number };
  overload: OverloadReport | null;
  /** JSON bytes of each ranking view the SPA fetches (one page of 50 rows). */
  rankingViews: RankingView[];
  memoryMb: number;
  databaseMb: number;
  /** Where the database's CPU time was measured. */
  databaseCpu: DatabaseCpu;
  /** PostgreSQL's settings during the run (targets.ts databaseSettings); null on SQLite. */
  databaseSettings: string | null;
  /**
   * The login storm's rate (logins that opened a session, per second) beside the machine's scrypt floor measured
   * just before it and just after it; null when not run (`--overload-only`).
   */
  logins: {
    perSecond: number;
    ok: number;
    tried: number;
    cores: number;
    hash: string;
    floor: ScryptFloor;
    /** The floor again right after the storm (the server idle meanwhile); null when not measured. */
    floorAfter: ScryptFloor | null;
  } | null;
}

function loadRow(label: string, r: PhaseResult, ratio: string, probe = false): string {
  return row([
    label,
    r.requests,
    probe ? '—' : fixed(r.perSecond),
    fixed(r.p50),
    // A request still waiting when the phase ended outlasted every answered one: its wait so far beside their p99.
    r.unansweredMs > r.p99
      ? `${fixed(r.p99)} (in flight at the end: ${fixed(r.unansweredMs)})`
      : fixed(r.p99),
    `${r.errors}${errorsByText(r)} / ${r.refused}`,
    ratio,
    speedCell(r.speed),
    machineCell(r.machine),
    r.loadBusyCores === undefined || r.loadBusyCores === null ? '—' : fixed(r.loadBusyCores, 2),
  ]);
}

/** The largest ranking view beside the target, then every view measured. */
export function rankingViewsLine(views: readonly RankingView[]): string {
  if (views.length === 0) return 'Ranking views: not measured';
  const largest = Math.max(...views.map((v) => v.bytes));
  const each = views.map((v) => `${v.view} ${fixed(v.bytes / 1024, 1)} KB`).join('; ');
  return `Ranking view (one page as the SPA fetches it), largest: ${fixed(largest / 1024, 1)} KB of JSON (target ≤ 30 KB) — ${each}`;
}

/** The CPU rows of a run: every measured phase, and the overload phase over the requests it answered. */
function cpuRows(run: RunReport): CpuRow[] {
  const rows: CpuRow[] = [];
  for (const [phase, b] of baselineRows(run))
    if (b.cpu) rows.push({ phase, requests: b.requests, seconds: b.seconds, cpu: b.cpu });
  for (const p of run.phases)
    if (p.result.cpu)
      rows.push({
        phase: p.phase,
        requests: p.result.requests,
        seconds: p.result.seconds,
        cpu: p.result.cpu,
      });
  const o = run.overload;
  if (o?.cpu)
    rows.push({
      phase: 'overload (answered, shed ones included)',
      requests: o.result.sent - o.result.unanswered,
      seconds: null,
      cpu: o.cpu,
    });
  return rows;
}

const UPSERT_AGAIN = 'baseline again, right after the answer save: bare Fastify + prepared durable upsert';

/** The baselines' rows, in the order measured, with their labels. */
function baselineRows(run: RunReport): [string, PhaseResult][] {
  const { route, upsert, upsertAgain } = run.baselines;
  return [
    ['baseline: bare Fastify route', route],
    ['baseline: bare Fastify + prepared durable upsert', upsert],
    ...(upsertAgain ? [[UPSERT_AGAIN, upsertAgain] as [string, PhaseResult]] : []),
  ];
}

const ratioOf = (a: LoadResult, b: LoadResult) => fixed(a.perSecond / Math.max(b.perSecond, 1e-9), 3);

/**
 * A phase's rate over its baseline's; beside it, for the phase after which the upsert floor was measured again,
 * the rate over that second floor: the machine's other load moves each rate, and the two floors show by how much.
 */
function ratioCell(run: RunReport, phase: PhaseRow): string {
  if (phase.probe || !phase.baseline) return '—';
  const { route, upsert, upsertAgain } = run.baselines;
  const first = `${ratioOf(phase.result, phase.baseline === 'upsert' ? upsert : route)} × ${phase.baseline}`;
  if (!phase.upsertAgainAfter || !upsertAgain) return first;
  return `${first}; ${ratioOf(phase.result, upsertAgain)} × upsert again`;
}

/** The answer save's CPU per request over the bare upsert's, when both were measured. */
function cpuRatioLines(run: RunReport): string[] {
  const save = run.phases.find((p) => p.upsertAgainAfter)?.result;
  const floors = [run.baselines.upsert, run.baselines.upsertAgain].flatMap((b) => {
    const us = b?.cpu ? perRequestUs(b.cpu, b.requests) : null;
    return us ? [us.appUs] : [];
  });
  const saveUs = save?.cpu ? perRequestUs(save.cpu, save.requests) : null;
  if (!saveUs || floors.length === 0) return [];
  const each = floors.map((us) => `${fixed(us)} µs: ${fixed(us / saveUs.appUs, 3)} ×`).join('; then ');
  return [
    `Answer save against the bare upsert in the app's CPU per request (which the other processes on the machine ` +
      `move less than they move the rates; upsert µs over save µs is the ratio a run bound by the app's CPU ` +
      `would show): save ${fixed(saveUs.appUs)} µs; upsert ${each}`,
    '',
  ];
}

/**
 * What the probe column means, and how much slower the machine ran during the slowest-probed phase than during the
 * upsert baseline: a ratio taken across such a swing measures the machine as much as the code.
 */
function speedLines(run: RunReport): string[] {
  const floor = run.baselines.upsert.speed;
  const probed = run.phases.flatMap((p) =>
    p.result.speed ? [{ phase: p.phase, speed: p.result.speed }] : [],
  );
  if (!floor || probed.length === 0) return [];
  const slowestMs = (s: SpeedProbe) => Math.max(s.beforeMs, s.afterMs);
  const slowest = probed.reduce((a, b) => (slowestMs(b.speed) > slowestMs(a.speed) ? b : a));
  return [
    `CPU probe: the same fixed work (speedProbe.ts) timed in the bench's own process just before and after each ` +
      `phase, median of 7; a larger figure is a slower machine. Slowest: ${slowest.phase}, ` +
      `${fixed(slowestMs(slowest.speed) / Math.max(slowestMs(floor), 1e-9), 2)} × the upsert baseline's`,
    '',
  ];
}

/** Others' share of the cores from which the report names who spent it. */
const OTHERS_NOTED = 0.1;

/** What the machine column means, when any phase has it. */
function machineLines(run: RunReport): string[] {
  const read: [string, PhaseResult][] = [
    ...baselineRows(run),
    ...run.phases.map((p) => [p.phase, p.result] as [string, PhaseResult]),
  ];
  if (!read.some(([, r]) => r.machine)) return [];
  const busyOthers = read.flatMap(([phase, r]) => {
    const m = r.machine;
    return m?.largestOther && (m.otherCores ?? 0) >= OTHERS_NOTED
      ? [`${phase}: ${m.largestOther.command} ${fixed(m.largestOther.cores, 2)}`]
      : [];
  });
  return [
    `Machine busy cores: the whole machine's busy time (/proc/stat: user, nice, system, irq, softirq) during the ` +
      `phase, over its time; in parentheses the part that no watched process spent (not the server, the ` +
      `database, the bench or its load generators): another process's work on the same cores, kernel threads ` +
      `(ksoftirqd's deferred network work) included. Both are read from the generator's start to its exit; ` +
      `"load only" is the machine's busy cores from the generator's first send to its last answer (or its ` +
      `job's end), without the generator's start-up and exit, which the CPU table's busy cores count. ` +
      (busyOthers.length === 0
        ? `No phase had ${OTHERS_NOTED} cores of others.`
        : `Where others had ${OTHERS_NOTED} cores or more, the command outside the run that spent the most ` +
          `(cores; its processes' own time): ${busyOthers.join('; ')}.`),
    '',
  ];
}

export function formatRun(run: RunReport): string {
  const lines = [
    `### ${run.title}`,
    '',
    row([
      'phase',
      'requests',
      'per second',
      'p50 ms',
      'p99 ms',
      'errors / refused',
      'ratio to its baseline',
      'CPU probe ms, before / after',
      'machine busy cores (others)',
      'machine busy cores, load only',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    loadRow('baseline: bare Fastify route', run.baselines.route, '1.00 (route)'),
    loadRow('baseline: bare Fastify + prepared durable upsert', run.baselines.upsert, '1.00 (upsert)'),
  ];
  for (const phase of run.phases) {
    lines.push(loadRow(phase.phase, phase.result, ratioCell(run, phase), phase.probe));
    const again = run.baselines.upsertAgain;
    if (phase.upsertAgainAfter && again) {
      lines.push(loadRow(UPSERT_AGAIN, again, `${ratioOf(again, run.baselines.upsert)} × upsert`));
    }
  }
  const { close, logins } = run;
  lines.push(
    ...(close
      ? [timedCloseRow(`IRT close of the event (Sync; ${close.participants} participants)`, close)]
      : []),
    ...(run.eventClose ? [closeRow(run.eventClose)] : []),
    '',
    ...speedLines(run),
    ...machineLines(run),
    logins ? loginsLine(logins) : 'Logins: not run (--overload-only)',
    '',
    ...refusedLines(run),
    '',
    `Answers acknowledged: ${run.answers.acknowledged}, found in the database: ${run.answers.stored}, ` +
      `lost: ${run.answers.lost}`,
    '',
    ...overloadLines(run.overload),
    ...cpuTable(cpuRows(run), run.databaseCpu),
    ...cpuRatioLines(run),
    rankingViewsLine(run.rankingViews),
    '',
    `Server memory at the end (RSS, every server process): ${fixed(run.memoryMb, 1)} MB; ` +
      `database size: ${fixed(run.databaseMb, 1)} MB`,
    '',
    ...(run.databaseSettings ? [`Database settings: ${run.databaseSettings}`, ''] : []),
  );
  return lines.join('\n');
}

/**
 * The storm's logins per second beside the scrypt floor of the machine, measured just before the storm and, when it
 * was, just after it: the storm lasts minutes on a machine whose other load moves the floor, so the ratio is to the
 * mean of the two, and both are named.
 */
export function loginsLine(logins: NonNullable<RunReport['logins']>): string {
  const { floor, floorAfter } = logins;
  const perSecond = floorAfter ? (floor.perSecond + floorAfter.perSecond) / 2 : floor.perSecond;
  const measured =
    `${floor.hashes} hashes on the server's ${floor.hashers} hashers just before the storm` +
    (floorAfter ? `, ${fixed(floor.perSecond, 2)}/s; ${fixed(floorAfter.perSecond, 2)}/s just after it` : '');
  return (
    `Logins: ${fixed(logins.perSecond, 2)}/s (${logins.ok} of ${logins.tried} opened a session) = ` +
    `${fixed(logins.perSecond / Math.max(perSecond, 1e-9), 2)} × the scrypt floor of this machine, ` +
    `${fixed(perSecond, 2)} hashes/s (${measured}); ${fixed(logins.perSecond / logins.cores, 2)} per second per ` +
    `core on ${logins.cores} cores (password hash ${logins.hash})`
  );
}

/** The calls each phase refused with 503 (load shedding), the answer saves' above all: 0 is the promise below overload. */
export function refusedLines(run: Pick<RunReport, 'phases'>): string[] {
  const phases = run.phases.filter((p) => !p.probe);
  if (phases.length === 0) return [];
  const each = phases.map((p) => `${p.phase} ${p.result.errorsBy['503'] ?? 0}`).join('; ');
  return [`Refused with 503 (load shedding), per phase: ${each}`, ''];
}
