/**
 * The headers of a document the SPA frames, in place of the SPA's own (plugins/security.ts): framed by our own
 * pages only, no script at all, and (the instruction page is a static page with its own <style>) inline styles.
 * Set where such a document is answered (pdf/reply.ts, plugins/spa.ts), over the headers of every answer.
 */
export const EMBEDDED_DOCUMENT_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'SAMEORIGIN',
} as const;
