import type { FastifyInstance } from 'fastify';
import { loginCall } from '../../contract/auth';
import { isApiPath } from './errors';

/** What a call not answered within the deadline reads; the client sends it again (the SPA's outbox does). */
export const DEADLINE_MESSAGE =
  'Server belum dapat menjawab permintaan ini. Silakan coba lagi dalam beberapa detik.';
const DEADLINE_RETRY_AFTER_SECONDS = 5;

const LOGIN_URL = `/api${loginCall.path}`;

/**
 * An API call still unanswered after `ms` is answered 503 with Retry-After. What it waits on may never come back:
 * a query sent on a connection whose database went silent (a network cut) waits for the kernel's keepalive, minutes.
 * The work is not undone (a save may still commit: saves are idempotent, and the client's next save of that answer
 * wins as ever), only the student is told in time. Logins are not bound: in a storm they wait their turn for a
 * hashing thread by design (lib/gate.ts), and a stop refuses them itself.
 */
export function registerAnswerDeadline(app: FastifyInstance, ms: number): void {
  if (ms <= 0) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiPath(request.url) || request.url === LOGIN_URL) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      if (reply.sent) return;
      request.log.warn({ reason: 'answer_deadline', ms }, 'permintaan tidak terjawab tepat waktu');
      void reply
        .status(503)
        .header('Retry-After', String(DEADLINE_RETRY_AFTER_SECONDS))
        .send({ status: false, message: DEADLINE_MESSAGE });
    }, ms);
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
