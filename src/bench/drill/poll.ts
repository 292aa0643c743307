/** Waiting on the fleet's nodes: HTTP status reads and polls until a condition holds. */
import type { AppNode } from './rig';

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls `probe` every `everyMs` until it returns a value, or null after `withinMs`. */
export async function until<T>(
  probe: () => Promise<T | null>,
  withinMs: number,
  everyMs = 50,
): Promise<T | null> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() >= deadline) return null;
    await sleep(everyMs);
  }
}

export async function status(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: string; retryAfter: string | null }> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });
  return {
    status: response.status,
    body: await response.text(),
    retryAfter: response.headers.get('retry-after'),
  };
}

/** How long a node's /readyz took to answer `wanted` (ms), polled every 50 ms; null past `withinMs`. */
export async function readyzBecomes(node: AppNode, wanted: number, withinMs: number): Promise<number | null> {
  const from = Date.now();
  const hit = await until(
    async () => ((await status(`${node.url}/readyz`)).status === wanted ? true : null),
    withinMs,
  );
  return hit === null ? null : Date.now() - from;
}
