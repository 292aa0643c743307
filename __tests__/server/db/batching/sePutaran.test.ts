/**
 * Calls gathered per turn of the event loop (src/server/db/batching/sePutaran.ts), the base of PostgreSQL's group commits:
 * the calls of one turn go as one batch on the next turn; with a limit of batches being written, later calls wait
 * and go together as one batch when a batch ends; a machine's limit is shared by its server processes.
 */
import {
  antrianPutaran,
  bersamaAtauSendiri,
  dalamJalanPerProses,
  sePutaran,
} from '../../../../src/server/db/batching/sePutaran';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A writer whose batches stay in flight until released, in the order they were written. */
function writer() {
  const batches: string[][] = [];
  const releases: (() => void)[] = [];
  const tulis = (batch: string[]) => {
    batches.push(batch);
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  return { batches, releases, tulis };
}

it('writes the calls of one turn as one batch on the next turn, each turn its own without a limit', async () => {
  const antrian = antrianPutaran<object, string>();
  const key = {};
  const w = writer();
  sePutaran(antrian, key, 'a', w.tulis);
  sePutaran(antrian, key, 'b', w.tulis);
  expect(w.batches).toEqual([]);
  await nextTurn();
  expect(w.batches).toEqual([['a', 'b']]);
  // The first batch is still being written: without a limit the next turn's call goes at once anyway.
  sePutaran(antrian, key, 'c', w.tulis);
  await nextTurn();
  expect(w.batches).toEqual([['a', 'b'], ['c']]);
});

it('with one batch in flight at most, gathers the calls of later turns and writes them together when it ends', async () => {
  const antrian = antrianPutaran<object, string>();
  const key = {};
  const w = writer();
  sePutaran(antrian, key, 'a', w.tulis, 1);
  await nextTurn();
  expect(w.batches).toEqual([['a']]);
  sePutaran(antrian, key, 'b', w.tulis, 1);
  await nextTurn();
  sePutaran(antrian, key, 'c', w.tulis, 1);
  await nextTurn();
  await nextTurn();
  expect(w.batches).toEqual([['a']]);
  w.releases[0]();
  await nextTurn();
  expect(w.batches).toEqual([['a'], ['b', 'c']]);
  // Nothing waits once the batches have ended: a call alone goes on the next turn again.
  w.releases[1]();
  await nextTurn();
  sePutaran(antrian, key, 'd', w.tulis, 1);
  await nextTurn();
  expect(w.batches).toEqual([['a'], ['b', 'c'], ['d']]);
});

it('with two batches in flight at most, lets a second one go and holds a third', async () => {
  const antrian = antrianPutaran<object, string>();
  const key = {};
  const w = writer();
  for (const item of ['a', 'b', 'c', 'd']) {
    sePutaran(antrian, key, item, w.tulis, 2);
    await nextTurn();
  }
  expect(w.batches).toEqual([['a'], ['b']]);
  w.releases[1]();
  await nextTurn();
  expect(w.batches).toEqual([['a'], ['b'], ['c', 'd']]);
});

it('keeps each key (database pool) apart', async () => {
  const antrian = antrianPutaran<object, string>();
  const w = writer();
  sePutaran(antrian, {}, 'a', w.tulis, 1);
  sePutaran(antrian, {}, 'b', w.tulis, 1);
  await nextTurn();
  expect(w.batches).toEqual([['a'], ['b']]);
});

it("shares a machine's limit between its server processes, each keeping at least one", () => {
  expect([1, 2, 3, 8].map((processes) => dalamJalanPerProses(2, processes))).toEqual([2, 1, 1, 1]);
  expect([1, 2, 3, 4, 5].map((processes) => dalamJalanPerProses(4, processes))).toEqual([4, 2, 1, 1, 1]);
});

describe('a batch as one statement, else each member alone', () => {
  /** A member of a batch: its key, and how its call ended. */
  function member(key: string) {
    const m = {
      key,
      ended: '',
      resolve: (how: string): void => {
        m.ended = how;
      },
      reject: (error: unknown): void => {
        m.ended = `rejected: ${String(error)}`;
      },
    };
    return m;
  }
  type Member = ReturnType<typeof member>;
  const failing = (keys: string[]) => (batch: readonly Member[]) =>
    batch.some((m) => keys.includes(m.key))
      ? Promise.reject(new Error('bad key'))
      : Promise.resolve(batch.length);

  it('answers every member from the one statement, running none alone', async () => {
    const batch = ['a', 'b', 'c'].map(member);
    const alone: string[] = [];
    await bersamaAtauSendiri(
      batch,
      failing([]),
      (all, rows) => all.forEach((m) => m.resolve(`together of ${rows}`)),
      async (m) => void alone.push(m.key),
    );
    expect(batch.map((m) => m.ended)).toEqual(['together of 3', 'together of 3', 'together of 3']);
    expect(alone).toEqual([]);
  });

  it('when the statement fails, runs each member alone: only the failing member fails', async () => {
    const batch = ['a', 'b', 'c'].map(member);
    await bersamaAtauSendiri(
      batch,
      failing(['b']),
      (all) => all.forEach((m) => m.resolve('together')),
      (m) => failing(['b'])([m]).then(() => m.resolve('alone')),
    );
    expect(batch.map((m) => m.ended)).toEqual(['alone', 'rejected: Error: bad key', 'alone']);
  });

  it('a batch of one that fails is rejected with the statement error, not run again', async () => {
    const one = member('b');
    const alone: string[] = [];
    await bersamaAtauSendiri(
      [one],
      failing(['b']),
      () => undefined,
      async (m) => void alone.push(m.key),
    );
    expect(one.ended).toBe('rejected: Error: bad key');
    expect(alone).toEqual([]);
  });

  it('never runs a member again once the statement succeeded, even if answering the batch throws', async () => {
    const batch = ['a', 'b'].map(member);
    const alone: string[] = [];
    const answering = bersamaAtauSendiri(
      batch,
      failing([]),
      () => {
        throw new Error('answering failed');
      },
      async (m) => void alone.push(m.key),
    );
    await expect(answering).rejects.toThrow('answering failed');
    expect(alone).toEqual([]);
  });
});
