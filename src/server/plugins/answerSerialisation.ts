import type { FastifyInstance } from 'fastify';

type JsonSchema = Record<string, unknown>;

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null;

/** A refusal's schema (`{status: false, message}`): the one member whose `status` can only be false. */
function isRefusal(schema: unknown): boolean {
  if (!isObject(schema) || !isObject(schema.properties)) return false;
  const status = schema.properties.status;
  return isObject(status) && status.const === false;
}

/**
 * The 200 schema of a call is "its answer or a refusal" (`anyOf: [answer, Failure]`, contract/common.ts), and
 * fast-json-stringify writes an anyOf by first validating the value against each member in turn: every start had
 * its whole sheet checked by ajv before a byte was written. Only an answer whose `status` is false can be a refusal,
 * so an answer with any other status is written by the answer's schema at once, and one with `status: false` is
 * matched against the members as before. What is written is the same either way (a value that fits neither member
 * is no longer refused with a 500 when its status is not false: the handlers' types rule that out).
 */
export function answerOrRefusal(schema: unknown): unknown {
  if (!isObject(schema) || !Array.isArray(schema.anyOf) || schema.anyOf.length !== 2) return schema;
  const [answer, refusal] = schema.anyOf as unknown[];
  if (isRefusal(answer) || !isRefusal(refusal)) return schema;
  return {
    if: { type: 'object', properties: { status: { const: false } } },
    then: schema,
    else: answer,
  };
}

/** Rewrites each route's 200 schema as `answerOrRefusal` says, before Fastify builds its serialiser. */
export function registerAnswerSerialisation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response;
    if (!isObject(response) || response[200] === undefined) return;
    const rewritten = answerOrRefusal(response[200]);
    if (rewritten === response[200]) return;
    // The contract's schema objects are shared (the client's types come from them): a copy, never an edit.
    route.schema = { ...route.schema, response: { ...response, 200: rewritten } };
  });
}
