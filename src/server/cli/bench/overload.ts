/**
 * The overload generator, run as its own process by the bench (`overload.ts JOB.json RESULT.json`): requests sent
 * at a fixed rate whatever the server answers (an open loop, as thousands of students are: one who waits for an
 * answer does not hold back the others), unlike autocannon's connections, which each wait for their answer and so
 * slow down with the server. A request's time runs from when it was due, so a request that had to wait for a free
 * connection counts that wait too. Writes back which requests were acknowledged, with their times, and how many
 * were shed (503).
 */
import http from 'node:http';
import type { LoadRequest } from './load';
import { runAsChild } from './processes';

export interface OverloadJob {
  url: string;
  /** Requests per second offered. */
  rate: number;
  seconds: number;
  /** Sent in order, cycled. */
  requests: LoadRequest[];
  /** Connections kept open to the server at most. */
  sockets: number;
  /** How long requests still unanswered when the sending ends are waited for. */
  drainSeconds: number;
}

export interface OverloadResult {
  /** Requests sent, and the rate they were sent at. */
  sent: number;
  offeredPerSecond: number;
  /** Indexes (into the job's requests) of the requests answered 2xx with `status: true`. */
  acknowledged: number[];
  /** Latencies (ms, from when due) of the acknowledged requests: p50, p99, max. */
  acceptedP50: number;
  acceptedP99: number;
  acceptedMax: number;
  /** Answered 503 (shed by the server). */
  shed: number;
  /** Answered otherwise: another status, `status: false`, a transport error, or not answered in time. */
  other: number;
  unanswered: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function runOverload(job: OverloadJob): Promise<OverloadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.sockets });
  const target = new URL(job.url);
  const acknowledged: number[] = [];
  const latencies: number[] = [];
  let shed = 0;
  let other = 0;
  let sent = 0;
  let pending = 0;
  let drained: (() => void) | null = null;

  const settle = () => {
    pending -= 1;
    if (pending === 0) drained?.();
  };
  const send = (index: number, due: number) => {
    const item = job.requests[index];
    sent += 1;
    pending += 1;
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: item.method,
        path: item.path,
        headers: {
          ...(item.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(item.key !== undefined ? { key: item.key } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status === 503) shed += 1;
          else if (status >= 200 && status < 300 && Buffer.concat(chunks).includes('"status":true')) {
            acknowledged.push(index);
            latencies.push(performance.now() - due);
          } else other += 1;
          settle();
        });
        response.on('error', () => {
          other += 1;
          settle();
        });
      },
    );
    request.on('error', () => {
      other += 1;
      settle();
    });
    request.end(item.body);
  };

  const started = performance.now();
  const total = Math.round(job.rate * job.seconds);
  await new Promise<void>((resolve) => {
    // Every millisecond, whatever has fallen due since (timers are not exact; the count is kept by the clock).
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      const due = Math.min(total, Math.floor((elapsed / 1000) * job.rate));
      while (sent < due) send(sent % job.requests.length, started + (sent / job.rate) * 1000);
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  const sendingSeconds = (performance.now() - started) / 1000;
  if (pending > 0) {
    await new Promise<void>((resolve) => {
      drained = resolve;
      setTimeout(resolve, job.drainSeconds * 1000);
    });
  }
  const unanswered = pending;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    sent,
    offeredPerSecond: sent / sendingSeconds,
    acknowledged,
    acceptedP50: percentile(latencies, 50),
    acceptedP99: percentile(latencies, 99),
    acceptedMax: latencies.at(-1) ?? 0,
    shed,
    other,
    unanswered,
  };
}

if (require.main === module) runAsChild(runOverload);
