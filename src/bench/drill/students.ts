/**
 * Students as the SPA drives them, through the proxy: each starts the running event's first category and opens its
 * first subject, then saves answers (PUT, a new choice each time) one at a time. A save that fails on transport (no
 * answer, reset, timeout, 5xx) stays in the outbox and is tried again after the server's Retry-After or a doubling
 * backoff, as src/client/lib/run/outbox.ts does, until it is acknowledged; after three failed tries in a row the
 * student sees the outbox's "Koneksi ke server sedang terganggu…" note (counted as an error seen).
 */
import http from 'node:http';
import type { Save } from '../answers';
import type { BenchEvent } from '../seedEvent';

const CHOICES = ['A', 'B', 'C', 'D', 'E'];
/** A save unanswered this long is a hang: the server answers 503 at its ANSWER_TIMEOUT_MS (20 s) at the latest. */
const REQUEST_TIMEOUT_MS = 25_000;
/** The SPA's backoff (outbox.ts): 1 s, doubling, at most 15 s; the server's Retry-After wins. */
const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 15_000;
/** After this many failed tries in a row the student sees that the connection is troubled. */
export const TRIES_BEFORE_NOTICE = 3;

interface Question {
  id_jawaban: number;
  /** The last value the server acknowledged for this answer. */
  acknowledged: string | null;
}

export interface DrillStudent {
  id: number;
  token: string;
  idHasilTo: number;
  questions: Question[];
}

interface Reply {
  status: number;
  body: string;
  retryAfter: string | undefined;
}

/** What went wrong with one try, as the client saw it. */
type Failure = 'reset' | 'refused' | 'timeout' | `http ${number}`;

function request(
  agent: http.Agent,
  url: URL,
  method: string,
  path: string,
  body: unknown,
  key: string,
): Promise<Reply> {
  const text = JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), key },
      },
      (response) => {
        let received = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('end', () =>
          done({
            status: response.statusCode ?? 0,
            body: received,
            retryAfter: response.headers['retry-after'],
          }),
        );
        response.on('error', fail);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', fail);
    req.end(text);
  });
}

function failureOf(error: unknown): Failure {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ETIMEDOUT') return 'timeout';
  return 'reset';
}

/** Starts every student's attempt through the proxy (sequentially: a start is a POST nginx never retries). */
export async function startAttempts(
  proxy: string,
  event: BenchEvent,
  count: number,
): Promise<DrillStudent[]> {
  const url = new URL(proxy);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const { running } = event;
  const mapel = running.kategori.mapel[0];
  const one = async (s: BenchEvent['students'][number]): Promise<DrillStudent> => {
    /**
     * A call of the tryout API that must answer 200; a 503 (a node just started may shed its first calls) is sent
     * again after its Retry-After, as the SPA does: a start is idempotent, and so is opening a subject.
     */
    const tryout = async (method: string, what: string, body: object): Promise<string> => {
      for (let tries = 1; ; tries++) {
        const answer = await request(agent, url, method, `/api/siswa/tryout/${what}`, body, s.token);
        if (answer.status === 200) return answer.body;
        if (answer.status !== 503 || tries === 10)
          throw new Error(`${what} (student ${s.id}): ${answer.status} ${answer.body}`);
        await new Promise((done) => setTimeout(done, Number(answer.retryAfter ?? 1) * 1000));
      }
    };
    const started = await tryout('POST', `start/id/${running.id}/kategori/${running.kategori.hash}`, {
      id_siswa: s.id,
    });
    const content = (
      JSON.parse(started) as {
        content: { id_hasil_to: number; soal: { id_jawaban?: number; type: number; id_mapel: number }[] };
      }
    ).content;
    // The subject opened, as the sheet does before its first save.
    const status = { id_siswa: s.id, id_mapel: mapel.id, kategori: running.kategori.hash, status: 0 };
    await tryout('PUT', `statusmapel/id/${running.id}`, { ...status, sisa_waktu: mapel.waktu * 60 });
    return {
      id: s.id,
      token: s.token,
      idHasilTo: content.id_hasil_to,
      questions: content.soal
        .filter((q) => q.id_mapel === mapel.id && q.type === 1 && q.id_jawaban !== undefined)
        .map((q) => ({ id_jawaban: q.id_jawaban as number, acknowledged: null })),
    };
  };
  const students: DrillStudent[] = [];
  // Eight at a time: a start is the heaviest call, and a fleet's students do not all start at once.
  const list = event.students.slice(0, count);
  for (let i = 0; i < list.length; i += 8)
    students.push(...(await Promise.all(list.slice(i, i + 8).map(one))));
  agent.destroy();
  return students;
}

export interface SaveFigures {
  /** Saves the server acknowledged (status true). */
  acknowledged: number;
  /** Tries beyond each save's first. */
  retried: number;
  /** Saves that failed TRIES_BEFORE_NOTICE tries in a row: the student saw the connection note. */
  errorsSeen: number;
  /** Saves acknowledged only after more than TRIES_BEFORE_NOTICE tries. */
  beyondNoticeTries: number;
  /** Every failed try by its kind ('http 503', 'reset', …). */
  failures: Record<string, number>;
  /** The first answer's body of each kind of failure. */
  samples: Record<string, string>;
  /** A definitive refusal (a 4xx other than 408/429): the SPA would roll back; the drills expect none. */
  refusals: string[];
  /** Saves still unacknowledged when the load was stopped (never counted as lost: not acknowledged). */
  unsent: number;
  /** Answers 503 without a Retry-After header (the server promises one with every 503). */
  without503RetryAfter: number;
  /** When the last failed try ended (epoch ms), or null. */
  lastFailureAt: number | null;
  /** Each student's latest acknowledged save (epoch ms; 0 for none). */
  lastAckAt: number[];
  /** The last acknowledged value of each answer: what must be in the database. */
  saves: Save[];
}

export interface SaveLoad {
  /** Stops the students once their current save is acknowledged (or `graceMs` has passed), with the figures. */
  stop(graceMs?: number): Promise<SaveFigures>;
  /** Failed tries so far (to watch a fault's effect while it lasts). */
  failuresSoFar(): number;
  acknowledgedSoFar(): number;
}

/**
 * Every student saving through the proxy until stopped, pausing `thinkMs` between two saves. Each student has a
 * keep-alive connection of its own to the proxy, as a browser does.
 */
export function startSaveLoad(
  proxy: string,
  idJadwal: number,
  students: DrillStudent[],
  thinkMs: number,
): SaveLoad {
  const url = new URL(proxy);
  const agent = new http.Agent({ keepAlive: true, maxSockets: students.length });
  const figures: SaveFigures = {
    acknowledged: 0,
    retried: 0,
    errorsSeen: 0,
    beyondNoticeTries: 0,
    failures: {},
    samples: {},
    refusals: [],
    unsent: 0,
    without503RetryAfter: 0,
    lastFailureAt: null,
    lastAckAt: students.map(() => 0),
    saves: [],
  };
  let failed = 0;
  let stopping = false;
  let giveUpAt = Infinity;
  const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

  /** One save, tried until acknowledged, refused, or the stop's grace is over. */
  const save = async (index: number, question: Question, jawaban: string) => {
    const student = students[index];
    for (let tries = 1; ; tries++) {
      let outcome: Reply | Failure;
      try {
        outcome = await request(
          agent,
          url,
          'PUT',
          `/api/siswa/tryout/saveanswer/id/${idJadwal}`,
          {
            id_hasil_to: student.idHasilTo,
            id_jawaban: question.id_jawaban,
            jawaban,
            sisa_waktu: 100,
            type_soal: 1,
            operation: 'save',
          },
          student.token,
        );
      } catch (error) {
        outcome = failureOf(error);
      }
      if (typeof outcome !== 'string' && outcome.status === 200 && outcome.body.includes('"status":true')) {
        question.acknowledged = jawaban;
        figures.acknowledged++;
        figures.lastAckAt[index] = Date.now();
        if (tries > TRIES_BEFORE_NOTICE) figures.beyondNoticeTries++;
        return;
      }
      if (typeof outcome !== 'string' && outcome.status < 500 && ![408, 429].includes(outcome.status)) {
        figures.refusals.push(`${outcome.status} ${outcome.body.slice(0, 200)}`);
        return;
      }
      const kind: Failure = typeof outcome === 'string' ? outcome : `http ${outcome.status}`;
      if (kind === 'http 503' && typeof outcome !== 'string' && outcome.retryAfter === undefined)
        figures.without503RetryAfter++;
      figures.failures[kind] = (figures.failures[kind] ?? 0) + 1;
      figures.samples[kind] ??= typeof outcome === 'string' ? kind : outcome.body.slice(0, 160);
      figures.lastFailureAt = Date.now();
      failed++;
      if (tries === TRIES_BEFORE_NOTICE) figures.errorsSeen++;
      if (Date.now() >= giveUpAt) {
        figures.unsent++;
        return;
      }
      figures.retried++;
      const retryAfter = typeof outcome === 'string' ? NaN : Number(outcome.retryAfter);
      const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (tries - 1));
      await sleep(
        Number.isFinite(retryAfter)
          ? retryAfter * 1000
          : Math.round(backoff / 2 + (Math.random() * backoff) / 2),
      );
    }
  };

  const student = async (s: DrillStudent, index: number) => {
    // Students do not start in step: spread over the first think time.
    await sleep(Math.random() * thinkMs);
    for (let round = 0; !stopping; round++) {
      const question = s.questions[round % s.questions.length];
      await save(index, question, CHOICES[(round + question.id_jawaban) % CHOICES.length]);
      await sleep(thinkMs);
    }
  };
  const running = Promise.all(students.map(student));

  return {
    failuresSoFar: () => failed,
    acknowledgedSoFar: () => figures.acknowledged,
    async stop(graceMs = 60_000) {
      stopping = true;
      giveUpAt = Date.now() + graceMs;
      await running;
      agent.destroy();
      // A multiple-choice answer with no statement rows (type 1), as the bench's saves are checked.
      const choice = (id_jawaban: number, jawaban: string): Save => ({
        id_jawaban,
        id_jawaban_group: null,
        jawaban,
        type: 1,
      });
      figures.saves = students.flatMap((s) =>
        s.questions.flatMap((q) => (q.acknowledged === null ? [] : [choice(q.id_jawaban, q.acknowledged)])),
      );
      return figures;
    },
  };
}
