import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/** The instruction page (/petunjuk-to), a document the SPA shows in its own frame like the PDFs of /api. */
export const EMBEDDED_DOCUMENT_PAGE = '/petunjuk-to.html';

/**
 * The policy the built SPA satisfies: its scripts and styles are files of its own origin (webpack extracts the CSS,
 * sweetalert2's included; no inline script; its service worker too). Inline style *attributes* are allowed and nothing more, because
 * apexcharts writes them on its SVG; style elements stay refused. Images may come from https (profile photos).
 */
export const SPA_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  styleSrcElem: ["'self'"],
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // The SPA's service worker (sw.js, offline reload of a running sheet) is a file of our own origin.
  workerSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The headers helmet's middleware sets with these options, read once from a response that only records them. */
function helmetHeaders(options: { https: boolean }): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: SPA_CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    // X-Powered-By: Fastify never sets it.
    removeHeader: () => undefined,
  };
  // helmet 8 throws on a bad option when it is built (above) and calls back at once, with no I/O.
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers on every answer (helmet): CSP, frame-ancestors 'none' (X-Frame-Options DENY for old browsers),
 * nosniff, Referrer-Policy same-origin, and HSTS when the server is behind HTTPS (SECURE_COOKIES). They never
 * depend on the request (no nonce), so helmet works them out once and each answer gets the same object: running its
 * middleware on every request, header by header on the raw response, was about a fifteenth of an answer save.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
