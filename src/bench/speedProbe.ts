/**
 * How fast this machine's CPU runs right now: the same fixed work timed in the bench's own process, just before and
 * just after each phase (the bench idles while its generator processes run). On this kind of machine the same work
 * was seen to run at speeds ~2× apart from one minute to the next; a phase whose probe is much slower than its
 * baseline's ran on a slower machine, and its ratio to that baseline says less about the code.
 */
import { createHash } from 'node:crypto';

/** Milliseconds the fixed work took before and after a phase. */
export interface SpeedProbe {
  beforeMs: number;
  afterMs: number;
}

/** Timed runs per probe: the median of several, so that one run interrupted by the scheduler does not decide. */
const RUNS = 7;

/** 1 MiB of fixed bytes, hashed eight times a run. */
const BLOCK = Buffer.alloc(1 << 20, 7);

/**
 * The fixed work: SHA-256 over 8 MiB (~5 ms on this machine), native code. JavaScript of the same size was tried
 * first and timed its JIT instead of the machine: 13 ms in a fresh process falling to 9 ms once optimised, 25–45 ms
 * when run every 20 s in a long-lived one. Returns the digest, so that a test can tell the work did not change
 * (a changed probe makes its figures incomparable with older runs').
 */
export function probeWork(): string {
  const hash = createHash('sha256');
  for (let i = 0; i < 8; i++) hash.update(BLOCK);
  return hash.digest('hex');
}

/** The median time (ms) of the fixed work. */
export function probeMs(): number {
  const times = Array.from({ length: RUNS }, () => {
    const started = performance.now();
    probeWork();
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return times[(RUNS - 1) / 2];
}
