/**
 * Checks a condition every 20 ms until it holds or `ms` have passed, and gives the last value checked: for what
 * happens a moment after a call (a notification between two server processes), never a fixed sleep.
 */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  done: (value: T) => boolean,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await check();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await check();
  }
  return value;
}
