import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/** Documents the SPA shows in its own frames: the PDFs of /api and the instruction page (spec §2 /petunjuk-to). */
export const EMBEDDED_DOCUMENT_PAGE = '/petunjuk-to.html';

/**
 * The policy the built SPA satisfies: its scripts and styles are files of its own origin (webpack extracts the CSS,
 * sweetalert2's included; no inline script). Inline style *attributes* are allowed and nothing more, because
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
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * What a document the SPA frames gets instead: framed by our own pages only, no script at all, and (the instruction
 * page is a static page with its own <style>) inline styles.
 */
const EMBEDDED_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/**
 * Security headers on every answer (helmet): CSP, frame-ancestors 'none' (X-Frame-Options DENY for old browsers),
 * nosniff, Referrer-Policy same-origin, and HSTS when the server is behind HTTPS (SECURE_COOKIES). The headers are
 * worked out once here (@fastify/helmet built helmet's middleware again for every request: a tenth of a save).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean },
): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: SPA_CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet 8 throws on a bad option when it is built (above) and never calls back with an error.
    setHeaders(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const path = request.url.split('?')[0];
    if (type.startsWith('application/pdf') || path === EMBEDDED_DOCUMENT_PAGE) {
      reply.header('content-security-policy', EMBEDDED_CSP);
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    done(null, payload);
  });
}
