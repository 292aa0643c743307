import { sql } from 'kysely';
import { closeDb, dialectOf } from '../../src/server/db/createDb';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storedSaves, type Save } from '../../src/bench/answers';
import { ACAK_LIMA_OPSI, ACAK_OPSI, ACAK_SOAL } from '../../src/server/domain/acak';
import { runOverloadProcess, startLoadProcess } from '../../src/bench/processes';
import { cpuTable } from '../../src/bench/cpuReport';
import { formatRun, type RunReport } from '../../src/bench/report';
import { probeWork } from '../../src/bench/speedProbe';
import type { LoadResult } from '../../src/bench/load';
import type { OverloadJob, OverloadResult } from '../../src/bench/overload';
import { options } from '../../src/bench/options';
import { savesForSeconds } from '../../src/bench/examPhases';
import { formatPdf } from '../../src/bench/pdfPhase';
import { percentile } from '../../src/bench/percentile';
import { formulasOf, fractionTex, pdfPackage, pdfQuestions } from '../../src/bench/pdfPackage';
import { imporPaket } from '../../src/server/operator/imporPaket';
import { loadConfig } from '../../src/server/config';
import { seedBenchEvent, type BenchEvent } from '../../src/bench/seedEvent';
import { databaseSettings } from '../../src/bench/targets';
import type { Executor } from '../../src/server/db/executor';
import { rejectionMessage } from '../helpers/rejection';
import { hashToken } from '../../src/server/plugins/auth';
import { verifyPassword } from '../../src/server/lib/password';
import { createTestDb } from '../helpers/buildTestApp';
import { waitFor } from '../helpers/waitFor';

jest.setTimeout(120_000);

let db: Executor;
let event: BenchEvent;

beforeAll(async () => {
  db = await createTestDb();
  event = await seedBenchEvent(db, 40);
});
afterAll(() => closeDb(db));

describe('the bench event seed', () => {
  it('creates the students with the bench password and a live session each', async () => {
    expect(event.students).toHaveLength(40);
    const first = await db
      .selectFrom('siswa')
      .select(['username', 'password_hash', 'lembaga'])
      .where('id', '=', event.students[0].id)
      .executeTakeFirstOrThrow();
    expect(first.username).toBe('bench01');
    expect(first.lembaga).toBe('TO Akbar');
    expect(await verifyPassword('tryout123', first.password_hash)).toBe(true);
    const sessions = await db
      .selectFrom('sesi')
      .select('id_siswa')
      .where(
        'token_hash',
        'in',
        event.students.map((s) => hashToken(s.token)),
      )
      .execute();
    expect(sessions).toHaveLength(40);
    expect(event.passwordCost).toMatch(/^scrypt N=\d+ r=\d+ p=\d+$/);
  });

  it('enrols every student in both events and finishes the closed one with a row per subject', async () => {
    const ids = event.students.map((s) => s.id);
    for (const jadwal of [event.running.id, event.closed.id]) {
      const enrolled = await db
        .selectFrom('jadwal_peserta')
        .select('id_siswa')
        .where('id_jadwal', '=', jadwal)
        .where('id_siswa', 'in', ids)
        .execute();
      expect(enrolled).toHaveLength(40);
    }
    const attempts = await db
      .selectFrom('hasil_to')
      .select(['id', 'is_selesai'])
      .where('id_jadwal', '=', event.closed.id)
      .where('id_siswa', 'in', ids)
      .execute();
    expect(attempts).toHaveLength(80); // two categories each
    expect(attempts.every((a) => a.is_selesai === 1)).toBe(true);
    const rows = await db
      .selectFrom('hasil_mapel')
      .select(['nilai', 'benar', 'salah'])
      .where('id_jadwal', '=', event.closed.id)
      .where('id_siswa', 'in', ids)
      .execute();
    expect(rows).toHaveLength(280); // seven subjects each
    // Scores differ between students: IRT has something to tell apart.
    expect(new Set(rows.map((r) => r.nilai)).size).toBeGreaterThan(5);
    const choices = await db
      .selectFrom('pilihan_siswa')
      .select('id_prodi')
      .where('id_siswa', 'in', ids)
      .execute();
    expect(choices).toHaveLength(80);
  });

  it('on PostgreSQL leaves every table of its schema vacuumed, so autovacuum has nothing to do during the phases', async () => {
    if (dialectOf(db) !== 'postgres') return;
    const { rows } = await sql<{ relname: string; vacuumed: boolean }>`
      SELECT relname, last_vacuum IS NOT NULL AND last_analyze IS NOT NULL AS vacuumed
      FROM pg_stat_user_tables WHERE schemaname = current_schema() ORDER BY relname`.execute(db);
    expect(rows.map((r) => r.relname)).toEqual(expect.arrayContaining(['hasil_to', 'jawaban', 'siswa']));
    expect(rows.filter((r) => !r.vacuumed)).toEqual([]);
  });

  it('leaves the answer tables with their keys: a second answer to a question and an orphan statement are refused', async () => {
    const answer = await db
      .selectFrom('jawaban')
      .innerJoin('hasil_to', 'hasil_to.id', 'jawaban.id_hasil_to')
      .select(['jawaban.id_hasil_to', 'jawaban.id_soal'])
      .where('hasil_to.id_jadwal', '=', event.closed.id)
      .executeTakeFirstOrThrow();
    expect(
      await rejectionMessage(
        db
          .insertInto('jawaban')
          .values({ id_hasil_to: answer.id_hasil_to, id_soal: answer.id_soal, jawaban: 'A', updated_at: 0 })
          .execute(),
      ),
    ).toMatch(/UNIQUE constraint failed|duplicate key value violates unique constraint/);
    const statement = await db.selectFrom('jawaban_group').select('id_soal_group').executeTakeFirstOrThrow();
    expect(
      await rejectionMessage(
        db
          .insertInto('jawaban_group')
          .values({ id_jawaban: 2_000_000_000, id_soal_group: statement.id_soal_group, jawaban: 'Y' })
          .execute(),
      ),
    ).toMatch(/FOREIGN KEY constraint failed|violates foreign key constraint/);
  });
});

describe('the lost-answer check', () => {
  it('counts an acknowledged answer only when the database holds the value that was sent', async () => {
    const [plain] = await db
      .selectFrom('jawaban')
      .innerJoin('soal', 'soal.id', 'jawaban.id_soal')
      .select(['jawaban.id', 'jawaban.jawaban'])
      .where('soal.type', '=', 1)
      .orderBy('jawaban.id')
      .limit(1)
      .execute();
    const [group] = await db
      .selectFrom('jawaban_group')
      .select(['id', 'id_jawaban', 'jawaban'])
      .orderBy('id')
      .limit(1)
      .execute();
    const kept: Save = { id_jawaban: plain.id, id_jawaban_group: null, jawaban: plain.jawaban, type: 1 };
    const lost: Save = { ...kept, jawaban: plain.jawaban === 'E' ? 'D' : 'E' };
    const keptGroup: Save = {
      id_jawaban: group.id_jawaban,
      id_jawaban_group: group.id,
      jawaban: group.jawaban,
      type: 3,
    };
    const lostGroup: Save = { ...keptGroup, jawaban: group.jawaban === 'Y' ? 'N' : 'Y' };

    expect(await storedSaves(db, [kept, kept, keptGroup])).toBe(2);
    expect(await storedSaves(db, [lost])).toBe(0);
    // The later of two saves of the same answer is the one the database must hold.
    expect(await storedSaves(db, [lostGroup, keptGroup])).toBe(1);
    expect(await storedSaves(db, [keptGroup, lostGroup])).toBe(0);
    expect(await storedSaves(db, [{ ...kept, id_jawaban: 999_999_999 }])).toBe(0);
  });

  it('reads a choice sent in a shuffled attempt’s letters as the package’s letter the database holds', async () => {
    const [row] = await db
      .selectFrom('jawaban')
      .innerJoin('soal', 'soal.id', 'jawaban.id_soal')
      .select(['jawaban.id', 'jawaban.id_hasil_to', 'jawaban.jawaban'])
      .where('soal.type', '=', 1)
      .where('jawaban.jawaban', 'in', ['A', 'B', 'C', 'D', 'E'])
      .orderBy('jawaban.id', 'desc')
      .limit(1)
      .execute();
    const saved = (jawaban: string): Save => ({
      id_jawaban: row.id,
      id_jawaban_group: null,
      jawaban,
      type: 1,
    });
    const attempt = db.updateTable('hasil_to').where('id', '=', row.id_hasil_to);
    // Unshuffled, only the stored letter itself counts.
    const counted = async () => {
      const letters: string[] = [];
      for (const h of ['A', 'B', 'C', 'D', 'E'])
        if ((await storedSaves(db, [saved(h)])) === 1) letters.push(h);
      return letters;
    };
    expect(await counted()).toEqual([row.jawaban]);
    try {
      // Shuffled: exactly one letter of the student's counts, and for some seed it is not the stored one.
      const seen = new Set<string>();
      for (let seed = 1; seed <= 20; seed += 1) {
        await attempt.set({ acak: ACAK_SOAL | ACAK_OPSI | ACAK_LIMA_OPSI, acak_seed: seed }).execute();
        const letters = await counted();
        expect(letters).toHaveLength(1);
        seen.add(letters[0]);
      }
      expect(seen.size).toBeGreaterThan(1);
    } finally {
      await attempt.set({ acak: 0, acak_seed: null }).execute();
    }
  });
});

describe('a probe', () => {
  it('runs until its stop file appears, also when the previous target left one behind', async () => {
    let received = 0;
    const server = createServer((_request, response) => {
      received += 1;
      response.end('{"status":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(join(tmpdir(), 'siaptes-probe-'));
    try {
      const untilFile = join(dir, 'probe.stop');
      writeFileSync(untilFile, ''); // what the first target's storm left
      const probe = startLoadProcess(
        {
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          connections: 1,
          duration: 1,
          rate: 20,
          untilFile,
          requests: [{ method: 'GET', path: '/' }],
        },
        dir,
        'probe',
      );
      // 20 a second: more than the first second's 20 reached the server, so it ran on past its duration.
      await waitFor(
        () => received,
        (n) => n > 40,
        30_000,
      );
      probe.stop();
      expect((await probe.result).requests).toBeGreaterThan(40);
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Runs the overload generator against a stand-in server answering with `handler`. */
async function overloadAgainst(
  handler: Parameters<typeof createServer>[1],
  job: Omit<OverloadJob, 'url' | 'drainSeconds' | 'slowMs'>,
): Promise<OverloadResult> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = mkdtempSync(join(tmpdir(), 'siaptes-overload-'));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return await runOverloadProcess({ ...job, url, drainSeconds: 10, slowMs: 250 }, dir, 'overload');
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the overload generator', () => {
  it('sends at its rate whatever the server answers, and tells accepted, shed, refused and errored apart', async () => {
    // Request n's path is /n: 0, 4, 8 … accepted; 1, 5, 9 … shed; 2, 6, 10 … refused by the rules; 3, 7, 11 … cut
    // (the connection closed before an answer). Every accepted answer waits 300 ms: a closed loop of 4 connections
    // could not send 400 in a second behind them.
    const result = await overloadAgainst(
      (request, response) => {
        const n = Number(request.url?.slice(1));
        if (n % 4 === 3) {
          request.socket.destroy();
          return;
        }
        const answer = () => {
          if (n % 4 === 1) response.writeHead(503).end('{"status":false,"message":"sibuk"}');
          else response.end(n % 4 === 0 ? '{"status":true}' : '{"status":false,"message":"ditolak"}');
        };
        if (n % 4 === 0) setTimeout(answer, 300);
        else answer();
      },
      {
        rate: 400,
        seconds: 1,
        requests: Array.from({ length: 400 }, (_, n) => ({ method: 'GET' as const, path: `/${n}` })),
        sockets: 200,
      },
    );
    expect(result.sent).toBe(400);
    expect(result.offeredPerSecond).toBeGreaterThan(250);
    expect(result.acknowledged.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i * 4));
    expect(result.shed).toBe(100);
    expect(result.other).toBe(100);
    expect(result.errored).toBe(100);
    expect(result.unanswered).toBe(0);
    // The accepted waited 300 ms each, timed from when the generator sent them; its own lateness apart.
    expect(result.acceptedP50).toBeGreaterThanOrEqual(300);
    expect(result.acceptedP99).toBeLessThan(2000);
    // All due within the first second, every accepted one slower than 250 ms.
    expect(result.acceptedBySecond).toEqual([100]);
    expect(result.slowBySecond).toEqual([100]);
    expect(result.acceptedDueP99).toBeGreaterThanOrEqual(result.acceptedP99);
    expect(result.lateMax).toBeGreaterThanOrEqual(result.lateP99);
  });
});

describe('the overload generator’s connections', () => {
  it('are all opened and used once before the first request is due, as students mid-exam hold theirs', async () => {
    let warmedUp = 0;
    let warmedUpAtFirstSave: number | null = null;
    const result = await overloadAgainst(
      (request, response) => {
        if (request.url === '/healthz') warmedUp += 1;
        else warmedUpAtFirstSave ??= warmedUp;
        response.end('{"status":true}');
      },
      { rate: 100, seconds: 1, requests: [{ method: 'GET', path: '/save' }], sockets: 30 },
    );
    expect(warmedUpAtFirstSave).toBe(30);
    expect(warmedUp).toBe(30);
    expect(result.acknowledged).toHaveLength(100);
  });
});

describe('the CPU per request table', () => {
  const rowOf = (lines: string[], phase: string) =>
    lines
      .find((l) => l.startsWith(`| ${phase} |`))
      ?.split('|')
      .map((cell) => cell.trim())
      .slice(1, -1);

  it('prints each phase’s app and database microseconds per request and the cores they kept busy', () => {
    const lines = cpuTable(
      [
        {
          phase: 'start spike',
          requests: 2000,
          seconds: 4,
          cpu: { appMs: 3200, databaseMs: 3640, generatorMs: 800 },
        },
        {
          phase: 'overload',
          requests: 500,
          seconds: null,
          cpu: { appMs: 100, databaseMs: 50, generatorMs: 25 },
        },
        {
          phase: 'nothing answered',
          requests: 0,
          seconds: 2,
          cpu: { appMs: 10, databaseMs: 5, generatorMs: 5 },
        },
      ],
      'postmaster',
    );
    expect(lines[0]).toContain('database: the PostgreSQL postmaster and its backends');
    // 3,200 ms over 2,000 starts: 1,600 µs; 3,640 ms: 1,820 µs; 800 ms: 400 µs; 7.64 s of CPU in 4 s: 1.91 cores.
    expect(rowOf(lines, 'start spike')).toEqual(['start spike', '2000', '1600', '1820', '400', '1.91']);
    expect(rowOf(lines, 'overload')).toEqual(['overload', '500', '200', '100', '50', '—']);
    expect(rowOf(lines, 'nothing answered')).toEqual(['nothing answered', '0', '—', '—', '—', '0.01']);
  });

  it('says on SQLite that the database’s CPU is in the app’s column', () => {
    const lines = cpuTable(
      [
        {
          phase: 'answer save',
          requests: 40_000,
          seconds: 5,
          cpu: { appMs: 4800, databaseMs: null, generatorMs: 500 },
        },
      ],
      'in the app (SQLite)',
    );
    expect(lines[0]).toContain('SQLite works inside the server process: its CPU is in the app column');
    expect(rowOf(lines, 'answer save')).toEqual(['answer save', '40000', '120', 'in app', '13', '1.06']);
  });
});

describe('the answer-save phase’s job', () => {
  it('carries what the phase can send at 25,000 saves a second, and never fewer than the baselines’ 100,000', () => {
    expect(savesForSeconds(5)).toBe(125_000);
    expect(savesForSeconds(60)).toBe(1_500_000);
    expect(savesForSeconds(1)).toBe(100_000);
  });
});

describe('an exam-only run (`--exam-only`, what fits the time cap at 100,000 students)', () => {
  const result = (perSecond: number): LoadResult => ({
    requests: perSecond * 5,
    seconds: 5,
    perSecond,
    p50: 10,
    p99: 30,
    max: 40,
    errors: 0,
    errorsBy: {},
    refused: 0,
    acknowledged: [],
    started: [],
    unansweredMs: 0,
    satOutMs: 0,
  });

  /** A SQLite exam-only run of 100,000 students in which 34,000 saves were acknowledged and stored. */
  const examOnlyRun = (run: Pick<RunReport, 'baselines' | 'phases'>): RunReport => ({
    title: 'SQLite, 1 process: 100000 students, 64 connections, 5 s per phase',
    ...run,
    close: null,
    eventClose: null,
    answers: { acknowledged: 34_000, stored: 34_000, lost: 0 },
    overload: null,
    rankingViews: [],
    logins: {
      perSecond: 4.5,
      ok: 1000,
      tried: 1000,
      cores: 2,
      hash: 'scrypt N=131072 r=8 p=1',
      floor: { perSecond: 4.8, hashers: 2, hashes: 8 },
      floorAfter: null,
    },
    memoryMb: 300,
    databaseMb: 600,
    databaseCpu: 'in the app (SQLite)',
    databaseSettings: null,
  });

  it('is asked for on the command line, and is off by default', () => {
    expect(options(['--exam-only', '--students', '100000']).examOnly).toBe(true);
    expect(options([]).examOnly).toBe(false);
  });

  it('has a sibling for the overload figures, `--overload-only`, also off by default', () => {
    expect(options(['--overload-only']).overloadOnly).toBe(true);
    expect(options(['--overload-only']).examOnly).toBe(false);
    expect(options([]).overloadOnly).toBe(false);
  });

  it('reports the exam phases beside their baselines, and says the overload phase did not run', () => {
    const text = formatRun(
      examOnlyRun({
        baselines: { route: result(20_000), upsert: result(8_000), upsertAgain: null },
        phases: [{ phase: 'answer save', result: result(6_800), baseline: 'upsert' }],
      }),
    );
    expect(text).toContain('| answer save | 34000 | 6800 | 10 | 30 | 0 / 0 | 0.850 × upsert |');
    expect(text).toContain('Overload phase: not run');
    expect(text).not.toContain('IRT close');
    expect(text).not.toContain('close of the event');
    expect(text).not.toContain('baseline again');
  });

  it('names the PostgreSQL settings the run used, and says nothing of them on SQLite', async () => {
    const run = (named: string | null) =>
      formatRun({
        ...examOnlyRun({
          baselines: { route: result(20_000), upsert: result(8_000), upsertAgain: null },
          phases: [],
        }),
        databaseSettings: named,
      });
    expect(run('PostgreSQL 15.18: shared_buffers 2GB, fsync on')).toContain(
      'Database settings: PostgreSQL 15.18: shared_buffers 2GB, fsync on',
    );
    expect(run(null)).not.toContain('Database settings');
    const settings = await databaseSettings(db);
    if (dialectOf(db) === 'sqlite') expect(settings).toBeNull();
    else {
      expect(settings).toMatch(
        /^PostgreSQL \d+\.\d+.*: shared_buffers \d+[kMG]B, effective_cache_size \d+[kMG]B, /,
      );
      expect(settings).toMatch(/, fsync (on|off), synchronous_commit \w+$/);
    }
  });

  it('puts the storm’s logins per second beside the scrypt floor measured before it', () => {
    const text = formatRun(
      examOnlyRun({
        baselines: { route: result(20_000), upsert: result(8_000), upsertAgain: null },
        phases: [],
      }),
    );
    expect(text).toContain(
      'Logins: 4.50/s (1000 of 1000 opened a session) = 0.94 × the scrypt floor of this machine, 4.80 hashes/s ' +
        "(8 hashes on the server's 2 hashers just before the storm); 2.25 per second per core on 2 cores " +
        '(password hash scrypt N=131072 r=8 p=1)',
    );
  });

  it('reads the storm against the mean of the floors before and after it, both named', () => {
    const run = examOnlyRun({
      baselines: { route: result(20_000), upsert: result(8_000), upsertAgain: null },
      phases: [],
    });
    const logins = run.logins as NonNullable<typeof run.logins>;
    const text = formatRun({
      ...run,
      logins: { ...logins, floorAfter: { perSecond: 4.2, hashers: 2, hashes: 8 } },
    });
    expect(text).toContain(
      'Logins: 4.50/s (1000 of 1000 opened a session) = 1.00 × the scrypt floor of this machine, 4.50 hashes/s ' +
        "(8 hashes on the server's 2 hashers just before the storm, 4.80/s; 4.20/s just after it); 2.25 per second " +
        'per core on 2 cores (password hash scrypt N=131072 r=8 p=1)',
    );
  });

  it('names the calls each phase refused with 503, a phase that refused none as 0', () => {
    const shed = { ...result(6_800), errors: 12, errorsBy: { '503': 12 } };
    const text = formatRun(
      examOnlyRun({
        baselines: { route: result(20_000), upsert: result(8_000), upsertAgain: null },
        phases: [
          { phase: 'start spike', result: shed, baseline: 'upsert' },
          { phase: '— cheap API call', result: shed, probe: true },
          { phase: 'answer save', result: result(6_800), baseline: 'upsert' },
        ],
      }),
    );
    expect(text).toContain('Refused with 503 (load shedding), per phase: start spike 12; answer save 0');
  });

  it('says which status a phase’s errors had', () => {
    const failing = { ...result(6_800), errors: 158, errorsBy: { '503': 150, connection: 8 } };
    const text = formatRun({
      title: 'SQLite, 1 process: 100000 students, 64 connections, 5 s per phase',
      baselines: { route: result(20_000), upsert: result(8_000), upsertAgain: null },
      phases: [{ phase: 'answer save', result: failing, baseline: 'upsert' }],
      close: null,
      eventClose: null,
      answers: { acknowledged: 34_000, stored: 34_000, lost: 0 },
      overload: null,
      rankingViews: [],
      logins: null,
      memoryMb: 300,
      databaseMb: 600,
      databaseCpu: 'in the app (SQLite)',
      databaseSettings: null,
    });
    expect(text).toContain(
      '| answer save | 34000 | 6800 | 10 | 30 | 158 (503: 150, connection: 8) / 0 | 0.850 × upsert |',
    );
  });

  it('reads the save against the upsert floor measured before the phases and again right after the save', () => {
    const withCpu = (perSecond: number, appMs: number) => ({
      ...result(perSecond),
      cpu: { appMs, databaseMs: null, generatorMs: 1_000 },
    });
    const text = formatRun(
      examOnlyRun({
        // 40,000 upserts at 100 µs each, 20,000 more at 120 µs; 34,000 saves at 200 µs.
        baselines: {
          route: result(20_000),
          upsert: withCpu(8_000, 4_000),
          upsertAgain: withCpu(4_000, 2_400),
        },
        phases: [
          { phase: 'answer save', result: withCpu(6_800, 6_800), baseline: 'upsert', upsertAgainAfter: true },
          { phase: 'preview', result: result(2_000), baseline: 'route' },
        ],
      }),
    );
    const lines = text.split('\n');
    const at = (start: string) => lines.findIndex((line) => line.startsWith(start));
    expect(lines[at('| answer save |')]).toBe(
      '| answer save | 34000 | 6800 | 10 | 30 | 0 / 0 | 0.850 × upsert; 1.700 × upsert again | — | — | — |',
    );
    // The second floor's row follows the save's, beside the first floor.
    expect(lines[at('| answer save |') + 1]).toBe(
      '| baseline again, right after the answer save: bare Fastify + prepared durable upsert | 20000 | 4000 | ' +
        '10 | 30 | 0 / 0 | 0.500 × upsert | — | — | — |',
    );
    expect(lines[at('| preview |')]).toBe(
      '| preview | 10000 | 2000 | 10 | 30 | 0 / 0 | 0.100 × route | — | — | — |',
    );
    // The CPU table has the floors' own rows.
    expect(lines).toContain(
      '| baseline: bare Fastify + prepared durable upsert | 40000 | 100 | in app | 25 | 1.00 |',
    );
    expect(text).toContain('save 200 µs; upsert 100 µs: 0.500 ×; then 120 µs: 0.600 ×');
  });

  it('prints how fast the machine ran around each phase, and the slowest phase against the upsert baseline', () => {
    const probed = (perSecond: number, beforeMs: number, afterMs: number) => ({
      ...result(perSecond),
      speed: { beforeMs, afterMs },
    });
    const text = formatRun(
      examOnlyRun({
        baselines: { route: probed(20_000, 15, 15.04), upsert: probed(8_000, 16, 16.2), upsertAgain: null },
        phases: [
          { phase: 'start spike', result: probed(2_000, 16.1, 17), baseline: 'route' },
          { phase: 'answer save', result: probed(6_800, 31.96, 29.5), baseline: 'upsert' },
          { phase: 'preview', result: result(2_000), baseline: 'route' },
        ],
      }),
    );
    expect(text).toContain(
      '| baseline: bare Fastify + prepared durable upsert | 40000 | 8000 | 10 | 30 | 0 / 0 | 1.00 (upsert) | 16.0 / 16.2 |',
    );
    expect(text).toContain('| answer save | 34000 | 6800 | 10 | 30 | 0 / 0 | 0.850 × upsert | 32.0 / 29.5 |');
    expect(text).toContain('| preview | 10000 | 2000 | 10 | 30 | 0 / 0 | 0.100 × route | — |');
    // The save ran on a machine half as fast as the floor's: 31.96 over 16.2 ms.
    expect(text).toContain("Slowest: answer save, 1.97 × the upsert baseline's");
  });

  it('prints how many of the machine’s cores were busy during each phase, and how many with another’s work', () => {
    const busy = (perSecond: number, busyCores: number, otherCores: number | null) => ({
      ...result(perSecond),
      machine: { busyCores, otherCores, largestOther: { command: 'jest', cores: 0.5 } },
    });
    const text = formatRun(
      examOnlyRun({
        baselines: { route: result(20_000), upsert: busy(8_000, 1.874, 0.031), upsertAgain: null },
        phases: [
          // Busier during its load than over the generator's whole run.
          {
            phase: 'start spike',
            result: { ...busy(2_000, 1.996, 0.62), loadBusyCores: 1.994 },
            baseline: 'route',
          },
          { phase: 'answer save', result: busy(6_800, 1.5, null), baseline: 'upsert' },
          { phase: 'preview', result: result(2_000), baseline: 'route' },
        ],
      }),
    );
    const lines = text.split('\n');
    expect(lines.find((l) => l.startsWith('| phase |'))).toMatch(
      /\| CPU probe ms, before \/ after \| machine busy cores \(others\) \| machine busy cores, load only \|$/,
    );
    expect(text).toContain(
      '| baseline: bare Fastify + prepared durable upsert | 40000 | 8000 | 10 | 30 | 0 / 0 | 1.00 (upsert) | — | 1.87 (0.03) |',
    );
    // 0.62 of the 2.00 busy cores were spent by no process of the run.
    expect(text).toContain(
      '| start spike | 10000 | 2000 | 10 | 30 | 0 / 0 | 0.100 × route | — | 2.00 (0.62) | 1.99 |',
    );
    expect(text).toContain(
      '| answer save | 34000 | 6800 | 10 | 30 | 0 / 0 | 0.850 × upsert | — | 1.50 | — |',
    );
    expect(text).toContain('| preview | 10000 | 2000 | 10 | 30 | 0 / 0 | 0.100 × route | — | — | — |');
    expect(text).toContain("Machine busy cores: the whole machine's busy time");
    // Who spent others' share, where it reached 0.1 cores: not the upsert floor's 0.03.
    expect(text).toContain(
      'Where others had 0.1 cores or more, the command outside the run that spent the most (cores; its ' +
        "processes' own time): start spike: jest 0.50.",
    );
    expect(
      formatRun(
        examOnlyRun({ baselines: { route: result(1), upsert: result(1), upsertAgain: null }, phases: [] }),
      ),
    ).not.toContain('Machine busy cores');
  });
});

describe('the CPU probe', () => {
  it('does the same fixed work every time (a changed probe would not compare with older runs)', () => {
    const digest = '15d3670274ee9cc36af50fee9e6d49164c9eec2228d48fe29e4f313aa3784a91';
    expect(probeWork()).toBe(digest);
    expect(probeWork()).toBe(digest);
  });
});

describe('the PDF phase (`--pdf-only`, issue 48’s 216 questions with TeX)', () => {
  it('is asked for on the command line with its subject’s size, off by default and 216 questions', () => {
    expect(options(['--pdf-only', '--pdf-questions', '12'])).toMatchObject({
      pdfOnly: true,
      pdfQuestions: 12,
    });
    expect(options([])).toMatchObject({ pdfOnly: false, pdfQuestions: 216 });
  });

  it('writes questions with TeX in the question, every option and the discussion, almost all distinct', () => {
    const soal = pdfQuestions(216);
    expect(soal).toHaveLength(216);
    for (const s of soal) {
      for (const text of [s.soal, ...Object.values(s.opsi ?? {}), s.pembahasan ?? ''])
        expect(text).toMatch(/\\\(|\\\[/);
      expect(new Set(Object.values(s.opsi ?? {})).size).toBe(5);
    }
    expect(soal[0].soal).toContain('\\(g = 10\\, ms^{-2}\\)');
    const formulas = soal.flatMap(formulasOf);
    expect(new Set(formulas).size).toBeGreaterThan(formulas.length / 2);
    expect(fractionTex(6, -4)).toBe('-\\frac{3}{2}');
    expect(fractionTex(8, 4)).toBe('2');
  });

  it('is a package the operator’s import takes', async () => {
    const file = pdfPackage(24, ['reguler'], Date.now());
    const written = await imporPaket(db, 'bench-pdf.json', file, loadConfig({}), { dryRun: true });
    expect(written.kategori[0].mapel[0].soal).toHaveLength(24);
  });

  it('prints each fetch’s time and bytes, and the cheap call’s p99 beside each first render and alone', () => {
    const calls = { calls: 400, p50: 2, p99: 9, max: 14, errors: 0 };
    const text = formatPdf({
      questions: 216,
      formulas: { written: 2160, distinct: 1138 },
      alone: { ...calls, seconds: 5 },
      soalFirst: { ms: 1834.2, bytes: 657_196, beside: { ...calls, p99: 11 } },
      soalAgain: { ms: 3.1, bytes: 657_196, beside: null },
      pembahasanFirst: { ms: 1500, bytes: 1_261_846, beside: calls },
      speed: { beforeMs: 5.5, afterMs: 5.1 },
    });
    expect(text).toContain(
      '| question PDF, first fetch (typeset and drawn) | 1834 | 657196 | 400 calls: 2 / 11 / 14 |',
    );
    expect(text).toContain('| question PDF, second fetch (cached) | 3 | 657196 | — |');
    expect(text).toContain(
      '| baseline: the cheap call alone, no PDF (5 s) | — | — | 400 calls: 2 / 9 / 14 |',
    );
    expect(text).toContain('target ≤ 2000 ms: met');
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([], 0.99)).toBe(0);
  });
});
