/**
 * The overload generator, run as its own process by the bench (`overload.ts JOB.json RESULT.json`): requests sent
 * at a fixed rate whatever the server answers (an open loop, as thousands of students are: one who waits for an
 * answer does not hold back the others), unlike autocannon's connections, which each wait for their answer and so
 * slow down with the server. Each connection carries one request at a time, as a browser's does; a request due
 * while every connection is busy waits for one, and that wait is the server's doing (its answers hold them).
 * The connections are opened, and each used once (GET /healthz), before the clock starts, as the browsers of
 * students in the middle of an exam hold theirs (kept alive from their earlier saves): the phase measures a flood of
 * saves, not of new connections. A busy Node server accepts one new connection per turn of its event loop (README
 * "Load shedding"), so connections opened during the flood would carry their first requests seconds later, whatever
 * its shedding; and a connection the kernel has completed may still wait for the server to accept it, hence the
 * answered request rather than the connect.
 *
 * The generator shares the machine with the server, so its own lateness is measured apart: a request's time is
 * taken from when the generator got to it (the server's part: the wait for a connection and the answer), its
 * lateness from when it was due to when the generator got to it. Requests are written as raw HTTP/1.1 from bytes
 * made before the clock starts, and answers read with a minimal parser: a fraction of Node's http client's cost,
 * so the generator takes as little CPU from the server as it can.
 */
import net from 'node:net';
import type { LoadRequest } from './load';
import { runAsChild } from './processes';
import { percentile } from './percentile';

export interface OverloadJob {
  url: string;
  /** Requests per second offered. */
  rate: number;
  seconds: number;
  /** Sent in order, cycled. */
  requests: LoadRequest[];
  /** Connections opened to the server before the first request is due, and kept open at most. */
  sockets: number;
  /** How long requests still unanswered when the sending ends are waited for. */
  drainSeconds: number;
  /** An acknowledged request slower than this (ms) is counted in `slowBySecond`. */
  slowMs: number;
}

export interface OverloadResult {
  /** Requests sent, and the rate they were sent at. */
  sent: number;
  offeredPerSecond: number;
  /** Indexes (into the job's requests) of the requests answered 2xx with `status: true`. */
  acknowledged: number[];
  /** Latencies (ms) of the acknowledged requests from when the generator got to them: p50, p99, max. */
  acceptedP50: number;
  acceptedP99: number;
  acceptedMax: number;
  /**
   * Per second of the phase (by when they were due): the acknowledged requests, and those of them slower than
   * `slowMs` from when the generator got to them. Tells a slow start (the server's reaction) from a stall later.
   */
  acceptedBySecond: number[];
  slowBySecond: number[];
  /** p99 (ms) of the same from when they were due: the generator's own lateness included. */
  acceptedDueP99: number;
  /** The generator's lateness (ms) to its requests, p99 and max: its own share of the shared cores. */
  lateP99: number;
  lateMax: number;
  /** Answered 503 (shed by the server). */
  shed: number;
  /** Answered otherwise: another status, or `status: false` (refused by the rules). */
  other: number;
  /** Not answered: the connection failed or closed before the answer. */
  errored: number;
  /** Not answered within the drain time. */
  unanswered: number;
}

/** A request's bytes as a browser would send them over a kept-alive connection. */
function requestBytes(host: string, item: LoadRequest): Buffer {
  const body = item.body ?? '';
  const head = [
    `${item.method} ${item.path} HTTP/1.1`,
    `host: ${host}`,
    ...(item.body !== undefined ? ['content-type: application/json'] : []),
    ...(item.key !== undefined ? [`key: ${item.key}`] : []),
    `content-length: ${Buffer.byteLength(body)}`,
  ];
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`);
}

interface Sending {
  index: number;
  due: number;
  handed: number;
}

interface Connection {
  write(sending: Sending): void;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const STATUS_TRUE = Buffer.from('"status":true');

const CRLF = Buffer.from('\r\n');

/** The body of a chunked answer starting at `from`: its bytes and where the answer ends; null while incomplete. */
function chunkedBody(buffer: Buffer, from: number): { body: Buffer; end: number } | null {
  const parts: Buffer[] = [];
  let at = from;
  for (;;) {
    const lineEnd = buffer.indexOf(CRLF, at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    const dataStart = lineEnd + CRLF.length;
    // A chunk is followed by CRLF; the last one (size 0) by the (empty) trailer's CRLF.
    if (buffer.length < dataStart + size + CRLF.length) return null;
    if (size === 0) return { body: Buffer.concat(parts), end: dataStart + CRLF.length };
    parts.push(buffer.subarray(dataStart, dataStart + size));
    at = dataStart + size + CRLF.length;
  }
}

/**
 * One complete answer at the start of `buffer`: its status, whether it acknowledged, and its length; null while
 * incomplete. Reads a `content-length` body, a chunked one, or none.
 */
export function parseAnswer(
  buffer: Buffer,
): { status: number; ok: boolean; length: number; close: boolean } | null {
  const end = buffer.indexOf(HEADER_END);
  if (end < 0) return null;
  const head = buffer.toString('latin1', 0, end).toLowerCase();
  const status = Number(head.slice(9, 12));
  const bodyStart = end + HEADER_END.length;
  let body: Buffer;
  let length: number;
  if (/\r\ntransfer-encoding: *chunked/.test(head)) {
    const chunked = chunkedBody(buffer, bodyStart);
    if (!chunked) return null;
    ({ body, end: length } = chunked);
  } else {
    const lengthMatch = /\r\ncontent-length: *(\d+)/.exec(head);
    length = bodyStart + (lengthMatch ? Number(lengthMatch[1]) : 0);
    if (buffer.length < length) return null;
    body = buffer.subarray(bodyStart, length);
  }
  return { status, ok: body.includes(STATUS_TRUE), length, close: /\r\nconnection: *close/.test(head) };
}

export async function runOverload(job: OverloadJob): Promise<OverloadResult> {
  const target = new URL(job.url);
  const port = Number(target.port);
  const bytes = job.requests.map((item) => requestBytes(target.host, item));
  const warmUp = requestBytes(target.host, { method: 'GET', path: '/healthz' });
  const acknowledged: number[] = [];
  const latencies: number[] = [];
  const dueLatencies: number[] = [];
  const lateness: number[] = [];
  const acceptedBySecond: number[] = [];
  const slowBySecond: number[] = [];
  let started = 0;
  let shed = 0;
  let other = 0;
  let errored = 0;
  let sent = 0;
  let pending = 0;
  let open = 0;
  let drained: (() => void) | null = null;
  const idle: Connection[] = [];
  const connections = new Set<net.Socket>();
  const backlog: Sending[] = [];

  const settle = () => {
    pending -= 1;
    if (pending === 0) drained?.();
  };
  const answered = (sending: Sending, status: number, ok: boolean) => {
    const now = performance.now();
    if (status === 503) shed += 1;
    else if (status >= 200 && status < 300 && ok) {
      acknowledged.push(sending.index);
      latencies.push(now - sending.handed);
      const second = Math.floor((sending.due - started) / 1000);
      acceptedBySecond[second] = (acceptedBySecond[second] ?? 0) + 1;
      if (now - sending.handed > job.slowMs) slowBySecond[second] = (slowBySecond[second] ?? 0) + 1;
      dueLatencies.push(now - sending.due);
    } else other += 1;
    settle();
  };

  /**
   * A new connection, which sends `first` once connected, then whatever waits for a connection; or, without `first`,
   * is used once (`warmUp`) and tells `connected` when that is answered (or it failed).
   */
  const connect = (first: Sending | null, connected?: () => void) => {
    open += 1;
    const socket = net.connect({ host: target.hostname, port });
    connections.add(socket);
    socket.setNoDelay(true);
    // The first request is this connection's from the start, so a connection that fails counts it as errored.
    let current: Sending | null = first;
    let buffer: Buffer = Buffer.alloc(0);
    const connection: Connection = {
      write: (sending) => {
        current = sending;
        socket.write(bytes[sending.index]);
      },
    };
    const next = () => {
      const waiting = backlog.shift();
      if (waiting) connection.write(waiting);
      else idle.push(connection);
    };
    let warming = first === null;
    socket.once('connect', () => socket.write(first ? bytes[first.index] : warmUp));
    // One that fails while it warms up is done warming up too.
    if (connected) socket.once('close', () => warming && connected());
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      const answer = parseAnswer(buffer);
      if (answer && warming) {
        buffer = buffer.subarray(answer.length);
        warming = false;
        next();
        connected?.();
        return;
      }
      if (!answer || !current) return;
      buffer = buffer.subarray(answer.length);
      answered(current, answer.status, answer.ok);
      current = null;
      if (answer.close) socket.end();
      else next();
    });
    socket.on('error', () => socket.destroy());
    socket.once('close', () => {
      connections.delete(socket);
      const index = idle.indexOf(connection);
      if (index >= 0) idle.splice(index, 1);
      open -= 1;
      if (current) {
        errored += 1;
        current = null;
        settle();
      }
      const waiting = backlog.shift();
      if (waiting) connect(waiting);
    });
  };

  const hand = (sending: Sending) => {
    const connection = idle.pop();
    if (connection) connection.write(sending);
    else if (open < job.sockets) connect(sending);
    else backlog.push(sending);
  };

  // Every connection opened and used once (or failed: made again when a request needs it) before the clock starts.
  await new Promise<void>((resolve) => {
    let waiting = job.sockets;
    const settled = () => {
      waiting -= 1;
      if (waiting === 0) resolve();
    };
    if (waiting === 0) resolve();
    for (let i = 0; i < job.sockets; i++) connect(null, settled);
  });
  started = performance.now();
  const total = Math.round(job.rate * job.seconds);
  await new Promise<void>((resolve) => {
    // Every millisecond, whatever has fallen due since (timers are not exact; the count is kept by the clock).
    const timer = setInterval(() => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - started) / 1000) * job.rate));
      while (sent < due) {
        const at = started + (sent / job.rate) * 1000;
        lateness.push(now - at);
        pending += 1;
        hand({ index: sent % job.requests.length, due: at, handed: now });
        sent += 1;
      }
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
  for (const socket of connections) socket.destroy();
  latencies.sort((a, b) => a - b);
  dueLatencies.sort((a, b) => a - b);
  lateness.sort((a, b) => a - b);
  return {
    sent,
    offeredPerSecond: sent / sendingSeconds,
    acknowledged,
    acceptedP50: percentile(latencies, 0.5),
    acceptedP99: percentile(latencies, 0.99),
    acceptedMax: latencies.at(-1) ?? 0,
    acceptedBySecond: Array.from(acceptedBySecond, (n) => n ?? 0),
    slowBySecond: Array.from({ length: acceptedBySecond.length }, (_, i) => slowBySecond[i] ?? 0),
    acceptedDueP99: percentile(dueLatencies, 0.99),
    lateP99: percentile(lateness, 0.99),
    lateMax: lateness.at(-1) ?? 0,
    shed,
    other,
    errored,
    unanswered,
  };
}

if (require.main === module) runAsChild(runOverload);
