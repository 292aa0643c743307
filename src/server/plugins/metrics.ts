/**
 * GET /metrics in the Prometheus text format, for the machine itself, the TRUSTED_NETWORKS and whoever sends
 * `Authorization: Bearer $METRICS_TOKEN`; everyone else gets 403. With WORKERS the figures are the whole
 * cluster's: the worker that serves the scrape asks the primary, which sums every worker's (prom-client's
 * AggregatorRegistry, clusterMetrics.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Executor } from '../db/executor';
import { trustedNetworkCheck } from '../lib/trustedNetworks';
import { countOpenAttemptsWith, httpRequestDuration, registry, startDefaultMetrics } from '../lib/metrics';
import { clusterMetrics, reportMetricsToPrimary } from '../lib/clusterMetrics';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a request may read the metrics: by its client address (as TRUST_PROXY reports it), or its token. */
export function metricsAccess(config: Config): (request: FastifyRequest) => boolean {
  const trusted = trustedNetworkCheck(config.trustedNetworks);
  return (request) => {
    if (LOOPBACK.test(request.ip) || trusted(request.ip)) return true;
    const header = request.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    return config.metricsToken !== null && token !== undefined && sameSecret(token, config.metricsToken);
  };
}

export function registerMetrics(app: FastifyInstance, db: Executor, config: Config): void {
  startDefaultMetrics();
  if (cluster.isWorker) reportMetricsToPrimary();
  countOpenAttemptsWith(async () => {
    const { rows } = await sql<{ n: number | string }>`
      SELECT COUNT(*) AS n FROM hasil_to WHERE is_selesai = 0`.execute(db);
    return Number(rows[0]?.n ?? 0);
  });
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        // The route's pattern, never the raw URL: one series per route, whatever ids the URLs carry.
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const allowed = metricsAccess(config);
  app.get('/metrics', async (request, reply) => {
    if (!allowed(request)) {
      return reply.status(403).send({ status: false, message: 'Akses ke metrik ditolak' });
    }
    let text: string;
    try {
      text = cluster.isWorker ? await clusterMetrics() : await registry.metrics();
    } catch (error) {
      // A worker that does not answer in time fails this scrape only; the scraper tries again at its next turn.
      request.log.warn({ err: error }, 'metrik cluster tidak lengkap');
      return reply.status(503).send({ status: false, message: 'Metrik belum tersedia, coba lagi' });
    }
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
}
