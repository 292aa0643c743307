/**
 * GET /konten/<sha256>: an image of the content store. The address names the bytes, so the answer never changes:
 * cached for a year, immutable. Its own policy forbids everything active (an SVG opened directly runs no script).
 */
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/executor';
import { bacaKonten, KONTEN_PREFIX } from './kontenStore';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function registerKontenRoutes(app: FastifyInstance, db: Executor): void {
  app.get<{ Params: { sha256: string } }>(`${KONTEN_PREFIX}:sha256`, async (request, reply) => {
    const { sha256 } = request.params;
    const found = SHA256_HEX.test(sha256) ? await bacaKonten(db, sha256) : null;
    if (!found) return reply.status(404).send({ status: false, message: 'Berkas tidak ditemukan' });
    if (request.headers['if-none-match'] === `"${sha256}"`) return reply.status(304).send();
    return reply
      .headers({
        'content-type': found.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
        etag: `"${sha256}"`,
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'cross-origin-resource-policy': 'same-origin',
      })
      .send(found.bytes);
  });
}
