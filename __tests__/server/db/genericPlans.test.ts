/**
 * The batch statements of the start and save paths on PostgreSQL (the turn's look-ups of db/batching/bacaBersama.ts and the
 * saves' shared write) are planned once per connection, not at every execution: after PostgreSQL's five trial
 * custom plans each runs the connection's cached generic plan (db/larikParameter.ts says why they did not before).
 * Read from `pg_prepared_statements` of the only connection of a pool of one. PostgreSQL with named statements
 * only: behind a transaction-mode pooler every statement is unnamed and planned each time.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../../../src/server/config';
import { createDb, directPostgresOf } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { findJadwalPesertaAttempts } from '../../../src/server/db/jadwal';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { siswaOfSesi } from '../../../src/server/db/sesi';
import { seedDemo, type SeedSummary } from '../../../src/server/demo';
import { findSaveTarget } from '../../../src/server/features/tryoutPaket/tulis';
import { simpanBersama } from '../../../src/server/features/tryoutPaket/tulis/simpanBersama';
import { hashToken } from '../../../src/server/plugins/auth';
import { buildTestApp, postgresTestOptions, testClock, type TestContext } from '../../helpers/buildTestApp';
import { loginAs, startKategori } from '../../helpers/seeded';

const url = process.env.DATABASE_URL ?? '';
const namedStatements =
  /^postgres(ql)?:\/\//i.test(url) && loadConfig(process.env).databasePooler !== 'transaction';

const EXECUTIONS = 8;

let t: TestContext;
let seed: SeedSummary;
let idSiswa: number;
let tokenHash: string;
let idHasilTo: number;
let idMapel: number;
let idJawaban: number;

beforeAll(async () => {
  if (!namedStatements) return;
  const clock = testClock();
  // One connection: every statement runs on it, and the plan counts read from it are theirs.
  const db: Executor = await createDb(url, {
    schema: `test_${randomBytes(6).toString('hex')}`,
    poolSize: 1,
    ...postgresTestOptions(),
  });
  await migrateToLatest(db);
  seed = await seedDemo(db, { participants: 4, now: clock.now() });
  t = await buildTestApp({ db, clock });
  const login = await loginAs(t.app, 'reguler');
  idSiswa = login.siswa.id;
  tokenHash = hashToken(login.token);
  const content = await startKategori(t.app, login, seed.jadwal.berjalan);
  idHasilTo = content.id_hasil_to;
  const soal = content.soal.find((s) => s.type !== 3);
  if (!soal) throw new Error('no single-answer question in the attempt');
  idMapel = soal.id_mapel;
  idJawaban = soal.id_jawaban;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Plans made so far for a named statement on the pool's one connection. */
async function plans(name: string): Promise<{ generic: number; custom: number }> {
  const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
    SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = ${name}`.execute(t.db);
  return { generic: Number(rows[0]?.generic_plans ?? 0), custom: Number(rows[0]?.custom_plans ?? 0) };
}

const statements: [string, string, () => Promise<unknown>][] = [
  ["an answer save's look-up", 'siaptes_baca_save_target', () => findSaveTarget(t.db, idHasilTo, idJawaban)],
  ['a session read', 'siaptes_baca_sesi', () => siswaOfSesi(t.db, tokenHash, t.clock.now())],
  [
    "a start's schedule and attempts read",
    'siaptes_baca_jadwal_attempts',
    () => findJadwalPesertaAttempts(t.db, seed.jadwal.berjalan.id, idSiswa),
  ],
  [
    "the saves' shared write, with a clock",
    'siaptes_simpan_bersama',
    () => {
      const now = t.clock.now();
      const clock = { idHasilTo, idMapel, sisaWaktu: 600, status: 0, openedAt: now - 1000, lastSeenAt: now };
      const alone = () => Promise.reject(new Error('the shared write failed'));
      const pg = directPostgresOf(t.db);
      if (!pg) throw new Error('the shared write is PostgreSQL’s');
      return simpanBersama(pg, { idJawaban, jawaban: 'A', now, clock }, alone);
    },
  ],
];

(namedStatements ? describe : describe.skip)('batch statements use a cached generic plan', () => {
  it.each(statements)(
    '%s (%s) is planned at most five times in eight executions',
    async (_what, name, run) => {
      const before = await plans(name);
      for (let i = 0; i < EXECUTIONS; i++) await run();
      const after = await plans(name);
      const custom = after.custom - before.custom;
      const generic = after.generic - before.generic;
      expect(custom + generic).toBe(EXECUTIONS);
      expect(custom).toBeLessThanOrEqual(5);
      expect(generic).toBeGreaterThanOrEqual(3);
    },
  );
});
