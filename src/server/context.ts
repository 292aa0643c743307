/**
 * What every feature's routes receive, apart from app.ts: features import these types from here, so app.ts (which
 * imports every feature) is never imported back by one.
 */
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Executor } from './db/executor';

/** The database, the settings and the server's clock (epoch ms; tests pass a controllable one). */
export interface FeatureContext {
  db: Executor;
  config: Config;
  now: () => number;
  /** Aborted once a stopping server's drain period is over: what waits in a queue is then refused (503). */
  drainEnded: AbortSignal;
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export type FeatureRoutes = (app: App, context: FeatureContext) => Promise<void> | void;
