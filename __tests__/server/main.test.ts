/**
 * The demo policy at the real start-up (README "The two commands", "Demo accounts"): src/server/main.ts run as
 * `npm start` runs it, on a SQLite file. Unset SIAPTES_DEMO seeds an empty database, SIAPTES_DEMO=0 leaves it empty,
 * and a database that has students is never seeded. The rule alone (demoAllowed, seedDemoAtStart) is demo.test's.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeDb, createDb } from '../../src/server/db/createDb';
import { migrateToLatest } from '../../src/server/db/migrate';
import { DEMO } from '../../src/server/demo';
import { insertSiswaRow } from '../helpers/serverRows';
import { requestJson, startServerProcess } from '../helpers/serverProcess';

jest.setTimeout(180_000); // a real process: tsx compiles the server, then the demo seed and its close

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'siaptes-start-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What a start of the server leaves: whether the demo's reguler logs in, and the usernames in the database. */
async function startOn(file: string, demo: string): Promise<{ demoLogin: boolean; usernames: string[] }> {
  const server = await startServerProcess({ DATABASE_URL: `file:${file}`, SIAPTES_DEMO: demo });
  const agent = new http.Agent();
  let demoLogin: boolean;
  try {
    const login = await requestJson(agent, server.port, 'POST', '/api/auth/login', {
      code: 's',
      isgoogle: false,
      username: DEMO.usernames.reguler,
      password: DEMO.password,
    });
    demoLogin = login.status === 200 && (JSON.parse(login.body) as { status: boolean }).status;
  } finally {
    agent.destroy();
    await server.stop();
  }
  const db = await createDb(`file:${file}`);
  try {
    const rows = await db.selectFrom('siswa').select('username').where('is_synthetic', '=', 0).execute();
    return { demoLogin, usernames: rows.map((row) => row.username).sort() };
  } finally {
    await closeDb(db);
  }
}

it('SIAPTES_DEMO unset: an empty SQLite database is seeded with the demo accounts', async () => {
  const started = await startOn(path.join(dir, 'siaptes.db'), '');
  expect(started.demoLogin).toBe(true);
  expect(started.usernames).toEqual(Object.values(DEMO.usernames).sort());
});

it('SIAPTES_DEMO=0: an empty SQLite database stays empty', async () => {
  expect(await startOn(path.join(dir, 'siaptes.db'), '0')).toEqual({ demoLogin: false, usernames: [] });
});

it('SIAPTES_DEMO unset: a database that has a student is not seeded', async () => {
  const file = path.join(dir, 'siaptes.db');
  const db = await createDb(`file:${file}`);
  try {
    await migrateToLatest(db);
    await insertSiswaRow(db, 'siswa.sekolah');
  } finally {
    await closeDb(db);
  }
  expect(await startOn(file, '')).toEqual({ demoLogin: false, usernames: ['siswa.sekolah'] });
});
