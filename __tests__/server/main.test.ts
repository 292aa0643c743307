/**
 * The demo policy at the real start-up (README "The two commands", "Demo accounts"): src/server/main.ts run as
 * `npm start` runs it. On a SQLite file, unset SIAPTES_DEMO seeds an empty database, SIAPTES_DEMO=0 leaves it empty,
 * and a database that has students is never seeded; on PostgreSQL (when the suite runs there, in a database of its
 * own) unset never seeds, SIAPTES_DEMO=1 does. The rule alone (demoAllowed, seedDemoAtStart) is demo.test's.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
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
async function startOn(
  databaseUrl: string,
  demo: string,
): Promise<{ demoLogin: boolean; usernames: string[] }> {
  const server = await startServerProcess({ DATABASE_URL: databaseUrl, SIAPTES_DEMO: demo });
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
  const db = await createDb(databaseUrl);
  try {
    const rows = await db.selectFrom('siswa').select('username').where('is_synthetic', '=', 0).execute();
    return { demoLogin, usernames: rows.map((row) => row.username).sort() };
  } finally {
    await closeDb(db);
  }
}

it('SIAPTES_DEMO unset: an empty SQLite database is seeded with the demo accounts', async () => {
  const started = await startOn(`file:${path.join(dir, 'siaptes.db')}`, '');
  expect(started.demoLogin).toBe(true);
  expect(started.usernames).toEqual(Object.values(DEMO.usernames).sort());
});

it('SIAPTES_DEMO=0: an empty SQLite database stays empty', async () => {
  expect(await startOn(`file:${path.join(dir, 'siaptes.db')}`, '0')).toEqual({
    demoLogin: false,
    usernames: [],
  });
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
  expect(await startOn(`file:${file}`, '')).toEqual({ demoLogin: false, usernames: ['siswa.sekolah'] });
});

const postgresUrl = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '')
  ? process.env.DATABASE_URL
  : undefined;

(postgresUrl ? describe : describe.skip)('on PostgreSQL, in a database of its own', () => {
  let name: string;
  let url: string;
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  beforeEach(async () => {
    name = `siaptes_start_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    const own = new URL(postgresUrl as string);
    own.pathname = `/${name}`;
    url = own.toString();
  });
  afterEach(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('SIAPTES_DEMO unset: an empty PostgreSQL database is not seeded', async () => {
    expect(await startOn(url, '')).toEqual({ demoLogin: false, usernames: [] });
  });

  it('SIAPTES_DEMO=1: an empty PostgreSQL database is seeded', async () => {
    const started = await startOn(url, '1');
    expect(started.demoLogin).toBe(true);
    expect(started.usernames).toEqual(Object.values(DEMO.usernames).sort());
  });
});
