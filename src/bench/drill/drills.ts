/**
 * The fleet's fault drills under load (README "Production"), each run on a rig (rig.ts) under answer-save load
 * from many students through nginx (students.ts; underLoad.ts), each ending with the database read: every
 * acknowledged save must be there. The drills that probe the nodes without load are in nodeDrills.ts.
 */
import pg from 'pg';
import { readyzBecomes, sleep, status, until } from './poll';
import { RIG_HOLDER, type AppNode } from './rig';
import { killChecks, underLoad, upstreamResetsDuring, type DrillContext, type DrillRow } from './underLoad';

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
