/**
 * How fast this machine's CPU runs right now: the same fixed work timed in the bench's own process, just before and
 * just after each phase (the bench idles while its generator processes run). On this kind of machine the same work
 * was seen to run at speeds ~2× apart from one minute to the next; a phase whose probe is much slower than its
 * baseline's ran on a slower machine, and its ratio to that baseline says less about the code.
 */

/** Milliseconds the fixed work took before and after a phase. */
export interface SpeedProbe {
  beforeMs: number;
  afterMs: number;
}

/** Timed runs per probe: the median of several, so that one run interrupted by the scheduler does not decide. */
const RUNS = 7;

/**
 * The fixed work, alike to a server's own (objects, JSON, strings, integer arithmetic): a save body built,
 * serialised and hashed (FNV-1a) 20,000 times. Returns the hash, so that the work cannot be optimised away and a
 * test can tell it did not change (a changed probe makes its figures incomparable with older runs').
 */
export function probeWork(): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < 20_000; i++) {
    const body = { id_jawaban: i, jawaban: 'ABCDE'[i % 5], sisa_waktu: (i * 7) % 5400, operation: 'save' };
    const text = JSON.stringify(body);
    for (let c = 0; c < text.length; c++) hash = Math.imul(hash ^ text.charCodeAt(c), 0x01000193);
  }
  return hash >>> 0;
}

/** The median time (ms) of the fixed work, after one run that warms it up (compiled, its objects' shapes known). */
export function probeMs(): number {
  probeWork();
  const times = Array.from({ length: RUNS }, () => {
    const started = performance.now();
    probeWork();
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return times[(RUNS - 1) / 2];
}
