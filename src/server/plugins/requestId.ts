/**
 * The request id: Fastify's own (`request.id`, the `reqId` of every log line), returned in the `X-Request-Id`
 * answer header of every answer, errors and the SPA's history fallback included (security.ts sets it), and shown in
 * the SPA's error dialog, so support finds the log line a student reads out.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { trustProxyOption } from '../lib/trustProxy';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like: short, and nothing that could break a log line or a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's genReqId: the id the proxy in front already gave the request (nginx's `$request_id`), when the
 * connection comes from a proxy TRUST_PROXY trusts and the id looks sane; else a new UUID. A client's own header is
 * never believed: it could make its lines look like another request's.
 */
export function requestIdGenerator(
  trust: ReturnType<typeof trustProxyOption>,
): (raw: IncomingMessage) => string {
  return (raw) => {
    const given = raw.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && SANE_ID.test(given)) {
      const peer = raw.socket.remoteAddress ?? '';
      if (trust === true || (typeof trust === 'function' && trust(peer, 0))) return given;
    }
    return randomUUID();
  };
}
