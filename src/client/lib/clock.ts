/**
 * The one source of time for sagas. Sagas call `clock.now()` / `clock.sleep(ms)` (e.g.
 * `yield* call(clock.sleep, 1000)`); tests swap the implementation with `setClock(createFakeClock())` and drive
 * time with `advance(ms)`, or stub `clock.sleep` in `expectSaga(...).provide(...)` — its reference never changes.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

let current: Clock = systemClock;

/** Stable functions that delegate to the current implementation. */
export const clock: Clock = {
  now: () => current.now(),
  sleep: (ms) => current.sleep(ms),
};

/** Replace the clock; returns a function that restores the previous one. */
export function setClock(next: Clock): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}

export interface FakeClock extends Clock {
  /** Move time forward, resolving every sleep whose deadline is reached (in deadline order). */
  advance(ms: number): Promise<void>;
  /** Number of sleeps still waiting. */
  pending(): number;
}

/** A clock that only moves when told to, for tests of countdowns. */
export function createFakeClock(start = 0): FakeClock {
  let time = start;
  let sleepers: { at: number; resolve: () => void }[] = [];
  return {
    now: () => time,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        sleepers.push({ at: time + Math.max(0, ms), resolve });
      }),
    async advance(ms) {
      const target = time + ms;
      for (;;) {
        const due = sleepers.filter((s) => s.at <= target).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        sleepers = sleepers.filter((s) => s !== due);
        time = due.at;
        due.resolve();
        // Let the awakened saga run (and possibly sleep again) before the next deadline.
        await new Promise<void>((resolve) => setTimeout(resolve, 0));
      }
      time = target;
    },
    pending: () => sleepers.length,
  };
}
