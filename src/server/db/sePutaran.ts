/**
 * Calls gathered per turn of the event loop: what the calls of one turn hand in goes to one writer on the next
 * turn, as one batch. The group commits of PostgreSQL (saves, first starts) are built on it.
 */

/** The batch of this turn for `key`, opened (and its flush planned for the next turn) by the first call. */
export function sePutaran<K extends object, T>(
  antrian: WeakMap<K, T[]>,
  key: K,
  item: T,
  tulis: (batch: T[]) => void,
): void {
  let batch = antrian.get(key);
  if (batch === undefined) {
    const baru: T[] = [];
    batch = baru;
    antrian.set(key, baru);
    setImmediate(() => {
      antrian.delete(key);
      tulis(baru);
    });
  }
  batch.push(item);
}
