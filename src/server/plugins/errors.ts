import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An error a route throws to answer `{status: false, message}` with a chosen HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Short Indonesian message for a schema validation failure (400), naming the field. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'Permintaan tidak valid';
  const where = error.validationContext ?? 'body';
  const field = (first.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  const name = missing ?? field;
  return `Permintaan tidak valid: ${where}${name ? `.${name}` : ''} ${first.message ?? 'tidak sesuai'}`;
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a path parameter longer than the router takes →
 * 414, a malformed percent-encoding → 400) would otherwise leave in Fastify's own form.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const statusCode =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = statusCode === 414 ? 'Alamat permintaan terlalu panjang' : 'Alamat permintaan tidak valid';
  void reply.status(statusCode).send({ status: false, message });
}

/**
 * Every error leaves as `{status: false, message}`: validation → 400, thrown HttpError → its status,
 * malformed JSON and other client errors → their 4xx, anything else → 500 with a generic message (logged).
 */
export function registerErrorHandling(app: FastifyInstance, options: { spaFallback?: boolean } = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ status: false, message: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ status: false, message: validationMessage(error) });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply
        .status(statusCode)
        .send({ status: false, message: error.message || 'Permintaan tidak valid' });
    }
    request.log.error(error);
    return reply.status(500).send({ status: false, message: 'Terjadi kesalahan pada server' });
  });

  app.setNotFoundHandler((request, reply) => {
    // History fallback: react-router owns every non-API path, including its own 404 page.
    if (options.spaFallback && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ status: false, message: `Alamat ${request.method} ${request.url} tidak ditemukan` });
  });
}
