/**
 * The fleet's fault drills (README "Production"), each run on a rig (rig.ts) under answer-save load from many
 * students through nginx (students.ts), each ending with the database read: every acknowledged save must be there.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { distinctSaves, storedSaves } from '../answers';
import type { AppNode, Rig } from './rig';
import { libfaketime, RIG_HOLDER } from './rig';
import { startSaveLoad, type DrillStudent, type SaveFigures } from './students';

export interface DrillContext {
  rig: Rig;
  students: DrillStudent[];
  /** Pause of each student between two saves. */
  thinkMs: number;
  /** Load before the fault, and after it has passed. */
  loadMs: number;
  log(line: string): void;
}

/** One drill's line of the table, and what its assertions read. */
export interface DrillRow {
  fault: string;
  acknowledged: number;
  /** Acknowledged answers whose value is not in the database. */
  lost: number;
  retried: number;
  errorsSeen: number;
  /** When the fault was injected (epoch ms). */
  faultAt: number;
  /** Time from the fault until the last failed try (ms); 0 when no try failed. */
  recoverMs: number;
  figures: SaveFigures;
  /** Drill-specific figures, printed under the table. */
  notes: string[];
  /** Drill-specific failures (empty when the drill's own assertions hold). */
  problems: string[];
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls `probe` every `everyMs` until it returns a value, or null after `withinMs`. */
async function until<T>(probe: () => Promise<T | null>, withinMs: number, everyMs = 50): Promise<T | null> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() >= deadline) return null;
    await sleep(everyMs);
  }
}

async function status(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: string; retryAfter: string | null }> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });
  return {
    status: response.status,
    body: await response.text(),
    retryAfter: response.headers.get('retry-after'),
  };
}

/**
 * Runs `fault` under save load (`loadMs` before and after it), then checks the database. `fault` returns when the
 * fault is over; its notes and problems join the row's.
 */
async function underLoad(
  ctx: DrillContext,
  fault: string,
  inject: (faultAt: number) => Promise<{ notes?: string[]; problems?: string[] }>,
): Promise<DrillRow> {
  const { rig } = ctx;
  ctx.log(`drill: ${fault}`);
  const load = startSaveLoad(rig.nginx.url, rig.event.running.id, ctx.students, ctx.thinkMs);
  await sleep(ctx.loadMs);
  const faultAt = Date.now();
  let own: { notes?: string[]; problems?: string[] };
  try {
    own = await inject(faultAt);
  } finally {
    await sleep(ctx.loadMs);
  }
  const figures = await load.stop();
  const problems = [...(own.problems ?? [])];
  // Every node that was not killed on purpose is still running.
  for (const node of rig.nodes)
    if (node.process() === null) problems.push(`${node.name} is not running after the drill`);
  const stored = await rig.withDb((db) => storedSaves(db, figures.saves));
  return {
    fault,
    acknowledged: figures.acknowledged,
    lost: distinctSaves(figures.saves) - stored,
    retried: figures.retried,
    errorsSeen: figures.errorsSeen,
    faultAt,
    recoverMs: figures.lastFailureAt === null ? 0 : Math.max(0, figures.lastFailureAt - faultAt),
    figures,
    notes: own.notes ?? [],
    problems,
  };
}

/** The lines of nginx's error log written while `work` ran that say an app reset or dropped a request. */
async function upstreamResetsDuring(rig: Rig, work: () => Promise<void>): Promise<string[]> {
  const before = rig.nginx.errorLog().length;
  await work();
  return rig.nginx
    .errorLog()
    .slice(before)
    .split('\n')
    .filter((line) => /reset by peer|prematurely closed/.test(line));
}

/**
 * What a kill -9 of one node must leave: every student saved again after it (the survivor serves everyone), each
 * save acknowledged within 3 tries (nginx passes a refused or reset PUT to the other node).
 */
function killChecks(row: DrillRow, students: number): void {
  const served = row.figures.lastAckAt.filter((at) => at > row.faultAt).length;
  row.notes.push(`${served} of ${students} students saved after the kill`);
  if (served < students) row.problems.push(`only ${served} students saved after the kill`);
  if (row.figures.beyondNoticeTries > 0 || row.errorsSeen > 0)
    row.problems.push(`${row.errorsSeen} saves not acknowledged within 3 tries`);
}

/** kill -9 of one node: nginx sends its requests to the other; the killed node is started again after. */
export async function killOneNode(ctx: DrillContext): Promise<DrillRow> {
  const [victim, survivor] = ctx.rig.nodes;
  const row = await underLoad(ctx, 'kill -9 of one node', async () => {
    await victim.kill();
    await sleep(ctx.loadMs);
    await victim.start();
    return {
      notes: [`${victim.name} killed; ${survivor.name} served alone for ${ctx.loadMs} ms, then it restarted`],
    };
  });
  killChecks(row, ctx.students.length);
  return row;
}

/** SIGTERM one node, start it again, then the other: every node exits 0 and no request is reset. */
export async function rollingRestart(ctx: DrillContext): Promise<DrillRow> {
  const exits: (number | null)[] = [];
  let resets: string[] = [];
  const row = await underLoad(ctx, 'rolling restart (SIGTERM, start, next)', async () => {
    resets = await upstreamResetsDuring(ctx.rig, async () => {
      for (const node of ctx.rig.nodes) {
        const stopped = Date.now();
        exits.push(await node.terminate());
        ctx.log(`  ${node.name} exited ${exits.at(-1)} after ${Date.now() - stopped} ms`);
        await node.start();
      }
    });
    return {
      notes: [`exit codes ${exits.join(', ')}; requests nginx saw reset by an app: ${resets.length}`],
      problems: [
        ...(exits.every((code) => code === 0) ? [] : [`exit codes ${exits.join(', ')}`]),
        ...resets.map((line) => `nginx: ${line}`),
      ],
    };
  });
  if (row.errorsSeen > 0) row.problems.push(`${row.errorsSeen} saves failed 3 tries`);
  return row;
}

/** How long a node's /readyz took to answer `wanted` (ms), polled every 50 ms; null past `withinMs`. */
async function readyzBecomes(node: AppNode, wanted: number, withinMs: number): Promise<number | null> {
  const from = Date.now();
  const hit = await until(
    async () => ((await status(`${node.url}/readyz`)).status === wanted ? true : null),
    withinMs,
  );
  return hit === null ? null : Date.now() - from;
}

/** PostgreSQL stopped at once (as a crash), down `downMs`, started again. */
export async function postgresRestart(ctx: DrillContext, downMs: number): Promise<DrillRow> {
  const { rig } = ctx;
  const row = await underLoad(ctx, 'PostgreSQL immediate stop and start', async () => {
    const problems: string[] = [];
    rig.pg.stopImmediate();
    const notReady = await Promise.all(rig.nodes.map((n) => readyzBecomes(n, 503, 2_000)));
    const health = await Promise.all(rig.nodes.map((n) => status(`${n.url}/healthz`).catch(() => null)));
    rig.nodes.forEach((n, i) => {
      if (notReady[i] === null) problems.push(`${n.name} /readyz not 503 within 2 s of the stop`);
      if (health[i]?.status !== 200) problems.push(`${n.name} /healthz ${health[i]?.status ?? 'no answer'}`);
    });
    await sleep(downMs);
    rig.pg.start();
    const ready = await Promise.all(rig.nodes.map((n) => readyzBecomes(n, 200, 15_000)));
    rig.nodes.forEach((n, i) => {
      const ms = ready[i];
      if (ms === null || ms > 5_000)
        problems.push(`${n.name} /readyz 200 after ${ms ?? '> 15000'} ms (≤ 5000)`);
    });
    return {
      notes: [
        `down ${downMs} ms; /readyz 503 after ${notReady.join(', ')} ms; back to 200 after ${ready.join(', ')} ms`,
      ],
      problems,
    };
  });
  const http503 = row.figures.failures['http 503'] ?? 0;
  if (row.figures.without503RetryAfter > 0)
    row.problems.push(`${row.figures.without503RetryAfter} of ${http503} answers 503 had no Retry-After`);
  return row;
}

/** The node whose pid is in a lease holder's name (`host:pid:random`). */
function nodeOfHolder(nodes: AppNode[], holder: string): AppNode | undefined {
  const pid = Number(holder.split(':').at(-2));
  return nodes.find((n) => n.pid() === pid);
}

interface Lease {
  pemegang: string;
  selesai_at: string | null;
}

/**
 * The seeded finished event's close, its lease handed to the nodes: the node that takes it is killed at once (and
 * started again); the other (or the restarted one) must close it once the lease has run out, while result reads
 * answer "Hasil sedang dihitung" (503), never an error. `meanwhile` runs once both nodes serve again.
 */
export async function closeHolderKilled(
  ctx: DrillContext,
  meanwhile: () => Promise<void>,
): Promise<DrillRow> {
  const { rig } = ctx;
  const closed = rig.event.closed.id;
  const reads: Record<string, number> = {};
  let closedAfterMs: number | null = null;
  const row = await underLoad(ctx, 'kill -9 of the close lease holder', async () => {
    const problems: string[] = [];
    const client = new pg.Client({ connectionString: rig.databaseUrl });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const lease = async () =>
        (
          await client.query<Lease>('SELECT pemegang, selesai_at FROM penutupan WHERE id_jadwal = $1', [
            closed,
          ])
        ).rows[0];
      await client.query('UPDATE penutupan SET berlaku_sampai = 0 WHERE id_jadwal = $1 AND pemegang = $2', [
        closed,
        RIG_HOLDER,
      ]);
      // The schedulers look every 5 s; the one that takes the lease is killed as soon as it is seen.
      const taken = await until(
        async () => {
          const row = await lease();
          return row && row.pemegang !== RIG_HOLDER ? row : null;
        },
        15_000,
        5,
      );
      const holder = taken && nodeOfHolder(rig.nodes, taken.pemegang);
      if (!taken || !holder) return { problems: [`no node took the close's lease (${taken?.pemegang})`] };
      await holder.kill();
      const killedAt = Date.now();
      if ((await lease())?.selesai_at !== null)
        return { problems: [`${holder.name} finished the close before it was killed: seed more students`] };
      ctx.log(`  ${holder.name} held the close's lease; killed`);
      const student = ctx.students[0];
      let reading = true;
      const reader = (async () => {
        while (reading) {
          const answer = await status(`${rig.nginx.url}/api/siswa/tryout/hasil/id/${closed}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', key: student.token },
            body: JSON.stringify({ id_siswa: student.id, type: 'detail' }),
          }).catch((error: unknown) => ({ status: 0, body: String(error), retryAfter: null }));
          // A load-shed 503 (with Retry-After) is the server's capacity, not the close: counted, allowed.
          const kind =
            answer.status === 503 && answer.body.includes('Hasil sedang dihitung')
              ? 'sedang dihitung'
              : answer.status === 503 && answer.retryAfter !== null
                ? 'shed 503'
                : String(answer.status);
          reads[kind] = (reads[kind] ?? 0) + 1;
          if (!['sedang dihitung', 'shed 503', '200'].includes(kind))
            problems.push(`result read: ${answer.status} ${answer.body}`);
          await sleep(500);
        }
      })();
      await holder.start();
      await meanwhile();
      // The end of the close as its node wrote it (this machine's clock): the wait above began late.
      const done = await until(async () => (await lease())?.selesai_at ?? null, 90_000, 250);
      closedAfterMs = done === null ? null : Number(done) - killedAt;
      reading = false;
      await reader;
      const closes = await Promise.all(rig.nodes.map((n) => closesCounted(n)));
      const total = closes.reduce((a, b) => a + b, 0);
      if (closedAfterMs === null) problems.push('the close did not finish within 90 s of the kill');
      else if (closedAfterMs > 80_000)
        problems.push(`closed ${closedAfterMs} ms after the kill (lease 60 s)`);
      if (total !== 1) problems.push(`closes counted by the live nodes: ${closes.join(' + ')} (1 expected)`);
      return {
        notes: [
          `lease holder ${holder.name} killed; closed by another node ${closedAfterMs ?? '–'} ms later ` +
            `(lease 60 s), ${total} close; result reads: ${Object.entries(reads)
              .map(([k, n]) => `${n} × ${k}`)
              .join(', ')}`,
        ],
        problems,
      };
    } finally {
      await client.end().catch(() => undefined);
    }
  });
  killChecks(row, ctx.students.length);
  return row;
}

/** A node's count of finished closes (its /metrics). */
async function closesCounted(node: AppNode): Promise<number> {
  const { body } = await status(`${node.url}/metrics`);
  const line = body
    .split('\n')
    .find((l) => l.startsWith('siaptes_scoring_duration_seconds_count{step="close"}'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

export interface RevokeFigures {
  /** How long the other node accepted the session after its logout through the first (ms), or null past 15 s. */
  refusedAfterMs: number | null;
  problems: string[];
}

/** A logout through one node, then calls on the other until it refuses the token (README "Session cache": ≤ 10 s). */
export async function revokedSession(rig: Rig): Promise<RevokeFigures> {
  const [a, b] = rig.nodes;
  const { id, token } = rig.event.probe;
  const profil = async () =>
    (await status(`${b.url}/api/siswa/profil/user/id/${id}`, { headers: { key: token } })).status;
  const problems: string[] = [];
  // Read on B until it answers (a node just started may shed its first calls, 503), then a few times more, so that
  // its cache holds the session.
  const first = await until(async () => ((await profil()) === 200 ? true : null), 10_000, 200);
  if (first === null) problems.push(`profile on ${b.name} before the logout: not 200 within 10 s`);
  for (let i = 0; i < 3; i++) {
    const code = await profil();
    if (code !== 200 && code !== 503) problems.push(`profile on ${b.name} before the logout: ${code}`);
    await sleep(200);
  }
  const logout = await status(`${a.url}/api/auth/logout`, { method: 'POST', headers: { key: token } });
  if (logout.status !== 200) problems.push(`logout on ${a.name}: ${logout.status} ${logout.body}`);
  const from = Date.now();
  const refused = await until(async () => ((await profil()) === 401 ? true : null), 15_000, 20);
  const refusedAfterMs = refused === null ? null : Date.now() - from;
  if (refusedAfterMs === null || refusedAfterMs > 10_000)
    problems.push(`${b.name} accepted the revoked session for ${refusedAfterMs ?? '> 15000'} ms (≤ 10000)`);
  return { refusedAfterMs, problems };
}

export interface ClockFigures {
  /** How far `faketime -f +30s` moved Node's Date.now() (ms). */
  fakedMs: number;
  /** The faked node's /readyz answer once it refused, and after how long (ms). */
  readyz: { status: number; body: string; afterMs: number } | null;
  /** siaptes_jam_selisih_detik of the faked node. */
  metric: number | null;
  /** /readyz of the other nodes meanwhile. */
  othersReady: number[];
  problems: string[];
}

const FAKED_SECONDS = 30;

/** A third node on the same database under `faketime -f +30s`: its /readyz must say how far its clock is off. */
export async function clockOff(rig: Rig): Promise<ClockFigures> {
  const problems: string[] = [];
  const faked = { LD_PRELOAD: libfaketime(), FAKETIME: `+${FAKED_SECONDS}s` };
  const probe = spawnSync(process.execPath, ['-p', 'Date.now()'], {
    encoding: 'utf8',
    env: { ...process.env, ...faked },
  });
  const fakedMs = Number(probe.stdout.trim()) - Date.now();
  if (!(Math.abs(fakedMs - FAKED_SECONDS * 1000) < 2_000))
    problems.push(
      `faketime did not move Node's clock by ${FAKED_SECONDS} s (${fakedMs} ms): ${probe.stderr}`,
    );
  const node = await rig.extraNode('node-faketime');
  const from = Date.now();
  try {
    await node.start({ env: faked, readyPath: '/healthz' });
    const refused = await until(
      async () => {
        const answer = await status(`${node.url}/readyz`);
        return answer.status === 503 && /jam server selisih/.test(answer.body) ? answer : null;
      },
      20_000,
      200,
    );
    const readyz = refused && { ...refused, afterMs: Date.now() - from };
    if (!readyz)
      problems.push('the faked node\'s /readyz never said "jam server selisih … detik dengan basis data"');
    else if (!/jam server selisih (29|30|31) detik dengan basis data/.test(readyz.body))
      problems.push(`faked node's /readyz: ${readyz.body}`);
    const metrics = await status(`${node.url}/metrics`).then(
      (answer) => answer.body,
      (error: unknown) => `${String(error)}\n${node.log().slice(-2000)}`,
    );
    const line = metrics.split('\n').find((l) => l.startsWith('siaptes_jam_selisih_detik'));
    const metric = line ? Number(line.split(' ').at(-1)) : null;
    if (metric === null || Math.abs(Math.abs(metric) - FAKED_SECONDS) > 1.5)
      problems.push(
        `siaptes_jam_selisih_detik ${metric ?? `missing: ${metrics}`} (±${FAKED_SECONDS} expected)`,
      );
    // The others may be restarting meanwhile (the rolling restart): each must be ready again within a minute.
    const othersReady = await Promise.all(
      rig.nodes.map(async (n) => ((await readyzBecomes(n, 200, 60_000)) === null ? 503 : 200)),
    );
    if (othersReady.some((s) => s !== 200))
      problems.push(`the other nodes' /readyz: ${othersReady.join(', ')}`);
    return { fakedMs, readyz, metric, othersReady, problems };
  } finally {
    await node.kill();
  }
}
