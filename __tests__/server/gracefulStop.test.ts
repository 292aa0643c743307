import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storedSaves } from '../../src/bench/answers';
import { seedBenchEvent, type BenchEvent } from '../../src/bench/seedEvent';
import { closeDb, createDb } from '../../src/server/db/createDb';
import { migrateToLatest } from '../../src/server/db/migrate';
import { requestJson, startServerProcess, type ServerProcess } from '../helpers/serverProcess';
import { waitFor } from '../helpers/waitFor';

jest.setTimeout(180_000);

const STUDENTS = 12;
const CHOICES = ['A', 'B', 'C', 'D', 'E'];

interface Question {
  id_jawaban: number;
  /** The last value the server acknowledged (status true) for this answer. */
  acknowledged: string | null;
}

interface Student {
  token: string;
  id_hasil_to: number;
  questions: Question[];
}

interface Outcome {
  acknowledged: number;
  acknowledgedAfterSignal: number;
  refused: number[];
  /** Transport errors of requests sent on an established connection (a cut request). */
  cut: string[];
  unexpected: string[];
}

/** Starts the running event's first category for every student and opens its first subject, as the SPA does. */
async function startAttempts(server: ServerProcess, event: BenchEvent): Promise<Student[]> {
  const agent = new http.Agent({ keepAlive: false });
  const { running } = event;
  const mapel = running.kategori.mapel[0];
  const students: Student[] = [];
  for (const s of event.students) {
    const key = { key: s.token };
    const start = await requestJson(
      agent,
      server.port,
      'POST',
      `/api/siswa/tryout/start/id/${running.id}/kategori/${running.kategori.hash}`,
      { id_siswa: s.id },
      key,
    );
    const content = (
      JSON.parse(start.body) as {
        content: { id_hasil_to: number; soal: { id_jawaban?: number; type: number; id_mapel: number }[] };
      }
    ).content;
    await requestJson(
      agent,
      server.port,
      'PUT',
      `/api/siswa/tryout/statusmapel/id/${running.id}`,
      {
        id_siswa: s.id,
        id_mapel: mapel.id,
        kategori: running.kategori.hash,
        sisa_waktu: mapel.waktu * 60,
        status: 0,
      },
      key,
    );
    students.push({
      token: s.token,
      id_hasil_to: content.id_hasil_to,
      questions: content.soal
        .filter((q) => q.id_mapel === mapel.id && q.type === 1 && q.id_jawaban !== undefined)
        .map((q) => ({ id_jawaban: q.id_jawaban as number, acknowledged: null })),
    });
  }
  return students;
}

/**
 * One keep-alive client per student saving its answers over and over (a new choice each round) until the server
 * refuses or has gone; SIGTERM once more answers than students are acknowledged.
 */
async function saveThroughStop(
  server: ServerProcess,
  event: BenchEvent,
  students: Student[],
): Promise<Outcome> {
  const outcome: Outcome = {
    acknowledged: 0,
    acknowledgedAfterSignal: 0,
    refused: [],
    cut: [],
    unexpected: [],
  };
  let signalled = false;
  const agent = new http.Agent({ keepAlive: true, maxSockets: students.length });
  const client = async (student: Student) => {
    for (let round = 0; ; round++) {
      for (const question of student.questions) {
        const jawaban = CHOICES[(round + question.id_jawaban) % CHOICES.length];
        let answer;
        try {
          answer = await requestJson(
            agent,
            server.port,
            'PUT',
            `/api/siswa/tryout/saveanswer/id/${event.running.id}`,
            {
              id_hasil_to: student.id_hasil_to,
              id_jawaban: question.id_jawaban,
              jawaban,
              sisa_waktu: 100,
              type_soal: 1,
              operation: 'save',
            },
            { key: student.token },
          );
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? String(error);
          // Refused at connect: nothing was sent, the client goes elsewhere (or, here, stops).
          if (code !== 'ECONNREFUSED')
            outcome.cut.push(`${code}${(error as { reused?: boolean }).reused ? ' (kept-alive)' : ' (new)'}`);
          return;
        }
        if (answer.status === 200 && answer.body.includes('"status":true')) {
          question.acknowledged = jawaban;
          outcome.acknowledged++;
          if (signalled) outcome.acknowledgedAfterSignal++;
        } else if (answer.status === 503) {
          outcome.refused.push(answer.status);
          return;
        } else {
          outcome.unexpected.push(`${answer.status} ${answer.body}`);
          return;
        }
      }
    }
  };
  const clients = students.map(client);
  // Mid-stream: once more answers than students are acknowledged (what the assertions count), not after a fixed time.
  const acknowledgedAnswers = () =>
    students.flatMap((student) => student.questions).filter((q) => q.acknowledged !== null).length;
  await waitFor(acknowledgedAnswers, (n) => n > STUDENTS, 30_000);
  signalled = true;
  server.child.kill('SIGTERM');
  await Promise.all(clients);
  agent.destroy();
  return outcome;
}

describe.each([1, 2])('stopping the server (WORKERS=%i) while students save answers', (workers) => {
  let dir: string;
  let event: BenchEvent;
  let outcome: Outcome;
  let exitCode: number | null;
  let stoppedWithinMs: number;
  let students: Student[];
  let output: string;
  let startsCounted: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'siaptes-stop-'));
    const url = `file:${join(dir, 'stop.db')}`;
    const db = await createDb(url);
    await migrateToLatest(db);
    event = await seedBenchEvent(db, STUDENTS);
    await closeDb(db);
    // Without the save limit: on a loaded machine it may refuse every client's save before the signal, and a client
    // stops at its first refusal, leaving none to save while the server stops.
    const server = await startServerProcess({
      DATABASE_URL: url,
      WORKERS: String(workers),
      SHED_SAVE_TARGET_MS: '0',
    });
    try {
      students = await startAttempts(server, event);
      // Each scrape lands on any worker; every one reports the whole cluster's count.
      startsCounted = [];
      for (let i = 0; i < 4; i++) {
        const metrics = await fetch(`http://127.0.0.1:${server.port}/metrics`);
        const text = await metrics.text();
        const line = text.split('\n').find((l) => l.startsWith('siaptes_attempts_started_total '));
        startsCounted.push(`${metrics.status} ${line ?? text.slice(0, 120)}`);
      }
      const signalAt = Date.now() + 1500;
      outcome = await saveThroughStop(server, event, students);
      exitCode = await server.exited;
      stoppedWithinMs = Date.now() - signalAt;
    } finally {
      await server.stop();
      output = server.output();
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers every request it received: none is cut, and it served saves after the signal', () => {
    expect(outcome.cut).toEqual([]);
    expect(outcome.unexpected).toEqual([]);
    expect(outcome.acknowledged).toBeGreaterThan(STUDENTS);
    expect(outcome.acknowledgedAfterSignal).toBeGreaterThan(0);
  });

  it('counts the attempts started over the whole cluster at every scrape', () => {
    expect(startsCounted).toEqual(Array(4).fill(`200 siaptes_attempts_started_total ${STUDENTS}`));
  });

  it('exits 0 well within 10 s and says so in its log', () => {
    expect(exitCode).toBe(0);
    expect(stoppedWithinMs).toBeLessThan(10_000);
    expect(output).toContain('server berhenti');
  });

  it('keeps every acknowledged save: the database holds the last acknowledged choice of each answer', async () => {
    const db = await createDb(`file:${join(dir, 'stop.db')}`);
    try {
      const expected = students
        .flatMap((s) => s.questions)
        .filter((q) => q.acknowledged !== null)
        .map((q) => ({
          id_jawaban: q.id_jawaban,
          id_jawaban_group: null,
          jawaban: q.acknowledged as string,
          type: 1,
        }));
      expect(expected.length).toBeGreaterThan(STUDENTS);
      expect(await storedSaves(db, expected)).toBe(expected.length);
    } finally {
      await closeDb(db);
    }
  });
});
