/**
 * The load generator, run as its own process by the bench (`load.ts JOB.json RESULT.json`): autocannon against one
 * server with the job's requests, cycled in order, each connection taking the next one. It writes back the
 * figures and which requests the server acknowledged (`status: true`), so the bench can check them in the database.
 * A connection refused with 503 or 429 waits as `Retry-After` asks before its next request, as the SPA does
 * (rideOut.ts): a closed loop that asked again at once would flood a shedding server with calls it can only refuse.
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { loadBusyCores, machineTicksNow, type MachineTicks } from './machineCpu';
import { runAsChild } from './processes';
import { rideOutMs } from './rideOut';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  /** Session token for the Key header. */
  key?: string;
  /** The client address a trusted proxy reports (X-Forwarded-For): many students, not one machine. */
  forwardedFor?: string;
}

export interface LoadJob {
  url: string;
  connections: number;
  /** Seconds; ignored when `amount` is set. */
  duration: number;
  /** Exactly this many requests (each student once), instead of a duration. */
  amount?: number;
  /** Requests per second over all connections (a probe), unlimited when absent. */
  rate?: number;
  headers?: Record<string, string>;
  requests: LoadRequest[];
  /** Run until this file exists (a probe that lasts as long as another phase). */
  untilFile?: string;
  /** Keep from each acknowledged start the attempt and the answer ids of this subject. */
  startMapel?: number;
}

export interface StartedAttempt {
  request: number;
  id_hasil_to: number;
  soal: { id_jawaban: number; type: number; id_jawaban_group: number | null }[];
}

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Transport errors, timeouts and non-2xx answers. */
  errors: number;
  /** The errors by kind: an HTTP status ("503"), "timeout" or "connection" (none when there were no errors). */
  errorsBy: Record<string, number>;
  /** 2xx answers whose body said `status: false`. */
  refused: number;
  acknowledged: number[];
  started: StartedAttempt[];
  /** Longest wait of a request still unanswered when the job ended (0 when none was). */
  unansweredMs: number;
  /** How long the connections sat out refusals as Retry-After asked, added up (ms; 0 when none was refused). */
  satOutMs: number;
  /**
   * The whole machine's busy cores from the first send to the last answer (a job of a fixed number of requests) or
   * to autocannon's end: the load itself, without the generator's start-up and exit; null where unread.
   */
  loadBusyCores?: number | null;
}

/**
 * autocannon's connection, as far as the wait needs it (autocannon 9): the parsed head of each answer, and its
 * private send, which it calls as soon as an answer is complete. Wrapping the send is the one way to hold a
 * connection back; __tests__/bench/benchLoad.test.ts fails if autocannon stops calling it.
 */
interface Connection {
  destroyed: boolean;
  _doRequest(): void;
  on(event: 'headers', listener: (head: { statusCode: number; headers: string[] }) => void): void;
}

/** A header of an answer's raw head (name, value, name, value...), whatever its case. */
function headerOf(raw: string[], name: string): string | undefined {
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i].toLowerCase() === name) return raw[i + 1];
  return undefined;
}

/** The waits the connections sit out: each pending one since when, and how long the ended ones lasted (ms). */
interface SittingOut {
  pending: Map<NodeJS.Timeout, number>;
  endedMs: number;
}

/** Makes the connection wait as the server asked after a refusal, before it sends its next request. */
function rideOutRefusals(connection: Connection, sitting: SittingOut): void {
  let waitMs = 0;
  connection.on('headers', (head) => {
    waitMs = rideOutMs(head.statusCode, headerOf(head.headers, 'retry-after'), Date.now()) ?? 0;
  });
  const send = connection._doRequest.bind(connection);
  connection._doRequest = () => {
    if (waitMs === 0) {
      send();
      return;
    }
    const since = Date.now();
    const timer = setTimeout(() => {
      sitting.pending.delete(timer);
      sitting.endedMs += Date.now() - since;
      if (!connection.destroyed) send();
    }, waitMs);
    sitting.pending.set(timer, since);
    waitMs = 0;
  };
}

interface Context {
  index?: number;
  sentAt?: number;
}

interface StartBody {
  status?: boolean;
  content?: {
    id_hasil_to: number;
    soal: {
      id_jawaban?: number;
      type: number;
      id_mapel: number;
      group_soal?: { id_jawaban_group: number }[];
    }[];
  };
}

/** The errors of a run by kind, so a report says which status the refused or failed requests had. */
export function errorsByKind(
  result: Pick<autocannon.Result, 'errors' | 'timeouts' | 'statusCodeStats'>,
): Record<string, number> {
  const by: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    const count = stats?.count ?? 0;
    if (count > 0 && !status.startsWith('2')) by[status] = count;
  }
  if (result.timeouts > 0) by.timeout = result.timeouts;
  if (result.errors > result.timeouts) by.connection = result.errors - result.timeouts;
  return by;
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  let next = 0;
  let refused = 0;
  const acknowledged: number[] = [];
  const started: StartedAttempt[] = [];
  const waiting = new Set<Context>();
  let stop: (() => void) | null = null;
  const sitting: SittingOut = { pending: new Map(), endedMs: 0 };
  // A job of a fixed number of requests is timed from its first send to its last answer: autocannon ends it only
  // at its next one-second sample, so its own start and finish round the time up to whole seconds.
  let firstSentMs: number | null = null;
  let lastAnsweredMs: number | null = null;
  // The machine's counters at the first send and at the last answer (or the job's end): read once each.
  let ticksAtFirstSend: MachineTicks | null = null;
  let ticksAtLastAnswer: MachineTicks | null = null;
  let answered = 0;
  const untilFile = job.untilFile;
  const watch = untilFile
    ? setInterval(() => {
        if (existsSync(untilFile)) stop?.();
      }, 100)
    : null;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: untilFile ? 24 * 60 * 60 : job.duration,
        ...(job.amount !== undefined ? { amount: job.amount } : {}),
        ...(job.rate !== undefined ? { overallRate: job.rate } : {}),
        timeout: 600,
        // autocannon's Client type leaves out what the wait needs (Connection above).
        setupClient: (client) => rideOutRefusals(client as unknown as Connection, sitting),
        requests: [
          {
            setupRequest: (request, context) => {
              const index = next++ % job.requests.length;
              (context as Context).index = index;
              (context as Context).sentAt = Date.now();
              if (firstSentMs === null) {
                firstSentMs = performance.now();
                ticksAtFirstSend = machineTicksNow();
              }
              waiting.add(context as Context);
              const item = job.requests[index];
              return {
                ...request,
                method: item.method,
                path: item.path,
                body: item.body,
                headers: {
                  ...job.headers,
                  ...(item.body !== undefined ? { 'content-type': 'application/json' } : {}),
                  ...(item.key !== undefined ? { key: item.key } : {}),
                  ...(item.forwardedFor !== undefined ? { 'x-forwarded-for': item.forwardedFor } : {}),
                },
              };
            },
            onResponse: (status, body, context) => {
              const index = (context as Context).index ?? -1;
              waiting.delete(context as Context);
              lastAnsweredMs = performance.now();
              if (++answered === job.amount) ticksAtLastAnswer = machineTicksNow();
              if (status < 200 || status >= 300) return;
              if (!body.includes('"status":true')) {
                if (body.includes('"status":false')) refused++;
                else acknowledged.push(index); // not an API answer (a static file)
                return;
              }
              acknowledged.push(index);
              if (job.startMapel === undefined) return;
              const parsed = JSON.parse(body) as StartBody;
              if (!parsed.content) return;
              started.push({
                request: index,
                id_hasil_to: parsed.content.id_hasil_to,
                soal: parsed.content.soal
                  .filter((s) => s.id_mapel === job.startMapel && s.id_jawaban !== undefined)
                  .map((s) => ({
                    id_jawaban: s.id_jawaban as number,
                    type: s.type,
                    id_jawaban_group: s.group_soal?.[0]?.id_jawaban_group ?? null,
                  })),
              });
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    stop = () => instance.stop();
  });
  if (watch) clearInterval(watch);
  ticksAtLastAnswer ??= machineTicksNow();
  const endedAt = Date.now();
  let satOutMs = sitting.endedMs;
  for (const [wait, since] of sitting.pending) {
    clearTimeout(wait);
    satOutMs += endedAt - since;
  }
  // With `amount` the job ends on its last answer; a request built after it was never sent.
  const unansweredMs =
    job.amount !== undefined ? 0 : Math.max(0, ...[...waiting].map((c) => endedAt - (c.sentAt ?? endedAt)));
  const seconds =
    job.amount !== undefined && firstSentMs !== null && lastAnsweredMs !== null
      ? (lastAnsweredMs - firstSentMs) / 1000
      : (result.finish.getTime() - result.start.getTime()) / 1000;
  const total = result.requests.total;
  return {
    requests: total,
    seconds,
    perSecond: seconds > 0 ? total / seconds : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    // autocannon counts a timeout among its errors too.
    errors: result.errors + result.non2xx,
    errorsBy: errorsByKind(result),
    refused,
    acknowledged,
    started,
    unansweredMs,
    satOutMs,
    loadBusyCores: loadBusyCores(ticksAtFirstSend, ticksAtLastAnswer),
  };
}

if (require.main === module) runAsChild(runLoad);
