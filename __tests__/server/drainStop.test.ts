/**
 * A stop that drains (README "Stopping and restarting"): on SIGTERM /readyz turns 503 at once while the server goes
 * on accepting and answering new connections for SHUTDOWN_DRAIN_MS; logins still waiting for a hashing thread when
 * the drain ends are refused with 503 + Retry-After, never cut; the process exits 0 within SHUTDOWN_TIMEOUT.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDb, createDb } from '../../src/server/db/createDb';
import { migrateToLatest } from '../../src/server/db/migrate';
import { requestJson, startServerProcess, type Answer } from '../helpers/serverProcess';
import { waitFor } from '../helpers/waitFor';

jest.setTimeout(120_000);

const DRAIN_MS = 1500;
const LOGINS = 10;

type Outcome = Answer | { error: string };

const describeOutcome = (outcome: Outcome) =>
  'error' in outcome
    ? outcome.error
    : `${outcome.status} ${outcome.headers['retry-after'] ?? '-'} ${outcome.body}`;

describe('SIGTERM while logins wait and new connections arrive', () => {
  let dir: string;
  let logins: Outcome[];
  let reads: Outcome[];
  let readyDuringDrain: Outcome;
  let readyTurnedAfterMs: number;
  let exitCode: number | null;
  let stoppedAfterMs: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'siaptes-drain-'));
    const url = `file:${join(dir, 'drain.db')}`;
    const db = await createDb(url);
    await migrateToLatest(db);
    await closeDb(db);
    // One hashing thread at the real cost: logins beyond the gate's two wait their turn, most past the drain.
    const server = await startServerProcess({
      DATABASE_URL: url,
      WORKERS: '1',
      SCRYPT_N: String(2 ** 17),
      SCRYPT_THREADS: '1',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_TIMEOUT: '8000',
    });
    try {
      // Each request on a connection of its own, as new clients arriving at a node being taken out.
      const fresh = () => new http.Agent({ keepAlive: false });
      const settle = (request: Promise<Answer>): Promise<Outcome> =>
        request.catch((error: NodeJS.ErrnoException) => ({ error: error.code ?? String(error) }));
      const loginsDone = Promise.all(
        Array.from({ length: LOGINS }, (_, i) =>
          settle(
            requestJson(fresh(), server.port, 'POST', '/api/auth/login', {
              code: 's',
              isgoogle: false,
              username: `tidakada${i}`,
              password: 'rahasia123',
            }),
          ),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      // Until the signal has reached the process: then /readyz must answer 503, not stop answering.
      readyDuringDrain = await waitFor(
        () => settle(requestJson(fresh(), server.port, 'GET', '/readyz', undefined)),
        (outcome) => !('status' in outcome) || outcome.status !== 200,
        DRAIN_MS,
      );
      readyTurnedAfterMs = Date.now() - signalledAt;
      // New connections all through the drain period.
      const readsDone: Promise<Outcome>[] = [];
      while (Date.now() - signalledAt < DRAIN_MS - 200) {
        readsDone.push(
          settle(
            requestJson(
              fresh(),
              server.port,
              'GET',
              '/api/siswa/jadwal/jadwaltocurrent/idsiswa/1',
              undefined,
            ),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      reads = await Promise.all(readsDone);
      logins = await loginsDone;
      exitCode = await server.exited;
      stoppedAfterMs = Date.now() - signalledAt;
    } finally {
      await server.stop();
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says it is not ready at once, while it still answers', () => {
    expect(describeOutcome(readyDuringDrain)).toBe(
      '503 - {"status":false,"message":"Server sedang berhenti"}',
    );
    expect(readyTurnedAfterMs).toBeLessThan(1500);
  });

  it('answers every new connection of the drain period: none reset', () => {
    expect(reads.length).toBeGreaterThan(10);
    const answered = reads.map(describeOutcome).map((text) => text.slice(0, 3));
    expect(answered).toEqual(Array(reads.length).fill('401'));
  });

  it('answers or refuses every waiting login with 503 and Retry-After, none cut', () => {
    const outcomes = logins.map(describeOutcome);
    const wrong = '200 - {"status":false,"message":"Username atau password salah"}';
    const refused =
      '503 5 {"status":false,"message":"Server sedang dimulai ulang. Silakan masuk lagi dalam beberapa detik."}';
    expect(outcomes.filter((o) => o !== wrong && o !== refused)).toEqual([]);
    // One thread hashes about two a second: some were answered, the rest were still waiting when the drain ended.
    expect(outcomes).toContain(wrong);
    expect(outcomes).toContain(refused);
  });

  it('exits 0 after the drain, within its timeout', () => {
    expect(exitCode).toBe(0);
    expect(stoppedAfterMs).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(stoppedAfterMs).toBeLessThan(8000);
  });
});
