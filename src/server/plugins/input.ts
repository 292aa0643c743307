import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** The path of the first value `bad` picks in a JSON value (`a.b.0.c`), or null when there is none. */
function findValue(value: unknown, bad: (v: unknown) => boolean, path: string[] = []): string[] | null {
  if (bad(value)) return path;
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findValue(item, bad, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

function refuse(where: string, path: string[], what: string): never {
  throw new HttpError(400, `Permintaan tidak valid: ${[where, ...path].join('.')} ${what}`);
}

/** Routes that check their own body (login, logout) are left to themselves. */
function checksItsOwnBody(request: FastifyRequest): boolean {
  return request.routeOptions.attachValidation;
}

/**
 * What the schema validation lets through because of Ajv's type coercion (`coerceTypes`, needed for path
 * parameters): a JSON `null` would silently become 0 or '' (a missing `sisa_waktu` would close a subject), and a
 * numeric string such as "1e400" becomes Infinity, which passes `maximum`. Both are answered 400 like any other
 * value the contract refuses. The contract has no nullable request field.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (checksItsOwnBody(request) || request.body === undefined) return;
    const path = findValue(request.body, (v) => v === null);
    if (path) refuse('body', path, 'tidak boleh null');
  });

  app.addHook('preHandler', async (request) => {
    if (checksItsOwnBody(request)) return;
    const notFinite = (v: unknown) => typeof v === 'number' && !Number.isFinite(v);
    for (const [where, value] of [
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const path = findValue(value, notFinite);
      if (path) refuse(where, path, 'bukan angka yang sah');
    }
  });
}
