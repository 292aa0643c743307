/**
 * At most `capacity` holders at once; the others wait in arrival order, in memory, at most `maxWaiting` of them. The
 * login uses it so that a storm of logins waits here rather than in the database pool, where the session look-up of
 * every other request would queue behind it (on PostgreSQL a thousand concurrent logins held a cheap call for most
 * of a second). Per process by nature: it bounds this process's own work.
 */
export class Gate {
  private holders = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly maxWaiting: number;

  constructor(
    private readonly capacity: number,
    options: { maxWaiting?: number } = {},
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`gate capacity ${capacity}`);
    this.maxWaiting = options.maxWaiting ?? Infinity;
  }

  /**
   * Resolves with the function that lets the next one in; rejects when `signal` aborts while waiting, and with a
   * GateFullError at once when `maxWaiting` already wait.
   */
  async enter(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) throw abortError();
    if (this.holders < this.capacity) {
      this.holders++;
      return this.releaser();
    }
    if (this.waiting.length >= this.maxWaiting) throw new GateFullError();
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiting.indexOf(wake);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(abortError());
      };
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(wake);
    });
    return this.releaser();
  }

  /** Holders and waiters now (for tests and logs). */
  get state(): { holders: number; waiting: number } {
    return { holders: this.holders, waiting: this.waiting.length };
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The place passes straight to the first waiter; only when nobody waits does it fall free.
      const next = this.waiting.shift();
      if (next) next();
      else this.holders--;
    };
  }
}

export class GateFullError extends Error {
  constructor() {
    super('antrean penuh');
    this.name = 'GateFullError';
  }
}

function abortError(): Error {
  const error = new Error('menunggu giliran dibatalkan: permintaan sudah ditinggalkan');
  error.name = 'AbortError';
  return error;
}
