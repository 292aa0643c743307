/**
 * The cheap first line of load shedding, in front of Fastify: the http server's own request listener refuses an API
 * call at once with 503 + Retry-After, before it is routed, its body read, hooked, logged or measured. Under twice
 * the rate the server sustains, half the calls must be refused; a refusal that costs nearly what a served call costs
 * fills the CPU by itself, and the accepted calls wait behind the refused ones (README "Load shedding"). Three
 * signals, each read per request:
 * - SHED_MAX_IN_FLIGHT API calls of this process are already being answered;
 * - for an answer save: as many saves are in flight as the save limit allows, which follows how long saves wait,
 *   the event loop's lateness included (SHED_SAVE_TARGET_MS, lib/saveLimit.ts): accepted saves stay fast under any
 *   load;
 * - SHED_QUEUE_DEPTH works already wait for the database (db/queueDepth.ts);
 * - the event loop lags (@fastify/under-pressure's figure, loadShedding.ts).
 * Only `/api/` calls are refused: the app's files and /healthz, /readyz, /metrics are always served. While the
 * server stops, every call goes to Fastify, which answers it with `Connection: close` (gracefulStop.ts).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyServerFactory, FastifyServerOptions } from 'fastify';
import { saveAnswerPaketCall } from '../../contract/tryoutPaket';
import { saveAnswerMateriCall } from '../../contract/tryoutMateri';
import { savesRefused } from '../lib/metrics';
import { saveLimit } from '../lib/saveLimit';
import { REQUEST_ID_HEADER } from './requestId';

export const SHED_RETRY_AFTER_SECONDS = 2;
export const SHED_MESSAGE =
  'Server sedang sibuk melayani banyak peserta. Jawabanmu akan dikirim ulang otomatis.';

export type ShedSignal = 'shed_in_flight' | 'shed_save_limit' | 'shed_queue' | 'shed_event_loop';

export interface ShedGateSettings {
  /** API calls this process answers at once, at most; a further one is refused (0: no cap). */
  maxInFlight: number;
  /** An answer save slower than this (ms) lowers the limit of saves in flight (0: saves share maxInFlight only). */
  saveTargetMs: number;
  /** Works waiting for the database at which a further call is refused (0: never). */
  maxQueueDepth: number;
  queueDepth(): number;
  /** The server is stopping: calls go through, to be answered with `Connection: close`. */
  stopping(): boolean;
  /** The id a refusal names in its header, as every other answer does (requestId.ts). */
  requestId(raw: IncomingMessage): string;
}

export interface ShedGate {
  /** Fastify's `serverFactory`: the HTTP/1.1 server Fastify would make, behind the gate. */
  serverFactory: FastifyServerFactory;
  /** Adds the event loop's state (set once under-pressure is registered). */
  watchEventLoop(late: () => boolean): void;
  /**
   * The one shedding rule: why an API call arriving now is refused, or null. The gate asks it for every call it
   * sees; Fastify's onRequest asks it for a call that reached the app without the gate (`inject`).
   */
  shedReason(url: string): ShedSignal | null;
  /** Whether the gate already let this request through (so it is not judged twice). */
  admitted(raw: IncomingMessage): boolean;
  /** API calls being answered now. */
  inFlight(): number;
}

/** The answer-save routes' fixed beginnings (before the first parameter), by the tryout label of the metric. */
const SAVE_PREFIXES: [string, 'paket' | 'materi'][] = [
  [`/api${saveAnswerPaketCall.path.slice(0, saveAnswerPaketCall.path.indexOf(':'))}`, 'paket'],
  [`/api${saveAnswerMateriCall.path.slice(0, saveAnswerMateriCall.path.indexOf(':'))}`, 'materi'],
];

/** How often the event loop's lateness is sampled for the save limit (ms): a timer with no JavaScript to run. */
const LOOP_SAMPLE_MS = 10;

/**
 * The event loop's lateness for the save limit: the longest time between two of its samples since the last read,
 * less the sampling interval (a loop waiting idle for work is not late). Disabled with the server.
 */
function loopLateness(): { lateMs(): number; stop(): void } {
  const loop = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  loop.enable();
  return {
    lateMs: () => {
      const late = loop.count > 0 ? Math.max(0, loop.max / 1e6 - LOOP_SAMPLE_MS) : 0;
      loop.reset();
      return late;
    },
    stop: () => loop.disable(),
  };
}

const SHED_BODY = Buffer.from(JSON.stringify({ status: false, message: SHED_MESSAGE }));

const saveTryoutOf = (url: string) => SAVE_PREFIXES.find(([prefix]) => url.startsWith(prefix))?.[1];

/** Counts a refused answer save in siaptes_saves_refused_total by its signal (other calls are not counted). */
export function countShedSave(url: string, signal: ShedSignal): void {
  const tryout = saveTryoutOf(url);
  if (tryout) savesRefused.inc({ tryout, reason: signal });
}

function refuse(raw: IncomingMessage, response: ServerResponse, signal: ShedSignal, id: string): void {
  countShedSave(raw.url ?? '', signal);
  response.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': SHED_BODY.length,
    'retry-after': String(SHED_RETRY_AFTER_SECONDS),
    [REQUEST_ID_HEADER]: id,
  });
  // The body the client sent is not read: Node discards it before the connection's next request.
  response.end(SHED_BODY);
}

export function shedGate(settings: ShedGateSettings): ShedGate {
  let inFlight = 0;
  let savesInFlight = 0;
  let eventLoopLate = () => false;
  const admitted = new WeakSet<IncomingMessage>();
  const release = () => {
    inFlight -= 1;
  };
  const loop = settings.saveTargetMs > 0 ? loopLateness() : null;
  // Without a cap on calls, the save limit may rise without end while saves stay in time.
  const saves = loop
    ? saveLimit(
        {
          ceiling: settings.maxInFlight || Number.MAX_SAFE_INTEGER,
          targetMs: settings.saveTargetMs,
          loopLateMs: loop.lateMs,
        },
        performance.now(),
      )
    : null;
  const shedReason = (url: string): ShedSignal | null => {
    if (settings.maxInFlight > 0 && inFlight >= settings.maxInFlight) return 'shed_in_flight';
    if (saves && savesInFlight >= saves.limit() && saveTryoutOf(url)) return 'shed_save_limit';
    if (settings.maxQueueDepth > 0 && settings.queueDepth() >= settings.maxQueueDepth) return 'shed_queue';
    return eventLoopLate() ? 'shed_event_loop' : null;
  };
  const serverFactory: FastifyServerFactory = (handler, options: FastifyServerOptions) => {
    const server = http.createServer((raw, response) => {
      if (raw.url?.startsWith('/api/') && !settings.stopping()) {
        const refused = shedReason(raw.url);
        if (refused) {
          refuse(raw, response, refused, settings.requestId(raw));
          return;
        }
        inFlight += 1;
        admitted.add(raw);
        response.once('close', release);
        if (saves && saveTryoutOf(raw.url)) {
          const taken = performance.now();
          savesInFlight += 1;
          response.once('close', () => {
            const now = performance.now();
            saves.answered(now - taken, savesInFlight, now);
            savesInFlight -= 1;
          });
        }
      }
      handler(raw, response);
    });
    if (loop) server.once('close', loop.stop);
    // What Fastify sets on the server it makes itself (fastify/lib/server.js).
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
  return {
    serverFactory,
    watchEventLoop: (late) => {
      eventLoopLate = late;
    },
    shedReason,
    admitted: (raw) => admitted.has(raw),
    inFlight: () => inFlight,
  };
}
