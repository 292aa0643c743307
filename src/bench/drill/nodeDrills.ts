/** The fleet's drills that probe the nodes without answer-save load: a revoked session, a clock off. */
import { spawnSync } from 'node:child_process';
import { readyzBecomes, sleep, status, until } from './poll';
import { libfaketime, type Rig } from './rig';

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
