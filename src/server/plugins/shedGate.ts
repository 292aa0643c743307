/**
 * The cheap first line of load shedding, in front of Fastify: the http server's own request listener refuses an API
 * call at once with 503 + Retry-After, before it is routed, its body read, hooked, logged or measured. Under twice
 * the rate the server sustains, half the calls must be refused; a refusal that costs nearly what a served call costs
 * fills the CPU by itself, and the accepted calls wait behind the refused ones (README "Load shedding"). Three
 * signals, each read per request:
 * - SHED_MAX_IN_FLIGHT API calls of this process are already being answered;
 * - for an answer save: as many saves are in flight as the save limit allows, which follows how long saves wait,
 *   their wait to be read included (SHED_SAVE_TARGET_MS, lib/saveLimit.ts): accepted saves stay fast under any
 *   load; or this one waited unread longer than half that target while saves are being refused, or after the loop
 *   read more saves in this turn than the limit;
 * - SHED_QUEUE_DEPTH works already wait for the database (db/batching/queueDepth.ts);
 * - the event loop lags (@fastify/under-pressure's figure, loadShedding.ts).
 * Only `/api/` calls are refused: the app's files and /healthz, /readyz, /metrics are always served. While the
 * server stops, every call goes to Fastify, which answers it with `Connection: close` (gracefulStop.ts).
 *
 * A login is neither judged nor counted here: its work is bounded by the login gate (features/auth/routes.ts), which
 * lets two logins per hasher at a time do any work and keeps the others waiting, SHED_MAX_IN_FLIGHT at most. Judged
 * here, the burst of a login storm made the loop late by itself, and the late loop refused most of the burst (780 of
 * 1,000 logins, each refusal costing the loop what taking it would have): students pressed Login again while the
 * hashers had work for minutes. Counted here, a thousand logins waiting their turn for a hasher left the other
 * students' saves a few dozen places in flight.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory, FastifyServerOptions } from 'fastify';
import { saveAnswerPaketCall } from '../../contract/tryoutPaket';
import { saveAnswerMateriCall } from '../../contract/tryoutMateri';
import { loginCall } from '../../contract/auth';
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
  /**
   * Run for every request read, before it is judged: requests are read while the loop polls, so this runs when
   * callbacks of the loop's later phases cannot (the database layer commits a write that has waited too long).
   */
  onRequestRead?(): void;
  /**
   * Told of every call refused here, before Fastify (so it has no request log line of its own): the log names its
   * request id, which the student reads as Kode, and the signal that refused it.
   */
  onRefused?(id: string, signal: ShedSignal, url: string): void;
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

/** How often the loop's timers are asked to run, to see how late it is (ms): a timer with next to nothing to do. */
const LOOP_TICK_MS = 10;

/**
 * How long a request read now waited unread for the event loop: a request waits in the kernel while the loop is busy
 * with a turn, which the server cannot time per request. It is the longer of the time since the loop last ran its
 * timers (the turn it is in) and how late that run was (the turn before, which the request may have arrived in),
 * each less the tick. Measured when a save is read, not over a window: the loop's long turns seconds before, in a
 * quiet spell for saves (the bench's start spike), delayed no save; counted at the first save after them, they cut
 * the limit to its floor and the bench's answer-save phase began with its connections refused. Stopped with the
 * server. With it, how many saves the loop has read in this turn: requests are read in its poll phase, and the
 * check phase after it starts the count again.
 */
function loopWait(): { unreadMs(): number; saveRead(): number; stop(): void } {
  let lastTick = performance.now();
  let lastLateMs = 0;
  let savesRead = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    lastLateMs = Math.max(0, now - lastTick - LOOP_TICK_MS);
    lastTick = now;
  }, LOOP_TICK_MS);
  tick.unref();
  const turnOver = () => {
    savesRead = 0;
  };
  return {
    unreadMs: () => Math.max(lastLateMs, performance.now() - lastTick - LOOP_TICK_MS, 0),
    saveRead: () => {
      if (savesRead === 0) setImmediate(turnOver);
      savesRead += 1;
      return savesRead;
    },
    stop: () => clearInterval(tick),
  };
}

const SHED_BODY = Buffer.from(JSON.stringify({ status: false, message: SHED_MESSAGE }));

const saveTryoutOf = (url: string) => SAVE_PREFIXES.find(([prefix]) => url.startsWith(prefix))?.[1];

const LOGIN_URL = `/api${loginCall.path}`;

/** An API call this gate judges and counts: every one but the login, which its own gate bounds. */
const judged = (url: string) =>
  url.startsWith('/api/') && !(url === LOGIN_URL || url.startsWith(`${LOGIN_URL}?`));

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
  const loop = settings.saveTargetMs > 0 ? loopWait() : null;
  // Without a cap on calls, the save limit may rise without end while saves stay in time.
  const saves = loop
    ? saveLimit(
        { ceiling: settings.maxInFlight || Number.MAX_SAFE_INTEGER, targetMs: settings.saveTargetMs },
        performance.now(),
      )
    : null;
  const shedReason = (url: string): ShedSignal | null => {
    if (!judged(url)) return null;
    if (settings.maxInFlight > 0 && inFlight >= settings.maxInFlight) return 'shed_in_flight';
    if (saves && loop && saveTryoutOf(url)) {
      const readThisTurn = loop.saveRead();
      const now = performance.now();
      const over = savesInFlight >= saves.limit() || readThisTurn > saves.limit();
      if (over || saves.waitedTooLong(loop.unreadMs(), now, readThisTurn)) {
        // Only more saves than the limit keep the process shedding: a save refused for its wait while it sheds does
        // not, or on a loop often late (a busy machine) each such refusal kept the next ones refused, and a closed
        // loop of 64 connections inside its target sat out Retry-After for most of a phase.
        if (over) saves.refused(now);
        return 'shed_save_limit';
      }
    }
    if (settings.maxQueueDepth > 0 && settings.queueDepth() >= settings.maxQueueDepth) return 'shed_queue';
    return eventLoopLate() ? 'shed_event_loop' : null;
  };
  const serverFactory: FastifyServerFactory = (handler, options: FastifyServerOptions) => {
    const server = http.createServer((raw, response) => {
      settings.onRequestRead?.();
      if (raw.url !== undefined && judged(raw.url) && !settings.stopping()) {
        const refused = shedReason(raw.url);
        if (refused) {
          if (saves && saveTryoutOf(raw.url) && refused !== 'shed_save_limit')
            saves.refused(performance.now());
          const id = settings.requestId(raw);
          refuse(raw, response, refused, id);
          settings.onRefused?.(id, refused, raw.url);
          return;
        }
        inFlight += 1;
        admitted.add(raw);
        response.once('close', release);
        if (saves && loop && saveTryoutOf(raw.url)) {
          const taken = performance.now();
          const unreadMs = loop.unreadMs();
          savesInFlight += 1;
          response.once('close', () => {
            const now = performance.now();
            saves.answered(now - taken, savesInFlight, now, unreadMs);
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
