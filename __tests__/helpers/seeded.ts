import type { App } from '../../src/server/app';
import type { StartPaketContent } from '../../src/contract/tryoutPaket';
import { DEMO, seedDemo, type SeedOptions, type SeedSummary } from '../../src/server/demo';
import type { ProfileUser } from '../../src/contract/profile';
import { buildTestApp, testClock, type TestClock, type TestContext } from './buildTestApp';

export interface SeededTestContext extends TestContext {
  seed: SeedSummary;
}

/**
 * A fresh migrated database with the demo data (fewer synthetic participants than the real seed, for speed) and
 * the app on top. The schedules are placed around the test clock's time, so "current" means current for the app.
 */
export async function buildSeededTestApp(
  options: { clock?: TestClock; participants?: number; now?: number } = {},
): Promise<SeededTestContext> {
  let seed: SeedSummary | undefined;
  // One clock for the seed and the app, so the seed's "now" is exactly the app's.
  const clock = options.clock ?? testClock(options.now);
  const seedOptions: SeedOptions = {
    participants: options.participants ?? 60,
    now: options.now ?? clock.now(),
  };
  const context = await buildTestApp({
    clock,
    seed: async (db) => {
      seed = await seedDemo(db, seedOptions);
    },
  });
  if (!seed) throw new Error('seedDemo did not run');
  return { ...context, seed };
}

export interface LoggedIn {
  token: string;
  /** Headers for app.inject: the custom `key` header. */
  headers: { key: string };
  siswa: ProfileUser;
}

/** Logs a demo account in through POST /api/auth/login, as the SPA does. */
export async function loginAs(
  app: App,
  username: string,
  password: string = DEMO.password,
): Promise<LoggedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { code: 's', isgoogle: false, username, password },
  });
  const body = response.json() as {
    status: boolean;
    message: string;
    content?: { user: ProfileUser; access_token: { value: string } };
  };
  if (!body.status || !body.content) {
    throw new Error(`login ${username} failed (${response.statusCode}): ${body.message}`);
  }
  const token = body.content.access_token.value;
  return { token, headers: { key: token }, siswa: body.content.user };
}

/** A student's first start of a schedule's category through the API (POST …/tryout/start); what it answers. */
export async function startKategori(
  app: App,
  login: LoggedIn,
  jadwal: { id: number; kategori: readonly { hash: string }[] },
  kategori = 0,
): Promise<StartPaketContent> {
  const start = await app.inject({
    method: 'POST',
    url: `/api/siswa/tryout/start/id/${jadwal.id}/kategori/${jadwal.kategori[kategori].hash}`,
    headers: { key: login.token },
    payload: { id_siswa: login.siswa.id },
  });
  return (start.json() as { content: StartPaketContent }).content;
}

/** An answer save through the API (PUT …/tryout/saveanswer) of an attempt, `body` over a plain save's fields. */
export function saveAnswer(
  app: App,
  key: string,
  attempt: { idJadwal: number; idHasilTo: number },
  body: Record<string, unknown>,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/siswa/tryout/saveanswer/id/${attempt.idJadwal}`,
    headers: { key },
    payload: { id_hasil_to: attempt.idHasilTo, sisa_waktu: 100, operation: 'save', ...body },
  });
}

/** A status report through the API (PUT …/tryout/statusmapel) of a subject of a schedule's category. */
export function statusMapel(
  app: App,
  key: string,
  report: { idJadwal: number; idSiswa: number; idMapel: number; kategori: string },
  sisaWaktu: number,
  status: 0 | 1 = 0,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/siswa/tryout/statusmapel/id/${report.idJadwal}`,
    headers: { key },
    payload: {
      id_siswa: report.idSiswa,
      id_mapel: report.idMapel,
      kategori: report.kategori,
      sisa_waktu: sisaWaktu,
      status,
    },
  });
}
