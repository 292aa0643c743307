/**
 * Load shedding: while the server has more work than it can answer in time, `/api/` calls are answered at once with
 * 503 `{status: false, message}` and `Retry-After`, instead of queueing behind the others and making every request
 * slow. The SPA waits as asked and tries again. Traffic is refused in front of Fastify (shedGate.ts), where a
 * refusal costs least; this plugin adds the event loop's lag as the gate's third signal (its mean delay over the
 * last quarter second above SHED_EVENT_LOOP_DELAY_MS, @fastify/under-pressure), and refuses again in Fastify's
 * onRequest, on the event loop and on the database's queue, a call that reached the app without the gate (`inject`)
 * or arrived in the same turn as the work that filled the queue. /healthz and /metrics are never shed: a busy
 * server is alive, and its figures matter most then. A refused answer save is counted in
 * siaptes_saves_refused_total by its signal.
 */
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { savesRefused } from '../lib/metrics';
import { saveAnswerPaketCall } from '../../contract/tryoutPaket';
import { saveAnswerMateriCall } from '../../contract/tryoutMateri';
import type { Executor } from '../db/executor';
import { databaseQueueDepth } from '../db/queueDepth';
import { SHED_MESSAGE, SHED_RETRY_AFTER_SECONDS, type ShedGate, type ShedSignal } from './shedGate';

/** Routes that are never shed (under-pressure reads a route's own pressureHandler; null lets the request through). */
export const NEVER_SHED = { pressureHandler: () => null };

/** The answer-save routes, by the tryout label of siaptes_saves_refused_total. */
const SAVE_ROUTES = new Map<string, 'paket' | 'materi'>([
  [`/api${saveAnswerPaketCall.path}`, 'paket'],
  [`/api${saveAnswerMateriCall.path}`, 'materi'],
]);

/**
 * The 503 answer's status, header and body when the request is an API call; null otherwise: the app's files and the
 * content store's images are cheap to serve, and a refused script chunk would leave the student a blank page
 * instead of a call that is tried again. under-pressure sends what it returns (other than null or a promise), but
 * types it as nothing.
 */
function shed(request: FastifyRequest, reply: FastifyReply, signal: ShedSignal) {
  if (!request.url.startsWith('/api/')) return null;
  const tryout = SAVE_ROUTES.get(request.routeOptions.url ?? '');
  if (tryout) savesRefused.inc({ tryout, reason: signal });
  void reply.status(503).header('Retry-After', String(SHED_RETRY_AFTER_SECONDS));
  return { status: false, message: SHED_MESSAGE };
}

const shedOnEventLoop = ((request: FastifyRequest, reply: FastifyReply) =>
  shed(request, reply, 'shed_event_loop')) as unknown as FastifyUnderPressureOptions['pressureHandler'];

export interface LoadSheddingSettings {
  /** Mean event-loop delay (ms) above which calls are shed; 0: never. */
  maxEventLoopDelayMs: number;
  /** Works waiting for the database at which a further call is shed; 0: never. */
  maxQueueDepth: number;
}

export async function registerLoadShedding(
  app: FastifyInstance,
  db: Executor,
  gate: ShedGate,
  { maxEventLoopDelayMs, maxQueueDepth }: LoadSheddingSettings,
): Promise<void> {
  if (maxQueueDepth > 0) {
    app.addHook('onRequest', (request, reply, done) => {
      const refused = databaseQueueDepth(db) >= maxQueueDepth ? shed(request, reply, 'shed_queue') : null;
      if (refused) void reply.send(refused);
      else done();
    });
  }
  if (maxEventLoopDelayMs <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: 250,
    pressureHandler: shedOnEventLoop,
  });
  gate.watchEventLoop(() => app.isUnderPressure());
}
