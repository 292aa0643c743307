import cluster from 'node:cluster';
import net from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { closeDb } from './db/createDb';
import type { Executor } from './db/executor';
import type { HealthState } from './plugins/health';

/**
 * How long a kept-alive connection that is idle when the stop begins may still bring a request (answered, with
 * `Connection: close`) before it is closed. Closing an idle connection at once cuts a request the client has just
 * sent on it (a reset, not an answer); a connection in use closes after its next answer anyway.
 */
export const IDLE_GRACE_MS = 2000;

/** Messages between the cluster's primary and its workers while they stop. */
export const NOT_ACCEPTING = 'siaptes:not-accepting';
export const NONE_ACCEPTING = 'siaptes:none-accepting';

/**
 * Every answer while the server stops carries `Connection: close`, so a keep-alive client opens its next request on
 * a new connection (to another process, or to this one's successor) instead of meeting a socket closed under it.
 */
export function closeConnectionsWhileStopping(app: FastifyInstance, health: HealthState): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (health.closingConnections) void reply.header('Connection', 'close');
    done(null, payload);
  });
}

export interface StoppableServer {
  app: FastifyInstance;
  db: Executor;
  health: HealthState;
  log: FastifyBaseLogger;
  /** Work of the process's own that must end before its database closes (the close job's scheduler). */
  beforeDbClose?: () => Promise<void>;
  /** SHUTDOWN_DRAIN_MS and SHUTDOWN_TIMEOUT (config.ts). */
  drainMs: number;
  timeoutMs: number;
}

/**
 * Stops accepting connections at once but leaves the open ones be: Node's http close also closes every idle
 * kept-alive connection, and a request already on its way over one would meet a reset. Resolves with a promise of
 * the moment every connection has closed.
 */
function stopAccepting(app: FastifyInstance): Promise<void> {
  return new Promise((resolve) => net.Server.prototype.close.call(app.server, () => resolve()));
}

/**
 * In a cluster, a worker's `Connection: close` answers send clients to connect anew, and another worker still
 * accepting would take such a connection only to have it reset when it stops too. So each worker reports that it
 * stopped accepting, and closes connections once the primary says none accepts any more (or after a second).
 */
function noneAccepting(): Promise<void> {
  if (!cluster.isWorker) return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 1000);
    process.on('message', (message) => {
      if (message !== NONE_ACCEPTING) return;
      clearTimeout(fallback);
      resolve();
    });
    process.send?.(NOT_ACCEPTING);
  });
}

/**
 * SIGTERM/SIGINT: /readyz turns 503 at once, and for `drainMs` the server goes on as before, accepting connections
 * and answering them, so that a proxy or load balancer that has not yet seen the 503 loses nothing. Then it stops
 * accepting connections, refuses the logins still waiting for a hashing thread (503 + Retry-After: they would not
 * be reached before the hard limit), answers every request that reaches it over an open connection (with
 * `Connection: close`; a save's group commit included: its answer waits for it), closes connections still idle
 * after IDLE_GRACE_MS, lets a close of a schedule running in this process end, closes the database and exits 0. A
 * repeated signal (the service manager signals the whole process group, the cluster's primary passes it on too)
 * changes nothing; after `timeoutMs` the process exits 1 with a log line.
 */
export function stopOnSignals(server: StoppableServer): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.health.stopping = true;
    server.log.info({ signal }, 'server berhenti: menyelesaikan permintaan yang sedang berjalan');
    const deadline = setTimeout(() => {
      server.log.error(`server belum selesai berhenti setelah ${server.timeoutMs} ms; dihentikan paksa`);
      process.exit(1);
    }, server.timeoutMs);
    deadline.unref();
    (async () => {
      await new Promise((resolve) => setTimeout(resolve, server.drainMs));
      server.health.drainEnded?.abort();
      const drained = stopAccepting(server.app);
      await noneAccepting();
      server.health.closingConnections = true;
      await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, IDLE_GRACE_MS))]);
      // Closes the connections idle since, and waits for the answers still being written.
      await server.app.close();
      await server.beforeDbClose?.();
      await closeDb(server.db);
      server.log.info('server berhenti');
      process.exit(0);
    })().catch((error: unknown) => {
      server.log.error({ err: error }, 'server gagal berhenti dengan rapi');
      process.exit(1);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
