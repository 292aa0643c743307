import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/executor';
import { pendingMigrations } from '../db/migrate';

/** How long /readyz waits for the database before it calls it not ready. */
const READY_TIMEOUT_MS = 1000;

class TerlaluLama extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TerlaluLama()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Why the server cannot serve now, or null when it can: the database answers in time and its schema is current. */
async function readinessProblem(db: Executor): Promise<string | null> {
  try {
    return await withTimeout(
      (async () => {
        await sql`select 1`.execute(db);
        const pending = await pendingMigrations(db);
        return pending.length > 0 ? `Migrasi database belum dijalankan: ${pending.join(', ')}` : null;
      })(),
      READY_TIMEOUT_MS,
    );
  } catch (error) {
    if (error instanceof TerlaluLama) return `Database tidak menjawab dalam ${READY_TIMEOUT_MS} ms`;
    return `Database tidak dapat dihubungi: ${(error as Error).message}`;
  }
}

export interface HealthState {
  /** Set when the server has begun to stop: load balancers should send new requests elsewhere. */
  stopping: boolean;
  /**
   * Set once the server accepts no connections any more (every worker of the cluster): each answer then closes its
   * connection, and the client's next request, on a new one, goes to another server.
   */
  closingConnections?: boolean;
}

/**
 * GET /healthz: the process is alive and its event loop turns (no database call). GET /readyz: it can serve now:
 * 200 when the database answers within a second and every migration has run; 503 with the reason otherwise, and
 * while the server is stopping. Both are JSON routes of their own, so the SPA's history fallback never answers them.
 */
export function registerHealth(app: FastifyInstance, db: Executor, state: HealthState): void {
  app.get('/healthz', (_request, reply) => {
    void reply.header('Cache-Control', 'no-store').send({ status: true, message: 'Server berjalan' });
  });
  app.get('/readyz', async (_request, reply) => {
    const problem = state.stopping ? 'Server sedang berhenti' : await readinessProblem(db);
    void reply.header('Cache-Control', 'no-store');
    if (problem !== null) return reply.status(503).send({ status: false, message: problem });
    return reply.send({ status: true, message: 'Server siap' });
  });
}
