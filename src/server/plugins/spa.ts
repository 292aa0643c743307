import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EMBEDDED_DOCUMENT_HEADERS } from '../lib/documentHeaders';
import { EMBEDDED_DOCUMENT_PAGE } from './security';

/** A content-hashed file name (webpack's `[contenthash]`), possibly a precompressed copy of one. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|ttf|png|svg)(\.br|\.gz)?$/;

/**
 * Serves the built SPA's files: the brotli or gzip copy webpack wrote beside a file when the browser accepts it,
 * immutable caching for hashed assets (their name changes with their content) and revalidation for the rest
 * (index.html names the current assets). Answers whether it did: the history
 * fallback (index.html for unknown non-API GETs) lives in the one not-found handler of plugins/errors.ts.
 */
export async function registerSpa(app: FastifyInstance, publicDir: string): Promise<boolean> {
  if (!existsSync(join(publicDir, 'index.html'))) {
    app.log.warn(`SPA belum dibangun di ${publicDir}; jalankan npm run build`);
    return false;
  }
  // PUBLIC_DIR may be relative (the default is): compared as absolute paths, as @fastify/static names its files.
  const embeddedPage = resolve(publicDir, `.${EMBEDDED_DOCUMENT_PAGE}`);
  // Loaded only when the SPA is served, so API tests never load the static-file stack.
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, {
    root: publicDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The .br/.gz copies are served in place of their original, not under their own names.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(reply, path) {
      reply.header(
        'Cache-Control',
        HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // The page itself or the brotli/gzip copy sent in its place.
      if (resolve(path.replace(/\.(br|gz)$/, '')) === embeddedPage) reply.headers(EMBEDDED_DOCUMENT_HEADERS);
    },
  });
  return true;
}
