/**
 * The server's Prometheus figures (prom-client's default registry, which its AggregatorRegistry sums over the
 * cluster's workers): the HTTP request histogram, Node's process and event-loop metrics, and our own `siaptes_*`.
 * The code that does a thing counts it here; plugins/metrics.ts serves them.
 */
import client from 'prom-client';

export const registry = client.register;

let defaultsStarted = false;

/** Node's process, heap, GC and event-loop-delay metrics; started once per process, by the server only. */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  client.collectDefaultMetrics({ register: registry });
}

export const httpRequestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request received to its answer sent, by route pattern, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** A counter of ours, by `labelNames` (none: one figure). */
function counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
  return new client.Counter({ name, help, labelNames });
}

/** Rows written or read by one shared statement of PostgreSQL's group commit and batched reads. */
function batchRows<L extends string>(name: string, help: string, labelNames: readonly L[] = []) {
  return new client.Histogram({ name, help, labelNames, buckets: [1, 2, 4, 8, 16, 32, 64, 128] });
}

export const answersSaved = counter(
  'siaptes_answers_saved_total',
  'Answer saves acknowledged (written and committed), by kind of tryout',
  ['tryout'],
);
export const savesRefused = counter('siaptes_saves_refused_total', 'Answer saves refused, by reason', [
  'tryout',
  'reason',
]);
export const attemptsStarted = counter(
  'siaptes_attempts_started_total',
  'Attempts (hasil_to rows) created by a first start of a category',
);
export const logins = counter(
  'siaptes_logins_total',
  'Logins by outcome: ok, wrong (username or password), limited (too many attempts)',
  ['outcome'],
);
export const sessionCacheLookups = counter(
  'siaptes_session_cache_lookups_total',
  "Session look-ups by the process's session cache (SQLite), by result: hit or miss",
  ['result'],
);

export const saveBatchRows = batchRows(
  'siaptes_save_batch_rows',
  'Answer saves and clock writes written by one group-commit statement (PostgreSQL)',
);
export const startBatchRows = batchRows(
  'siaptes_start_batch_rows',
  'First starts written by one group-commit statement (PostgreSQL)',
);
export const readBatchRows = batchRows(
  'siaptes_read_batch_rows',
  'Look-ups read by one shared statement (PostgreSQL, by look-up) or read transaction (SQLite: "sqlite")',
  ['read'],
);

export const scoringDuration = new client.Histogram({
  name: 'siaptes_scoring_duration_seconds',
  help: 'Time of a schedule close (scores, ranks) and of an IRT calibration',
  labelNames: ['step'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
});

/** How many attempts are open (started, not ended); read from the database at each scrape. */
let openAttemptsSource: (() => Promise<number>) | null = null;

export function countOpenAttemptsWith(source: () => Promise<number>): void {
  openAttemptsSource = source;
}

// Registered by being made; its value is read by `collect` at each scrape.
new client.Gauge({
  name: 'siaptes_open_attempts',
  help: 'Attempts started and not yet ended',
  // Every worker reads the same database: the cluster's figure is one worker's, not their sum.
  aggregator: 'max',
  async collect() {
    if (openAttemptsSource) this.set(await openAttemptsSource());
  },
});

/** `work`'s duration observed in `histogram` under `labels`, whether it succeeds or throws. */
export async function timed<T>(
  histogram: client.Histogram<'step'>,
  step: string,
  work: () => Promise<T>,
): Promise<T> {
  const end = histogram.startTimer({ step });
  try {
    return await work();
  } finally {
    end();
  }
}

/**
 * How far this process's clock is from the database's (seconds, positive when the database's is ahead); exam time
 * is counted by the server, so a node off by more than 2 s is taken out of service (db/jamBasisData.ts).
 */
export const jamSelisih = new client.Gauge({
  name: 'siaptes_jam_selisih_detik',
  help: "This process's clock offset from the database's clock, in seconds (PostgreSQL only)",
});
