import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads that run scrypt one at a time each. node:crypto's async scrypt would run on
 * libuv's thread pool, which also reads the static files and does DNS: a burst of logins at N = 2^17 would stall
 * them. Here the cost is bounded by the pool's size and the event loop stays free.
 *
 * Each thread lowers its own scheduling priority (Linux keeps a nice value per thread): during a login storm the
 * event loop, which answers saves, static files and every other call, gets a core as soon as it has work, and the
 * hashing takes whatever CPU is left. So the pool may use every core without delaying the rest of the server.
 */

/** The nice value of a hashing thread (0 is the event loop's; 19 the lowest). */
export const HASHING_NICENESS = 10;

export interface ScryptJob {
  password: string;
  salt: Buffer;
  keyLength: number;
  N: number;
  r: number;
  p: number;
}

// Inline CommonJS source, so the same pool runs from ts-jest, tsx and the built server without a separate file.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  require('node:os').setPriority(${HASHING_NICENESS});
} catch {
  // A system that refuses (not Linux, or a sandbox) hashes at normal priority.
}
parentPort.on('message', (job) => {
  try {
    const maxmem = 128 * job.N * job.r * job.p + 32 * 1024 * 1024;
    const key = scryptSync(job.password, Buffer.from(job.salt), job.keyLength, { N: job.N, r: job.r, p: job.p, maxmem });
    parentPort.postMessage({ key });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

export class AbortedError extends Error {
  constructor() {
    super('scrypt dibatalkan: permintaan sudah ditinggalkan');
    this.name = 'AbortError';
  }
}

interface Pending {
  job: ScryptJob;
  signal?: AbortSignal;
  resolve(key: Buffer): void;
  reject(error: Error): void;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
}

export class ScryptPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];

  constructor(readonly size: number) {}

  /** Jobs waiting for a thread (not counting the running ones). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Runs scrypt in a worker; rejects with AbortedError when `signal` aborts first (queued or running). */
  run(job: ScryptJob, signal?: AbortSignal): Promise<Buffer> {
    if (signal?.aborted) return Promise.reject(new AbortedError());
    return new Promise<Buffer>((resolve, reject) => {
      const pending: Pending = { job, signal, resolve, reject };
      if (signal) {
        pending.onAbort = () => this.abort(pending);
        signal.addEventListener('abort', pending.onAbort, { once: true });
      }
      this.queue.push(pending);
      this.pump();
    });
  }

  /** Stops every thread; queued and running jobs are rejected. */
  async close(): Promise<void> {
    for (const pending of this.queue.splice(0)) this.settle(pending, new Error('scrypt pool ditutup'));
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      if (slot.current) this.settle(slot.current, new Error('scrypt pool ditutup'));
      slot.current = null;
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.current === null) ?? this.spawn();
      if (!slot) return;
      const pending = this.queue.shift() as Pending;
      slot.current = pending;
      slot.worker.ref();
      const { password, salt, keyLength, N, r, p } = pending.job;
      slot.worker.postMessage({ password, salt, keyLength, N, r, p });
    }
  }

  private spawn(): Slot | null {
    if (this.slots.length >= this.size) return null;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    const slot: Slot = { worker, current: null };
    worker.on('message', (message: { key?: Uint8Array; error?: string }) => {
      const pending = slot.current;
      slot.current = null;
      worker.unref();
      if (pending) {
        if (message.key) this.settle(pending, null, Buffer.from(message.key));
        else this.settle(pending, new Error(message.error ?? 'scrypt gagal'));
      }
      this.pump();
    });
    const drop = (error: Error) => {
      this.remove(slot);
      if (slot.current) this.settle(slot.current, error);
      slot.current = null;
      this.pump();
    };
    worker.on('error', drop);
    worker.on('exit', () => drop(new Error('scrypt worker berhenti')));
    this.slots.push(slot);
    return slot;
  }

  private remove(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }

  /** A queued job leaves the queue; a running one stops its thread (a new one is started for the next job). */
  private abort(pending: Pending): void {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(pending, new AbortedError());
      return;
    }
    const slot = this.slots.find((s) => s.current === pending);
    if (!slot) return;
    slot.current = null;
    this.remove(slot);
    this.settle(pending, new AbortedError());
    void slot.worker.terminate();
    this.pump();
  }

  private settle(pending: Pending, error: Error | null, key?: Buffer): void {
    if (pending.onAbort) pending.signal?.removeEventListener('abort', pending.onAbort);
    if (error) pending.reject(error);
    else pending.resolve(key as Buffer);
  }
}
