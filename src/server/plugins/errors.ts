import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/httpError';
import { databaseFaultOf, FAULT_ANSWERS } from '../db/fault';

/** Whether a request target names the API, in origin form (`/api/…`) or absolute form (`http://host/api/…`). */
export function isApiPath(url: string): boolean {
  // Origin form, nearly every request: no pattern to run.
  const path = url.charCodeAt(0) === 0x2f ? url : url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return path === '/api' || path.startsWith('/api/');
}

/** Short Indonesian message for a schema validation failure (400), naming the field. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'Permintaan tidak valid';
  const where = error.validationContext ?? 'body';
  const field = (first.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  const params = first.params as { missingProperty?: string; additionalProperty?: string } | undefined;
  if (params?.additionalProperty !== undefined) {
    const unknown = [field, params.additionalProperty].filter((part) => part !== '').join('.');
    return `Permintaan tidak valid: ${where}.${unknown} tidak dikenal`;
  }
  const name = params?.missingProperty ?? field;
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

/** Indonesian words for the client errors Fastify raises itself (body size, media type, malformed JSON). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Isi permintaan terlalu besar',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Jenis isi permintaan tidak didukung: kirim application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Panjang isi permintaan tidak sesuai',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Permintaan tidak valid: isi JSON kosong',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Isi permintaan bukan JSON yang valid',
  FST_ERR_CTP_EMPTY_TYPE: 'Jenis isi permintaan tidak valid',
  FST_ERR_CTP_INVALID_TYPE: 'Jenis isi permintaan tidak valid',
  FST_ERR_BAD_URL: 'Alamat permintaan tidak valid',
};

function clientErrorMessage(error: FastifyError): string {
  if (error.code && FRAMEWORK_MESSAGES[error.code]) return FRAMEWORK_MESSAGES[error.code];
  // JSON.parse and secure-json-parse errors (a prototype key) carry no code of Fastify's.
  if (error instanceof SyntaxError || /JSON|prototype|constructor/i.test(error.message)) {
    return 'Isi permintaan bukan JSON yang valid';
  }
  return 'Permintaan tidak valid';
}

/**
 * Fastify's `clientErrorHandler`: errors of the HTTP parser, before any request exists (headers too large → 431,
 * a malformed request line → 400), answered in the same `{status: false, message}` form.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [statusCode, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Header permintaan terlalu besar']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Permintaan terlalu lama']
        : [400, 'Permintaan tidak valid'];
  const body = JSON.stringify({ status: false, message });
  socket.end(
    [
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}`,
      'Connection: close',
      'Content-Type: application/json; charset=utf-8',
      'X-Content-Type-Options: nosniff',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
  );
}

/**
 * Every error leaves as `{status: false, message}`: validation → 400, thrown HttpError → its status,
 * malformed JSON and other client errors → their 4xx, a database that cannot serve now (db/fault.ts) → 503 with
 * Retry-After, anything else → 500 with a generic message (logged).
 */
export function registerErrorHandling(app: FastifyInstance, options: { spaFallback?: boolean } = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const { statusCode, message, dibuka_pada } = error;
      return reply
        .status(statusCode)
        .headers(error.headers)
        .send(
          dibuka_pada === undefined ? { status: false, message } : { status: false, message, dibuka_pada },
        );
    }
    if (error.validation) {
      return reply.status(400).send({ status: false, message: validationMessage(error) });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send({ status: false, message: clientErrorMessage(error) });
    }
    const fault = databaseFaultOf(error);
    if (fault) {
      // Logged with the request id the student reads as Kode, the fault and the driver's words (not the stack).
      request.log.warn(
        { reason: `database_${fault}`, code: (error as { code?: unknown }).code, detail: error.message },
        'basis data tidak dapat melayani',
      );
      const { message, retryAfterSeconds } = FAULT_ANSWERS[fault];
      return reply
        .status(503)
        .header('Retry-After', String(retryAfterSeconds))
        .send({ status: false, message });
    }
    request.log.error(error);
    return reply.status(500).send({ status: false, message: 'Terjadi kesalahan pada server' });
  });

  app.setNotFoundHandler((request, reply) => {
    // History fallback: react-router owns every non-API path, including its own 404 page.
    // HEAD as GET (a monitor's or a proxy's check of a page): the same status and headers, no body.
    if (
      options.spaFallback &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url)
    ) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ status: false, message: `Alamat ${request.method} ${request.url} tidak ditemukan` });
  });
}
