import Fastify, { LogController } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Executor } from './db/executor';
import type { App, FeatureContext, FeatureRoutes } from './context';
import { registerAuth } from './plugins/auth';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors';
import { BODY_LIMIT_BYTES, registerInputChecks } from './plugins/input';
import { registerAnswerHeaders } from './plugins/security';
import { registerAnswerSerialisation } from './plugins/answerSerialisation';
import { configureHashing } from './lib/password';
import { registerSpa } from './plugins/spa';
import { registerRequestLog } from './plugins/requestLog';
import { metricsAccess, registerMetrics } from './plugins/metrics';
import { mulaiPemeriksaJam } from './db/jamBasisData';
import { registerLoadShedding } from './plugins/loadShedding';
import { shedGate } from './plugins/shedGate';
import { databaseQueueDepth } from './db/batching/queueDepth';
import { commitLateBatches } from './db/batching/groupCommit';
import { registerHealth, type HealthState } from './plugins/health';
import { registerAnswerDeadline } from './plugins/answerDeadline';
import { closeConnectionsWhileStopping } from './gracefulStop';
import { trustProxyOption } from './lib/trustProxy';
import { requestIdGenerator } from './plugins/requestId';
import { authRoutes } from './features/auth/routes';
import { profileRoutes } from './features/profile/routes';
import { jadwalRoutes } from './features/jadwal/routes';
import { tryoutPaketRoutes } from './features/tryoutPaket/routes';
import { tryoutMateriRoutes } from './features/tryoutMateri/routes';
import { hasilRoutes } from './features/hasil/routes';
import { rankingRoutes } from './features/ranking/routes';
import { laporanRoutes } from './features/laporan/routes';
import { registerKontenRoutes } from './konten/routes';

export interface AppDeps {
  db: Executor;
  config: Config;
  /** The server's clock (epoch ms); tests pass a controllable one. */
  now?: () => number;
  /** Log each request (one line, plugins/requestLog.ts); `{stream}` writes the lines there instead of stdout. */
  logger?: boolean | { stream: { write(line: string): void } };
  /** Serve the built SPA from config.publicDir (off in API tests). */
  serveSpa?: boolean;
  /** Shared with main.ts, which marks the server as stopping so /readyz turns 503 (default: never stopping). */
  health?: HealthState;
}

export type { App } from './context';

const features: FeatureRoutes[] = [
  authRoutes,
  profileRoutes,
  jadwalRoutes,
  tryoutPaketRoutes,
  tryoutMateriRoutes,
  hasilRoutes,
  rankingRoutes,
  laporanRoutes,
];

export async function buildApp(deps: AppDeps): Promise<App> {
  const trustProxy = trustProxyOption(deps.config.trustProxy);
  const health = deps.health ?? { stopping: false };
  health.drainEnded ??= new AbortController();
  const gate = shedGate({
    maxInFlight: deps.config.shedMaxInFlight,
    saveTargetMs: deps.config.shedSaveTargetMs,
    maxQueueDepth: deps.config.shedQueueDepth,
    queueDepth: () => databaseQueueDepth(deps.db),
    // Shedding goes on through the drain period; once connections close, a call on a kept-alive one is answered.
    stopping: () => health.closingConnections === true,
    requestId: requestIdGenerator(trustProxy),
    // Under a flood the loop may poll for a long while; the saves it took on are committed meanwhile.
    onRequestRead: commitLateBatches,
    onRefused: (reqId, reason, url) =>
      app.log.warn({ reqId, reason, url }, 'permintaan ditolak: server sibuk'),
  });
  const app = Fastify({
    // Overloaded, an API call is refused in front of Fastify, where a refusal costs least (shedGate.ts).
    serverFactory: gate.serverFactory,
    logger: deps.logger ?? false,
    // registerRequestLog writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors,
    clientErrorHandler,
    trustProxy,
    genReqId: requestIdGenerator(trustProxy),
    // While stopping, a request that arrives on a kept-alive connection is still served (with `Connection: close`,
    // gracefulStop.ts) rather than refused: it has reached this process, and the database is open until the last
    // answer has gone out.
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  configureHashing({ threads: deps.config.scryptThreads });
  const context: FeatureContext = {
    db: deps.db,
    config: deps.config,
    now: deps.now ?? Date.now,
    drainEnded: health.drainEnded.signal,
  };

  registerAnswerSerialisation(app);
  registerAnswerHeaders(app, { https: deps.config.secureCookies });
  await registerLoadShedding(app, gate, { maxEventLoopDelayMs: deps.config.shedEventLoopDelayMs });
  if (deps.logger) registerRequestLog(app);
  await app.register(fastifyCookie);
  const spaServed = deps.serveSpa ? await registerSpa(app, deps.config.publicDir) : false;
  registerErrorHandling(app, { spaFallback: spaServed });
  registerAnswerDeadline(app, deps.config.answerTimeoutMs);
  registerAuth(app, deps.db, context.now);
  registerInputChecks(app);
  const jam = mulaiPemeriksaJam(deps.db, {
    jam: context.now,
    lapor: (masalah, selisihMs) => app.log.error({ reason: 'clock_offset', selisihMs }, masalah),
  });
  app.addHook('onClose', async () => jam.berhenti());
  health.masalahJam = () => jam.masalah();
  registerHealth(app, deps.db, health, { jam, mayReadDetail: metricsAccess(deps.config) });
  registerMetrics(app, deps.db, deps.config);
  closeConnectionsWhileStopping(app, health);
  registerKontenRoutes(app, deps.db);

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<TypeBoxTypeProvider>();
      for (const feature of features) await feature(typed, context);
    },
    { prefix: '/api' },
  );

  return app;
}
