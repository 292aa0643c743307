import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './errors';
import { REQUEST_ID_HEADER } from './requestId';

/** The instruction page (/petunjuk-to), a document the SPA shows in its own frame like the PDFs of /api. */
export const EMBEDDED_DOCUMENT_PAGE = '/petunjuk-to.html';

/**
 * The policy the built SPA satisfies: its scripts and styles are files of its own origin (webpack extracts the CSS,
 * sweetalert2's included; no inline script; its service worker too). Inline style *attributes* are allowed and nothing more, because
 * apexcharts writes them on its SVG; style elements stay refused. Images and anything else a page may load come only
 * from our own origin (the content store, /konten) or a `data:` URI: a question's address the sanitiser missed
 * (src/contract/htmlSoal.ts) is still never fetched from another site.
 */
export const SPA_CSP_DIRECTIVES = {
  defaultSrc: ["'self'", 'data:'],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  styleSrcElem: ["'self'"],
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
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
 * What an API call answers: JSON read by the SPA's scripts, never a page a browser renders, so its policy allows
 * nothing at all (OWASP's REST advice) where a document's lists what the SPA needs. HSTS, when set, is the
 * documents' own.
 */
function apiHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const hsts = documentHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(hsts === undefined ? {} : { 'strict-transport-security': hsts }),
  };
}

/** The API's own documents (its PDFs) are answered under this path, with a document's headers. */
const API_DOCUMENTS = '/api/pdf/';

/** Whether a request target is an API call answered in JSON, not a document (the SPA's files, a PDF). */
function answersJson(url: string): boolean {
  if (!isApiPath(url)) return false;
  return url.charCodeAt(0) === 0x2f ? !url.startsWith(API_DOCUMENTS) : !url.includes(API_DOCUMENTS);
}

/**
 * The headers every answer starts with, set in one hook: its request id, and the security headers of what it is.
 * A document (the SPA's files, its history fallback, the PDFs) gets helmet's: the SPA's CSP, frame-ancestors
 * 'none' (X-Frame-Options DENY for old browsers), nosniff, Referrer-Policy same-origin, the cross-origin policies,
 * and HSTS when the server is behind HTTPS (SECURE_COOKIES). An API call's JSON gets the short set above: about a
 * third of the bytes, which every answer save paid for, and the load generator parsed, on the same cores. None of
 * them depends on the request (no nonce), so each set is worked out once and every answer gets the same object.
 * A document framed by our own pages sets its own policy over these (lib/documentHeaders.ts).
 */
export function registerAnswerHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const documentHeaders = helmetHeaders(options);
  const jsonHeaders = apiHeaders(documentHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(answersJson(request.url) ? jsonHeaders : documentHeaders);
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
