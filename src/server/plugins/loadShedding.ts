/**
 * Load shedding: while the server has more work than it can answer in time, `/api/` calls are answered at once with
 * 503 `{status: false, message}` and `Retry-After`, instead of queueing behind the others and making every request
 * slow. The SPA waits as asked and tries again. The rule is the gate's (shedGate.ts `shedReason`), applied in front
 * of Fastify, where a refusal costs least. This plugin gives the gate the event loop's lag (its mean delay over the
 * last quarter second above SHED_EVENT_LOOP_DELAY_MS, measured by @fastify/under-pressure), and applies the same
 * rule in Fastify's onRequest to a call that reached the app without the gate (`inject`). Only API calls are shed:
 * the app's files, /healthz and /metrics are always answered (a busy server is alive, and its figures matter most
 * then). A refused answer save is counted in siaptes_saves_refused_total by its signal.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { countShedSave, SHED_MESSAGE, SHED_RETRY_AFTER_SECONDS, type ShedGate } from './shedGate';

export interface LoadSheddingSettings {
  /** Mean event-loop delay (ms) above which calls are shed; 0: never. */
  maxEventLoopDelayMs: number;
}

export async function registerLoadShedding(
  app: FastifyInstance,
  gate: ShedGate,
  { maxEventLoopDelayMs }: LoadSheddingSettings,
): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    // The app's files and the content store's images are cheap to serve, and a refused script chunk would leave the
    // student a blank page instead of a call that is tried again.
    const refused =
      request.url.startsWith('/api/') && !gate.admitted(request.raw) ? gate.shedReason(request.url) : null;
    if (!refused) {
      done();
      return;
    }
    countShedSave(request.url, refused);
    request.log.warn({ reason: refused }, 'permintaan ditolak: server sibuk');
    void reply
      .status(503)
      .header('Retry-After', String(SHED_RETRY_AFTER_SECONDS))
      .send({ status: false, message: SHED_MESSAGE });
  });
  if (maxEventLoopDelayMs <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: 250,
    // under-pressure only measures here; the decision is the gate's (its handler lets every call through).
    pressureHandler: () => undefined,
  });
  gate.watchEventLoop(() => app.isUnderPressure());
}
