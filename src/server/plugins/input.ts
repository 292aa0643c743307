import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { HttpError } from '../lib/httpError';

/** Nesting of a request body: the contract's deepest body is 3 levels (a list of answer objects). */
export const MAX_JSON_DEPTH = 32;
/** Largest request body read (413 above). */
export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Whether a JSON text nests deeper than `max` levels, counted over the raw text in one pass before it is parsed,
 * so that neither JSON.parse nor any recursive check afterwards ever meets a deep value.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The path of the first value `bad` picks in a JSON value (`a.b.0.c`), or null when there is none. Every request
 * body passes here twice, so nothing is allocated until something is found (the path is built on the way back).
 */
function findValue(value: unknown, bad: (v: unknown) => boolean): string[] | null {
  if (bad(value)) return [];
  if (value === null || typeof value !== 'object') return null;
  for (const key of Object.keys(value)) {
    if (key.includes('\0')) return [key.replace(/\0/g, '\\0')];
    const found = findValue((value as Record<string, unknown>)[key], bad);
    if (found) {
      found.unshift(key);
      return found;
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

/** Routes whose call carries no meaningful body (the package rankings): an empty or missing one is {}. */
function takesEmptyBody(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as { emptyJsonBody?: boolean } | undefined;
  return config?.emptyJsonBody === true;
}

const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\0');

type JsonSchema = Record<string, unknown>;

/**
 * A copy of a body schema whose objects refuse fields they do not name (`additionalProperties: false` where the
 * contract says nothing), so that a misspelt or unknown field is a 400 naming it, not silently ignored.
 */
export function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    copy[key] =
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, s]) => [name, closeObjects(s)]))
        : ['items', 'anyOf', 'oneOf', 'allOf', 'not'].includes(key)
          ? closeObjects(value)
          : value;
  }
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined) {
    copy.additionalProperties = false;
  }
  return copy;
}

const AJV_OPTIONS = { useDefaults: true, removeAdditional: false, allErrors: false } as const;

/**
 * Two validators: path parameters arrive as text and are coerced into the contract's numbers; a JSON body is
 * taken as it is typed (no `true` → 1, no "5" → 5) and refuses unknown fields.
 */
function strictBodyCompiler(): FastifySchemaCompiler<unknown> {
  type Compile = (route: { schema: unknown }) => ReturnType<FastifySchemaCompiler<unknown>>;
  const coercing = AjvCompiler()(
    {},
    { customOptions: { ...AJV_OPTIONS, coerceTypes: 'array' } },
  ) as unknown as Compile;
  const strict = AjvCompiler()(
    {},
    { customOptions: { ...AJV_OPTIONS, coerceTypes: false } },
  ) as unknown as Compile;
  return (route) =>
    route.httpPart === 'body' ? strict({ ...route, schema: closeObjects(route.schema) }) : coercing(route);
}

/**
 * Input rules before any route sees a request: JSON bodies bounded in size and depth before they are parsed (400),
 * strict body types, no NUL character anywhere (PostgreSQL text cannot hold it), no JSON `null` (the contract has
 * no nullable request field), no non-finite number.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.setValidatorCompiler(strictBodyCompiler());

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (request, body, done) => {
      const text = String(body);
      // Routes whose call carries no meaningful body (the package rankings) take an empty one as {}. The route is
      // asked only for a blank body: Fastify builds the whole options object at every read.
      if (text.trim() === '' && takesEmptyBody(request)) {
        done(null, {});
        return;
      }
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        done(
          new HttpError(400, `Permintaan tidak valid: JSON bersarang lebih dari ${MAX_JSON_DEPTH} tingkat`),
          undefined,
        );
        return;
      }
      parseJson(request, text, done);
    },
  );

  app.addHook('preValidation', (request, _reply, done) => {
    // The same routes take a request without any body as {} too (their body fields are all optional).
    if (request.body === undefined && takesEmptyBody(request)) request.body = {};
    const paramsPath = findValue(request.params, hasNul);
    if (paramsPath) refuse('params', paramsPath, 'berisi karakter NUL');
    if (request.body !== undefined) {
      // One walk over the body for everything it may not hold (it is never coerced, so what it holds now it
      // holds in the handler). Login and logout check their own nulls: for them only what the walk found
      // (nearly never) is walked again for NUL alone, so no other call asks the route which it is.
      let bodyPath = findValue(request.body, notAllowedInBody);
      if (bodyPath && checksItsOwnBody(request)) bodyPath = findValue(request.body, notAllowedInOwnBody);
      if (bodyPath) refuse('body', bodyPath, whatIsWrong(valueAt(request.body, bodyPath)));
    }
    done();
  });

  // Path parameters are numbers only once validated (coerced from text): "1e999" becomes Infinity there.
  app.addHook('preHandler', (request, _reply, done) => {
    const path = findValue(request.params, notFinite);
    if (path && !checksItsOwnBody(request)) refuse('params', path, 'bukan angka yang sah');
    done();
  });
}

const notFinite = (v: unknown) => typeof v === 'number' && !Number.isFinite(v);
const notAllowedInOwnBody = hasNul;
const notAllowedInBody = (v: unknown) => v === null || hasNul(v) || notFinite(v);

function whatIsWrong(value: unknown): string {
  if (value === null) return 'tidak boleh null';
  if (typeof value === 'number') return 'bukan angka yang sah';
  return 'berisi karakter NUL';
}

/** The value at a path findValue gave (a key with NUL in it is the bad value itself). */
function valueAt(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return '\0';
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
