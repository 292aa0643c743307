/**
 * The cluster's metrics, summed over every worker: a worker asks the primary over the cluster's channel, the
 * primary collects each serving worker's figures and sums them (prom-client's AggregatorRegistry.aggregate). Each
 * worker's counters alone would jump back and forth between scrapes, as the port hands each scrape to another
 * worker.
 *
 * Only workers that listen are asked: one still starting (a replacement, or the second of two while the first
 * already serves) has counted nothing yet and would answer only once it has built its app, so asking it made the
 * scrape wait for its start and fail.
 */
import cluster, { type Worker } from 'node:cluster';
import client from 'prom-client';
import { registry } from './metrics';

const ASK = 'siaptes:metrics?';
const ANSWER = 'siaptes:metrics';
const COLLECT = 'siaptes:metrics-worker?';
const COLLECTED = 'siaptes:metrics-worker';

/** How long the primary waits for a serving worker's figures before the scrape fails. */
const WORKER_WAIT_MS = 5_000;

type WorkerFigures = Awaited<ReturnType<typeof registry.getMetricsAsJSON>>;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

interface Collected {
  type: typeof COLLECTED;
  id: number;
  figures?: WorkerFigures;
  error?: string;
}

let nextId = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
let listening = false;

/** In a worker: the whole cluster's metrics in the Prometheus text format. */
export function clusterMetrics(): Promise<string> {
  if (!listening) {
    listening = true;
    process.on('message', (message: Answer) => {
      if (message?.type !== ANSWER) return;
      const asked = waiting.get(message.id);
      if (!asked) return;
      waiting.delete(message.id);
      if (message.text !== undefined) asked.resolve(message.text);
      else asked.reject(new Error(message.error ?? 'metrik cluster tidak tersedia'));
    });
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    // A little over the primary's own wait for the workers: a primary that never answers fails the scrape.
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('primary tidak menjawab permintaan metrik'));
    }, 2 * WORKER_WAIT_MS);
    const done =
      <T>(settle: (value: T) => void) =>
      (value: T) => {
        clearTimeout(timer);
        settle(value);
      };
    waiting.set(id, { resolve: done(resolve), reject: done(reject) });
    process.send?.({ type: ASK, id });
  });
}

let reporting = false;

/** In a worker, at start: answer the primary's requests for this worker's own figures. */
export function reportMetricsToPrimary(): void {
  if (reporting) return;
  reporting = true;
  process.on('message', (message: { type?: string; id?: number }) => {
    if (message?.type !== COLLECT) return;
    const id = message.id ?? -1;
    registry.getMetricsAsJSON().then(
      (figures) => process.send?.({ type: COLLECTED, id, figures } satisfies Collected),
      (error: Error) => process.send?.({ type: COLLECTED, id, error: error.message } satisfies Collected),
    );
  });
}

interface Collection {
  /** Serving workers whose figures have not come yet. */
  pending: Set<number>;
  figures: WorkerFigures[];
  timer: NodeJS.Timeout;
  settle: (error: Error | null) => void;
}

/**
 * In the primary: answers the workers' questions with the sum of the metrics of every worker `serving` names
 * (the primary keeps which workers have listened, for its own replacement rule as well).
 */
export function answerClusterMetrics(serving: () => Worker[]): void {
  const collections = new Map<number, Collection>();
  let nextCollection = 0;

  const finishIfComplete = (collection: Collection) => {
    if (collection.pending.size === 0) collection.settle(null);
  };

  const collect = (): Promise<string> =>
    new Promise((resolve, reject) => {
      const id = nextCollection++;
      const collection: Collection = {
        pending: new Set(),
        figures: [],
        timer: setTimeout(
          () => collection.settle(new Error('worker tidak menjawab permintaan metrik')),
          WORKER_WAIT_MS,
        ),
        settle: (error) => {
          if (!collections.delete(id)) return;
          clearTimeout(collection.timer);
          if (error) reject(error);
          else client.AggregatorRegistry.aggregate(collection.figures).metrics().then(resolve, reject);
        },
      };
      collections.set(id, collection);
      for (const worker of serving()) {
        if (!worker.isConnected()) continue;
        collection.pending.add(worker.id);
        worker.send({ type: COLLECT, id });
      }
      finishIfComplete(collection);
    });

  cluster.on('exit', (worker) => {
    // A worker gone takes its figures with it; the others' sum is the cluster's now.
    for (const collection of collections.values()) {
      collection.pending.delete(worker.id);
      finishIfComplete(collection);
    }
  });
  cluster.on('message', (worker, message: { type?: string; id?: number } & Partial<Collected>) => {
    if (message?.type === COLLECTED) {
      const collection = collections.get(message.id ?? -1);
      if (!collection || !collection.pending.delete(worker.id)) return;
      if (message.figures) collection.figures.push(message.figures);
      else collection.settle(new Error(message.error ?? 'metrik worker tidak tersedia'));
      finishIfComplete(collection);
      return;
    }
    if (message?.type !== ASK) return;
    const id = message.id ?? -1;
    collect().then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies Answer),
      (error: Error) => worker.send({ type: ANSWER, id, error: error.message } satisfies Answer),
    );
  });
}
