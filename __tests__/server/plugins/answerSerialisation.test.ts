/**
 * A call's 200 answer is "its answer or a refusal"; the answer is written by its schema without being checked
 * against every member first, and a refusal is written as before.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { Envelope, defineCall } from '../../../src/contract/common';
import {
  answerOrRefusal,
  registerAnswerSerialisation,
} from '../../../src/server/plugins/answerSerialisation';

const call = defineCall({
  method: 'GET',
  path: '/jawab',
  response: Envelope(Type.Object({ nilai: Type.Integer({ minimum: 0 }) })),
});

let app: FastifyInstance;
let answer: unknown;

beforeAll(async () => {
  app = Fastify();
  registerAnswerSerialisation(app);
  app.get(call.path, { schema: call.schema }, async () => answer);
  await app.ready();
});
afterAll(() => app.close());

async function written(value: unknown): Promise<{ status: number; body: string }> {
  answer = value;
  const response = await app.inject({ method: 'GET', url: '/jawab' });
  return { status: response.statusCode, body: response.body };
}

describe('a call’s 200 answer', () => {
  it('is written by the answer’s schema: its fields in its order, unknown ones left out', async () => {
    expect(await written({ content: { nilai: 3, rahasia: 'x' }, lain: 1, status: true })).toEqual({
      status: 200,
      body: '{"status":true,"content":{"nilai":3}}',
    });
  });

  it('is written without being validated against the schema first (a value ajv would refuse)', async () => {
    // The union's check refused a negative `nilai` (minimum 0) with a 500; only the serialiser's types count now.
    expect(await written({ status: true, content: { nilai: -1 } })).toEqual({
      status: 200,
      body: '{"status":true,"content":{"nilai":-1}}',
    });
  });

  it('with status false is a refusal, written as before', async () => {
    expect(await written({ status: false, message: 'Waktu habis', extra: 1 })).toEqual({
      status: 200,
      body: '{"status":false,"message":"Waktu habis"}',
    });
    expect(
      await written({ status: false, message: 'Belum dibuka', dibuka_pada: '2026-01-01T00:00:00.000Z' }),
    ).toEqual({
      status: 200,
      body: '{"status":false,"message":"Belum dibuka","dibuka_pada":"2026-01-01T00:00:00.000Z"}',
    });
  });

  it('with status false and the answer’s content keeps the answer’s form, as the union did', async () => {
    expect(await written({ status: false, message: 'm', content: { nilai: 2 } })).toEqual({
      status: 200,
      body: '{"status":false,"content":{"nilai":2},"message":"m"}',
    });
  });
});

describe('answerOrRefusal', () => {
  it('leaves alone a schema that is not an answer-or-refusal union', () => {
    const failure = call.schema.response['4xx'];
    expect(answerOrRefusal(failure)).toBe(failure);
    const other = Type.Union([Type.String(), Type.Number()]);
    expect(answerOrRefusal(other)).toBe(other);
  });
});
