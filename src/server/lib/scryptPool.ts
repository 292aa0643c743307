import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A small pool of hashing processes that run scrypt one at a time each. node:crypto's async scrypt would run on
 * libuv's thread pool, which also reads the static files and does DNS: a burst of logins at N = 2^17 would stall
 * them. Here the cost is bounded by the pool's size and the event loop stays free.
 *
 * Each hasher lowers its own scheduling priority: during a login storm the event loop, which answers saves, static
 * files and every other call, gets a core as soon as it has work, and the hashing takes whatever CPU is left. So
 * the pool may use every core without delaying the rest of the server.
 *
 * A hasher is a process of its own, not a thread, so that its C library can keep scrypt's 128 MB working set
 * (at 2^17) between hashes: in a thread, glibc maps a block that large afresh for every hash and unmaps it after,
 * and faulting 32,768 fresh pages in each time doubled a hash's CPU (profiled: 0.86 s user + system per hash in a
 * thread, 0.42 s with the memory kept), which halved the logins a machine takes per second. MALLOC_MMAP_MAX_=0
 * makes the hasher's C library take the block from its heap, MALLOC_TRIM_THRESHOLD_ keeps it there once freed.
 */

/** The nice value of a hashing process (0 is the event loop's; 19 the lowest). */
export const HASHING_NICENESS = 10;

/** What a hasher's C library is told (glibc): large blocks from the heap, kept there once freed. */
export const HASHER_MALLOC_ENV = { MALLOC_MMAP_MAX_: '0', MALLOC_TRIM_THRESHOLD_: String(2 ** 31) };

export interface ScryptJob {
  password: string;
  salt: Buffer;
  keyLength: number;
  N: number;
  r: number;
  p: number;
}

// Inline CommonJS source, so the same pool runs from ts-jest, tsx and the built server without a separate file.
const HASHER_SOURCE = `
const { scryptSync } = require('node:crypto');
try {
  require('node:os').setPriority(${HASHING_NICENESS});
} catch {
  // A system that refuses (not Linux, or a sandbox) hashes at normal priority.
}
// The server gone, its hasher goes too.
process.on('disconnect', () => process.exit(0));
process.on('message', (job) => {
  try {
    const maxmem = 128 * job.N * job.r * job.p + 32 * 1024 * 1024;
    const key = scryptSync(job.password, Buffer.from(job.salt), job.keyLength, { N: job.N, r: job.r, p: job.p, maxmem });
    process.send({ key });
  } catch (error) {
    process.send({ error: String((error && error.message) || error) });
  }
});
`;

/** A hashing process; its channel is unreferenced while idle, so an idle pool never keeps the server running. */
function startHasher(): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, ...HASHER_MALLOC_ENV };
  // The server's own Node flags (a profiler, a loader) are not the hasher's.
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['-e', HASHER_SOURCE], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
    env,
  });
  return child;
}

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
  hasher: ChildProcess;
  current: Pending | null;
}

export class ScryptPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];

  constructor(readonly size: number) {}

  /** Jobs waiting for a hasher (not counting the running ones). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Runs scrypt in a hasher; rejects with AbortedError when `signal` aborts first (queued or running). */
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

  /** Stops every hasher; queued and running jobs are rejected. */
  async close(): Promise<void> {
    for (const pending of this.queue.splice(0)) this.settle(pending, new Error('scrypt pool ditutup'));
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      if (slot.current) this.settle(slot.current, new Error('scrypt pool ditutup'));
      slot.current = null;
    }
    await Promise.all(slots.map((slot) => stopHasher(slot.hasher)));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.current === null) ?? this.spawn();
      if (!slot) return;
      const pending = this.queue.shift() as Pending;
      slot.current = pending;
      referenced(slot.hasher, true);
      const { password, salt, keyLength, N, r, p } = pending.job;
      slot.hasher.send({ password, salt, keyLength, N, r, p });
    }
  }

  private spawn(): Slot | null {
    if (this.slots.length >= this.size) return null;
    const hasher = startHasher();
    const slot: Slot = { hasher, current: null };
    hasher.on('message', (message: { key?: Uint8Array; error?: string }) => {
      const pending = slot.current;
      slot.current = null;
      referenced(hasher, false);
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
    hasher.on('error', drop);
    hasher.on('exit', () => drop(new Error('proses scrypt berhenti')));
    this.slots.push(slot);
    return slot;
  }

  private remove(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }

  /** A queued job leaves the queue; a running one stops its hasher (a new one is started for the next job). */
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
    void stopHasher(slot.hasher);
    this.pump();
  }

  private settle(pending: Pending, error: Error | null, key?: Buffer): void {
    if (pending.onAbort) pending.signal?.removeEventListener('abort', pending.onAbort);
    if (error) pending.reject(error);
    else pending.resolve(key as Buffer);
  }
}

/** Whether the hasher (its process and its channel) keeps the server's event loop alive. */
function referenced(hasher: ChildProcess, busy: boolean): void {
  const channel = hasher.channel as { ref(): void; unref(): void } | undefined;
  if (busy) {
    hasher.ref();
    channel?.ref();
  } else {
    hasher.unref();
    channel?.unref();
  }
}

/** Kills a hasher (a running scrypt cannot be interrupted otherwise); resolves once it has exited. */
function stopHasher(hasher: ChildProcess): Promise<void> {
  if (hasher.exitCode !== null || hasher.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    hasher.once('exit', () => resolve());
    hasher.kill('SIGKILL');
  });
}
