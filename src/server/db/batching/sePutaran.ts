/**
 * Calls gathered per turn of the event loop: what the calls of one turn hand in goes to one writer on the next
 * turn, as one batch. The group commits of PostgreSQL (saves, first starts) are built on it.
 *
 * With `dalamJalan` set, at most that many batches of a key are being written at once: while they are, the calls
 * that come in keep gathering, and go as one batch when one of them ends. Under load, where a write waits for a
 * commit anyway, batches then grow instead of queueing one behind the other (fewer statements and commits for the
 * same calls); a call alone still goes on the next turn.
 */

interface Antrian<T> {
  /** The calls gathered for the next batch. */
  berikut: T[];
  /** A flush is planned (next turn). */
  direncanakan: boolean;
  /** Batches being written. */
  berjalan: number;
}

/** Where the calls of each key wait: one per group commit (its own WeakMap, keyed by database pool). */
export type AntrianPutaran<K extends object, T> = WeakMap<K, Antrian<T>>;

export function antrianPutaran<K extends object, T>(): AntrianPutaran<K, T> {
  return new WeakMap();
}

/**
 * Hands `item` in for the batch of `key`: written by `tulis` on the next turn with the other items of this turn,
 * or, while `dalamJalan` batches are being written, once one of them ends.
 */
export function sePutaran<K extends object, T>(
  antrian: AntrianPutaran<K, T>,
  key: K,
  item: T,
  tulis: (batch: T[]) => Promise<void>,
  dalamJalan = Number.POSITIVE_INFINITY,
): void {
  let a = antrian.get(key);
  if (a === undefined) {
    a = { berikut: [], direncanakan: false, berjalan: 0 };
    antrian.set(key, a);
  }
  const state = a;
  state.berikut.push(item);
  const kirim = () => {
    state.direncanakan = false;
    if (state.berikut.length === 0 || state.berjalan >= dalamJalan) return;
    const batch = state.berikut;
    state.berikut = [];
    state.berjalan++;
    // `tulis` answers every item itself (its own errors too); the end of a batch only lets the next one go.
    void tulis(batch).finally(() => {
      state.berjalan--;
      if (!state.direncanakan) kirim();
    });
  };
  if (!state.direncanakan && state.berjalan < dalamJalan) {
    state.direncanakan = true;
    setImmediate(kirim);
  }
}

/**
 * A limit of batches in flight meant for all the server processes of a machine together (WORKERS), as each
 * process's share: at least 1. Each process gathers its own calls, so without it N processes put N times the
 * statements in flight, each batch 1/N as large, and PostgreSQL does more work for the same calls.
 */
export function dalamJalanPerProses(dalamJalan: number, processes: number): number {
  return Math.max(1, Math.floor(dalamJalan / processes));
}

/**
 * Runs a turn's batch by `bersama` (one statement for all) and answers it by `selesai`. Should the statement fail,
 * nothing of it was written: each member is run again by `sendiri`, its own way, which answers it, so a member that
 * fails fails only its own call. `selesai` runs outside the retry: an answered batch is never written twice.
 */
export async function bersamaAtauSendiri<M extends { reject: (error: unknown) => void }, H>(
  batch: readonly M[],
  bersama: (batch: readonly M[]) => Promise<H>,
  selesai: (batch: readonly M[], hasil: H) => void,
  sendiri: (member: M) => Promise<void>,
): Promise<void> {
  let hasil: H;
  try {
    hasil = await bersama(batch);
  } catch (error) {
    if (batch.length === 1) {
      batch[0].reject(error);
      return;
    }
    await Promise.all(batch.map((member) => sendiri(member).catch(member.reject)));
    return;
  }
  selesai(batch, hasil);
}
