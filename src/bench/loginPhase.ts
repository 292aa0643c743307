/**
 * The login storm before an event: every student logs in once from their own address, while a static file and a
 * cheap API call are probed at a steady rate to show what the other users see meanwhile.
 */
import { readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { LoadRequest } from './load';
import { fileName, json, type PhaseContext } from './phaseContext';
import { ROOT, startLoadProcess } from './processes';
import type { PhaseRow, RunReport } from './report';
import { scryptFloor } from './scryptFloor';
import { BENCH_PASSWORD } from './seedEvent';

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

export async function loginStorm(
  ctx: PhaseContext,
  loginConnections: number,
): Promise<{ rows: PhaseRow[]; logins: RunReport['logins'] }> {
  const { students, probe: probeStudent, passwordCost } = ctx.event;
  const logins: LoadRequest[] = students.map((s, index) => ({
    method: 'POST',
    path: '/api/auth/login',
    body: json({ code: 's', isgoogle: false, username: s.username, password: BENCH_PASSWORD }),
    forwardedFor: studentAddress(index),
  }));
  // Each connection logs in once: that many concurrent logins, however long the hashing takes.
  const connections = Math.min(loginConnections, students.length);
  ctx.log('scrypt floor');
  const floor = await scryptFloor();
  const probe = (name: string, request: LoadRequest, headers: Record<string, string> = {}) => {
    ctx.log(name);
    return startLoadProcess(
      {
        url: `http://127.0.0.1:${ctx.port}`,
        connections: 1,
        duration: ctx.seconds,
        rate: 20,
        untilFile: join(ctx.dir, `${fileName(name)}.stop`),
        headers,
        requests: [request],
      },
      ctx.dir,
      fileName(name),
    );
  };
  const probes = [
    probe('static probe', { method: 'GET', path: hashedBundle() }, { 'accept-encoding': 'br, gzip' }),
    probe('api probe', {
      method: 'GET',
      path: `/api/siswa/profil/user/id/${probeStudent.id}`,
      key: probeStudent.token,
    }),
  ];
  const login = await ctx.load('login storm', ctx.job(logins, { connections, amount: connections }));
  for (const p of probes) p.stop();
  const [staticProbe, apiProbe] = await Promise.all(probes.map((p) => p.result));
  ctx.log('scrypt floor again');
  const floorAfter = await scryptFloor();
  return {
    rows: [
      { phase: `login storm (${connections} connections)`, result: login, baseline: 'route' },
      { phase: '— static file (hashed bundle, br) during the storm', result: staticProbe, probe: true },
      { phase: '— cheap API call (profile) during the storm', result: apiProbe, probe: true },
    ],
    logins: {
      // Logins that opened a session: a refused or timed-out one hashed nothing, or nothing useful.
      perSecond: login.seconds > 0 ? login.acknowledged.length / login.seconds : 0,
      ok: login.acknowledged.length,
      tried: connections,
      cores: availableParallelism(),
      hash: passwordCost,
      floor,
      floorAfter,
    },
  };
}
