/**
 * `npm run drill`: the fleet's fault drills (README "Production") against a fresh rig — a throw-away PostgreSQL
 * (fsync on), two app processes and nginx in front — and a table of what students went through: saves acknowledged,
 * lost, retried, errors seen, time to recover. Needs Debian's postgresql, nginx and faketime.
 *
 * `npm run drill -- --proxy URL --database URL` drives an existing fleet instead: it seeds a bench event into that
 * database (an empty one: a staging copy, never an event's), saves through the proxy for `--seconds` while the
 * operator injects the faults by hand (kill a node, restart PostgreSQL…), then checks every acknowledged save.
 * `npm run drill -- --rig-only` starts such a fleet on this machine (empty database) for that, and prints its
 * URLs and the commands of its faults; Ctrl-C ends it.
 */
import { parseArgs } from 'node:util';
import { closeDb, createDb } from '../../server/db/createDb';
import { distinctSaves, storedSaves } from '../answers';
import { seedBenchEvent } from '../seedEvent';
import { closeHolderKilled, killOneNode, postgresRestart, rollingRestart } from './drills';
import { clockOff, revokedSession } from './nodeDrills';
import type { DrillContext, DrillRow } from './underLoad';
import { drillTable } from './report';
import { libfaketime, startFleet, startRig } from './rig';
import { startAttempts, startSaveLoad } from './students';

const log = (line: string) =>
  process.stderr.write(`[drill ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '100' },
    // KEY=VALUE given to both app nodes (e.g. SHED_SAVE_TARGET_MS=0), repeatable.
    set: { type: 'string', multiple: true, default: [] },
    'think-ms': { type: 'string', default: '250' },
    'load-ms': { type: 'string', default: '5000' },
    'down-ms': { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '60' },
    proxy: { type: 'string' },
    database: { type: 'string' },
    'rig-only': { type: 'boolean', default: false },
  },
});
const students = Number(values.students);
const thinkMs = Number(values['think-ms']);

/** The --set KEY=VALUE pairs, given to every app node. */
function nodeSettings(): Record<string, string> {
  return Object.fromEntries(
    (values.set ?? []).map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--set KEY=VALUE, not "${pair}"`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

async function freshRig(): Promise<DrillRow[]> {
  libfaketime();
  const env = nodeSettings();
  // More students seeded than save: the finished event's close must last long enough to kill its holder.
  const rig = await startRig({ students: Math.max(students, 500), env, log });
  try {
    const ctx: DrillContext = {
      rig,
      students: await startAttempts(rig.nginx.url, rig.event, students),
      thinkMs,
      loadMs: Number(values['load-ms']),
      log,
    };
    const extra: string[] = [];
    const problems: string[] = [];
    const kill = await killOneNode(ctx);
    // The faketime node (outside nginx) during the rolling restart: during the close drill its clock, 30 s ahead,
    // would see the killed holder's lease run out early and take it.
    const [rolling, clock] = await Promise.all([rollingRestart(ctx), clockOff(rig)]);
    rolling.notes.push(
      `faketime +30s node: /readyz ${clock.readyz?.status} "${clock.readyz?.body ?? ''}" ` +
        `after ${clock.readyz?.afterMs} ms; siaptes_jam_selisih_detik ${clock.metric}`,
    );
    rolling.problems.push(...clock.problems);
    const rows = [kill, rolling, await postgresRestart(ctx, Number(values['down-ms']))];
    rows.push(
      await closeHolderKilled(ctx, async () => {
        const revoke = await revokedSession(rig);
        extra.push(`revoked session refused by the other node after ${revoke.refusedAfterMs} ms (≤ 10000)`);
        problems.push(...revoke.problems);
      }),
    );
    rows.at(-1)?.notes.push(...extra);
    rows.at(-1)?.problems.push(...problems);
    return rows;
  } finally {
    await rig.stop();
  }
}

async function givenFleet(proxy: string, database: string): Promise<DrillRow[]> {
  const db = await createDb(database, { poolSize: 2 });
  try {
    log(`seeding ${students} students into ${new URL(database).pathname}`);
    const event = await seedBenchEvent(db, students);
    const list = await startAttempts(proxy, event, students);
    log(`saving through ${proxy} for ${values.seconds} s: inject the faults now`);
    const load = startSaveLoad(proxy, event.running.id, list, thinkMs);
    const from = Date.now();
    await new Promise((done) => setTimeout(done, Number(values.seconds) * 1000));
    const figures = await load.stop();
    const stored = await storedSaves(db, figures.saves);
    return [
      {
        fault: 'faults injected by hand',
        acknowledged: figures.acknowledged,
        lost: distinctSaves(figures.saves) - stored,
        retried: figures.retried,
        errorsSeen: figures.errorsSeen,
        faultAt: from,
        recoverMs: figures.lastFailureAt === null ? 0 : figures.lastFailureAt - from,
        figures,
        notes: ['time to recover: from the start of the run to the last failed try'],
        problems: [],
      },
    ];
  } finally {
    await closeDb(db);
  }
}

/** A fleet for faults injected by hand, until SIGINT or SIGTERM. */
async function rigOnly(): Promise<void> {
  const fleet = await startFleet({ env: nodeSettings(), log });
  const lines = [
    `proxy             ${fleet.nginx.url}`,
    `database          ${fleet.databaseUrl}`,
    ...fleet.nodes.map((n) => `${n.name.padEnd(18)}${n.url}  kill -9 ${n.pid()}`),
    `stop PostgreSQL   ${fleet.pg.commands.stopImmediate}`,
    `start PostgreSQL  ${fleet.pg.commands.start}`,
    `students          npm run drill -- --proxy ${fleet.nginx.url} --database ${fleet.databaseUrl} --seconds 60`,
    'Ctrl-C ends the fleet and removes its database.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await new Promise<void>((done) => {
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });
  await fleet.stop();
}

async function main(): Promise<void> {
  if (values['rig-only']) {
    await rigOnly();
    process.exit(0);
  }
  if ((values.proxy === undefined) !== (values.database === undefined))
    throw new Error('--proxy and --database go together');
  const rows =
    values.proxy !== undefined && values.database !== undefined
      ? await givenFleet(values.proxy, values.database)
      : await freshRig();
  process.stdout.write(`${drillTable(rows)}\n`);
  const failed = rows.some((r) => r.lost > 0 || r.problems.length > 0 || r.figures.unsent > 0);
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
