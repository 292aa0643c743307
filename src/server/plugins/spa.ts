import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA: hashed assets with long caching, and index.html for every other GET that is not
 * under /api (history fallback for react-router).
 */
export async function registerSpa(app: FastifyInstance, publicDir: string): Promise<void> {
  if (!existsSync(join(publicDir, 'index.html'))) {
    app.log.warn(`SPA belum dibangun di ${publicDir}; jalankan npm run build`);
    return;
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
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ status: false, message: `Alamat ${request.method} ${request.url} tidak ditemukan` });
  });
}
