/**
 * The cluster's metrics, summed over every worker: a worker asks the primary over the cluster's channel, the
 * primary collects each worker's figures (prom-client's AggregatorRegistry) and answers. Each worker's counters
 * alone would jump back and forth between scrapes, as the port hands each scrape to another worker.
 */
import cluster from 'node:cluster';
import client from 'prom-client';

const ASK = 'siaptes:metrics?';
const ANSWER = 'siaptes:metrics';

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
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
    // prom-client's own wait for the workers is 5 s; a primary that never answers fails the scrape, not the worker.
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('primary tidak menjawab permintaan metrik'));
    }, 10_000);
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

/** In a worker, at start: answer the primary's requests for this worker's figures (prom-client's own messages). */
export function reportMetricsToPrimary(): void {
  // The constructor installs prom-client's listener in a worker, once however often it is called.
  new client.AggregatorRegistry();
}

/** In the primary: answers the workers' questions with the sum of every worker's metrics. */
export function answerClusterMetrics(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id ?? -1, text } satisfies Answer),
      (error: Error) =>
        worker.send({ type: ANSWER, id: message.id ?? -1, error: error.message } satisfies Answer),
    );
  });
}
