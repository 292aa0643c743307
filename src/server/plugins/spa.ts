import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA's files with long caching for hashed assets. Answers whether it did: the history
 * fallback (index.html for unknown non-API GETs) lives in the one not-found handler of plugins/errors.ts.
 */
export async function registerSpa(app: FastifyInstance, publicDir: string): Promise<boolean> {
  if (!existsSync(join(publicDir, 'index.html'))) {
    app.log.warn(`SPA belum dibangun di ${publicDir}; jalankan npm run build`);
    return false;
  }
  // Loaded only when the SPA is served, so API tests never load the static-file stack.
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, {
    root: publicDir,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      const immutable = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg)$/.test(path);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
