/**
 * Load shedding (@fastify/under-pressure): while the event loop lags behind by more than the SHED_EVENT_LOOP_DELAY_MS
 * setting (its mean delay over the last second), requests are answered at once with 503 `{status: false, message}`
 * and `Retry-After`, before their body is read or anything is written, instead of queueing behind the others and
 * making every request slow. The SPA waits as asked and tries again. Only `/api/` calls are shed; /healthz and
 * /metrics are always answered: a busy server is alive, and its figures matter most then.
 */
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const SHED_RETRY_AFTER_SECONDS = 2;
export const SHED_MESSAGE =
  'Server sedang sibuk melayani banyak peserta. Jawabanmu akan dikirim ulang otomatis.';

/** Routes that are never shed (under-pressure reads a route's own pressureHandler; null lets the request through). */
export const NEVER_SHED = { pressureHandler: () => null };

/**
 * The 503 answer. under-pressure sends what its pressure handler returns (a value other than null or a promise)
 * as the answer, but types the handler as returning nothing: hence the cast.
 */
const shed = ((request: FastifyRequest, reply: FastifyReply) => {
  // Only API calls are shed. The app's files and the content store's images are cheap to serve, and a refused
  // script chunk would leave the student a blank page instead of a call that is tried again.
  if (!request.url.startsWith('/api/')) return null;
  void reply.status(503).header('Retry-After', String(SHED_RETRY_AFTER_SECONDS));
  return { status: false, message: SHED_MESSAGE };
}) as unknown as FastifyUnderPressureOptions['pressureHandler'];

export async function registerLoadShedding(app: FastifyInstance, maxEventLoopDelayMs: number): Promise<void> {
  if (maxEventLoopDelayMs <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: 250,
    pressureHandler: shed,
  });
}
