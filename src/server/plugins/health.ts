import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../db/executor';
import { pendingMigrations } from '../db/migrate';
import type { PemeriksaJam } from '../db/jamBasisData';

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

interface Problem {
  message: string;
  /** What only the operator's networks are told (the driver's words name the database's host and port). */
  detail?: string;
}

/** Why the server cannot serve now, or null when it can: the database answers in time and its schema is current. */
async function readinessProblem(db: Executor): Promise<Problem | null> {
  try {
    return await withTimeout(
      (async () => {
        await sql`select 1`.execute(db);
        const pending = await pendingMigrations(db);
        return pending.length > 0
          ? { message: `Migrasi database belum dijalankan: ${pending.join(', ')}` }
          : null;
      })(),
      READY_TIMEOUT_MS,
    );
  } catch (error) {
    if (error instanceof TerlaluLama)
      return { message: `Basis data tidak menjawab dalam ${READY_TIMEOUT_MS} ms` };
    return { message: 'Basis data tidak dapat dihubungi', detail: (error as Error).message };
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
  /**
   * Aborted when the stop's drain period is over (gracefulStop.ts): work still waiting in a queue of the process's
   * own (logins waiting for a hashing thread) is refused with 503 + Retry-After rather than cut at the hard limit.
   */
  drainEnded?: AbortController;
}

export interface HealthOptions {
  /** The comparison of this process's clock with the database's (db/jamBasisData.ts). */
  jam: PemeriksaJam;
  /** Whether a request may read the database's own error (the operator's networks, as for /metrics). */
  mayReadDetail: (request: FastifyRequest) => boolean;
}

/**
 * GET /healthz: the process is alive and its event loop turns (no database call). GET /readyz: it can serve now:
 * 200 when the database answers within a second, every migration has run and this process's clock agrees with the
 * database's; 503 with the reason otherwise, and while the server is stopping. Both are JSON routes of their own,
 * so the SPA's history fallback never answers them; HEAD answers as GET does.
 */
export function registerHealth(
  app: FastifyInstance,
  db: Executor,
  state: HealthState,
  options: HealthOptions,
): void {
  app.get('/healthz', (_request, reply) => {
    void reply.header('Cache-Control', 'no-store').send({ status: true, message: 'Server berjalan' });
  });
  app.get('/readyz', async (request, reply) => {
    const jam = options.jam.masalah();
    const problem: Problem | null = state.stopping
      ? { message: 'Server sedang berhenti' }
      : jam !== null
        ? { message: jam }
        : await readinessProblem(db);
    void reply.header('Cache-Control', 'no-store');
    if (problem === null) return reply.send({ status: true, message: 'Server siap' });
    const message =
      problem.detail !== undefined && options.mayReadDetail(request)
        ? `${problem.message}: ${problem.detail}`
        : problem.message;
    return reply.status(503).send({ status: false, message });
  });
}
