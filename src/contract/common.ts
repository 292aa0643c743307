/**
 * How the SiapTes API contract describes a call: the envelope, `defineCall` and the types read from a call (the
 * fields that calls share are in fields.ts).
 *
 * Every call is described once, with TypeBox schemas, by `defineCall`. The server hands `call.schema` to Fastify
 * (`app.route({method: call.method, url: call.path, schema: call.schema, handler})`); the client uses
 * `buildPath(call, params)` and the inferred types `CallBody` and `CallResponse`.
 *
 * Answers use the spec's envelope `{status, message?, content}`. A refused call answers `{status: false, message}`
 * (`Failure`), either with HTTP 200 (e.g. wrong password, as the spec's "status false" flows expect) or with a
 * 4xx/5xx code; the route schema accepts both, so Fastify serialises either form.
 */
import { Type, type Static, type TSchema, type TObject, type TUnion } from '@sinclair/typebox';

/** Base path of every call; paths in the contract are relative to it. */
export const API_BASE = '/api';

/** Name of the custom header carrying the session token (`Key: <token>`). */
export const KEY_HEADER = 'Key';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

// ---------------------------------------------------------------------------------------------------------------
// Envelope

/** `{status, message?, content}` around a content schema. */
export function Envelope<T extends TSchema>(content: T) {
  return Type.Object({
    status: Type.Boolean(),
    message: Type.Optional(Type.String()),
    content,
  });
}

/** A refused call: `{status: false, message}`. A refusal that only means "not yet" also says from when:
 * `dibuka_pada` (ISO 8601), e.g. an event's discussion, which opens once the event is over. */
export const Failure = Type.Object({
  status: Type.Literal(false),
  message: Type.String(),
  dibuka_pada: Type.Optional(Type.String()),
});
export type Failure = Static<typeof Failure>;

/** An answer without content whose message may be absent: `{status, message?}`. */
export const StatusOnly = Type.Object({
  status: Type.Boolean(),
  message: Type.Optional(Type.String()),
});
export type StatusOnly = Static<typeof StatusOnly>;

/** An answer without content that always carries a message: `{status, message}`. */
export const StatusMessage = Type.Object({
  status: Type.Boolean(),
  message: Type.String(),
});
export type StatusMessage = Static<typeof StatusMessage>;

// ---------------------------------------------------------------------------------------------------------------
// Calls

/** The Fastify route schema of a call (`schema` option of `app.route`). */
export type RouteSchema<
  TP extends TSchema | undefined,
  TB extends TSchema | undefined,
  TR extends TSchema,
> = (TP extends TSchema ? { params: TP } : unknown) &
  (TB extends TSchema ? { body: TB } : unknown) & {
    response: {
      200: TUnion<[TR, typeof Failure]>;
      '4xx': typeof Failure;
      '5xx': typeof Failure;
    };
  };

export interface Call<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  TP extends TSchema | undefined = TSchema | undefined,
  TB extends TSchema | undefined = TSchema | undefined,
  TR extends TSchema = TSchema,
> {
  readonly method: M;
  /** Fastify syntax, without the /api prefix, e.g. `/siswa/tryout/preview/paket/:paket/id/:id`. */
  readonly path: P;
  /** Path parameters schema (an object), or undefined when the path has none. */
  readonly params: TP;
  /** Request body schema, or undefined when the call has no body. */
  readonly body: TB;
  /** The successful answer (the envelope). */
  readonly response: TR;
  /** Ready-made Fastify route schema. */
  readonly schema: RouteSchema<TP, TB, TR>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCall = Call<HttpMethod, string, any, any, TSchema>;

/** Whether a value is a call described by `defineCall` (a feature's module exports its calls beside its schemas). */
export function isCall(value: unknown): value is AnyCall {
  return (
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'schema' in value
  );
}

const PARAM_RE = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** Names of the `:param` segments of a path, in order. */
export function pathParamNames(path: string): string[] {
  return Array.from(path.matchAll(PARAM_RE), (m) => m[1]);
}

/**
 * Describe one call. Throws at module load when the `:param` segments of the path and the keys of `params` differ.
 */
export function defineCall<
  M extends HttpMethod,
  P extends string,
  TR extends TSchema,
  TP extends TObject | undefined = undefined,
  TB extends TSchema | undefined = undefined,
>(def: { method: M; path: P; params?: TP; body?: TB; response: TR }): Call<M, P, TP, TB, TR> {
  const names = pathParamNames(def.path).sort();
  const keys = def.params ? Object.keys(def.params.properties).sort() : [];
  if (names.join(',') !== keys.join(',')) {
    throw new Error(
      `contract: ${def.method} ${def.path}: path parameters [${names.join(', ')}] ` +
        `differ from params schema [${keys.join(', ')}]`,
    );
  }
  if (def.method === 'GET' && def.body) {
    throw new Error(`contract: GET ${def.path} cannot have a body`);
  }
  const schema: Record<string, unknown> = {
    response: { 200: Type.Union([def.response, Failure]), '4xx': Failure, '5xx': Failure },
  };
  if (def.params) schema.params = def.params;
  if (def.body) schema.body = def.body;
  return {
    method: def.method,
    path: def.path,
    params: def.params as TP,
    body: def.body as TB,
    response: def.response,
    schema: schema as RouteSchema<TP, TB, TR>,
  };
}

/**
 * Describe calls that share their method and their path parameters or their body (e.g. every call on one topic,
 * under `/materi/:idmateri`, or every call whose body names the student and a schedule). Each call of the family
 * then gives its path, its answer, and what the family does not share (or its own instead).
 */
export function callFamily<
  M extends HttpMethod,
  TP0 extends TObject | undefined = undefined,
  TB0 extends TSchema | undefined = undefined,
>(shared: { method: M; params?: TP0; body?: TB0 }) {
  return <
    P extends string,
    TR extends TSchema,
    TP extends TObject | undefined = TP0,
    TB extends TSchema | undefined = TB0,
  >(
    path: P,
    call: { params?: TP; body?: TB; response: TR },
  ): Call<M, P, TP, TB, TR> =>
    // A part the call does not give is the family's: TP and TB default to the family's then.
    defineCall<M, P, TR, TP, TB>({ ...(shared as { method: M; params?: TP; body?: TB }), path, ...call });
}

// ---------------------------------------------------------------------------------------------------------------
// Type helpers

/** Static type of the request body (`undefined` when the call has none). */
export type CallBody<C extends AnyCall> = C['body'] extends TSchema ? Static<C['body']> : undefined;
/** Static type of the successful answer (the envelope). */
export type CallResponse<C extends AnyCall> = Static<C['response']>;
/** Static type of `content` of the successful answer (`never` for calls without content). */
export type CallContent<C extends AnyCall> = CallResponse<C> extends { content: infer X } ? X : never;
/** Anything the server may answer: the success envelope or a failure. */
export type CallReply<C extends AnyCall> = CallResponse<C> | Failure;

/** Path arguments as the client has them: each parameter as a string or a number. */
export type PathArgs<C extends AnyCall> = C['params'] extends TSchema
  ? { [K in keyof Static<C['params']>]: string | number }
  : undefined;

/**
 * Fill the `:param` segments of a call's path (URI-encoded), without the /api prefix.
 * Throws when a parameter is missing, null or empty.
 */
export function buildPath<C extends AnyCall>(
  call: C,
  ...args: C['params'] extends TSchema ? [params: PathArgs<C>] : [params?: undefined]
): string {
  const params = (args[0] ?? {}) as Record<string, string | number | null | undefined>;
  return call.path.replace(PARAM_RE, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || String(value) === '') {
      throw new Error(`buildPath: missing parameter "${name}" for ${call.method} ${call.path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `API_BASE` + `buildPath(...)`: the absolute path, for plain links and fetches outside the axios instance. */
export function apiUrl<C extends AnyCall>(
  call: C,
  ...args: C['params'] extends TSchema ? [params: PathArgs<C>] : [params?: undefined]
): string {
  return API_BASE + buildPath(call, ...args);
}
