/**
 * The limit of answer saves in flight: starts at 64 and doubles while saves in time reach it; lowered when a save,
 * its wait to be read included, waited (slower than the target and than twice the database's own time) in two
 * windows in a row, or past twice that in one; below 64 doubled back by windows in time; above it raised when it
 * binds; falls back when far from reached. A save that waited unread past half the target is refused while saves
 * are refused or when the loop read more saves in its turn than the limit.
 */
import { saveLimit } from '../../../src/server/lib/saveLimit';

/** A limit at ceiling 1000 and target 50 ms whose clock starts at 0. */
const fresh = () => saveLimit({ ceiling: 1000, targetMs: 50 }, 0);
/** One window's saves: the fastest and the slowest (ms), with `inFlight` saves in flight, ending at `end`. */
const window = (
  limit: ReturnType<typeof fresh>,
  fastest: number,
  slowest: number,
  inFlight: number,
  end: number,
) => {
  limit.answered(fastest, inFlight, end - 50);
  limit.answered(slowest, inFlight, end);
};
/** A limit raised to its ceiling by saves of `ownMs` (5 ms) that reached it, whose last window ended at 400 ms. */
function warmed(ownMs = 5) {
  const limit = fresh();
  for (let end = 100; end <= 400; end += 100) window(limit, ownMs, ownMs, limit.limit(), end);
  expect(limit.limit()).toBe(1000);
  return limit;
}

/** A fresh limit cut to 8 by two windows in a row whose slowest save took 60 ms with 11 in flight (the last ends at 200). */
function cutTo8() {
  const limit = fresh();
  window(limit, 5, 60, 11, 100);
  window(limit, 5, 60, 11, 200);
  expect(limit.limit()).toBe(8);
  return limit;
}

describe('the save limit (ceiling 1000, target 50 ms, revised every 100 ms)', () => {
  it('starts at 64 and doubles while saves in time reach it: 128, 256, 512, then the ceiling', () => {
    const limit = fresh();
    expect(limit.limit()).toBe(64);
    const seen = [100, 200, 300, 400].map((end) => {
      window(limit, 5, 5, limit.limit(), end);
      return limit.limit();
    });
    expect(seen).toEqual([128, 256, 512, 1000]);
  });

  it('judges a window by its 99th percentile: 6 of 600 saves at 300 ms keep the limit, 7 cut it at once (1000 in flight → 166)', () => {
    // A lone pause (a collection, a checkpoint) delays the few saves in it; a queue delays more than one in a hundred.
    // A window of fewer than 100 saves is judged by its slowest (the tests above).
    const windowOf = (slowSaves: number) => {
      const limit = warmed();
      for (let i = 0; i < 600; i++) limit.answered(i < slowSaves ? 300 : 10, 1000, 401 + (i * 99) / 599);
      return limit.limit();
    };
    expect(windowOf(6)).toBe(1000);
    expect(windowOf(7)).toBe(166);
  });

  it('is not revised before 100 ms have passed', () => {
    const limit = fresh();
    limit.answered(5, 40, 50);
    limit.answered(125, 40, 99);
    expect(limit.limit()).toBe(64);
    limit.answered(125, 40, 100);
    expect(limit.limit()).toBe(16);
  });

  it('keeps the limit when the slowest save took 50 ms, lowers it to 3/4 of the 600 in flight at 51 ms twice', () => {
    const kept = warmed();
    window(kept, 5, 50, 600, 500);
    window(kept, 5, 50, 600, 600);
    expect(kept.limit()).toBe(1000);
    const lowered = warmed();
    window(lowered, 5, 51, 600, 500);
    window(lowered, 5, 51, 600, 600);
    expect(lowered.limit()).toBe(450);
  });

  it('keeps the limit after one window alone whose slowest save took 100 ms (not after one at 101 ms: below)', () => {
    const kept = warmed();
    window(kept, 5, 100, 600, 500);
    expect(kept.limit()).toBe(1000);
    // The next window in time: the slow one is forgotten, not counted toward a second.
    window(kept, 5, 10, 600, 600);
    window(kept, 5, 100, 600, 700);
    expect(kept.limit()).toBe(1000);
  });

  it('keeps 64 for a process’s cold first saves: 11 in flight, the slowest 27 ms in the server + 24 unread', () => {
    // A worker's third window of its first saves after a quiet spell (traced in the bench): cut to 8 by one window,
    // its 14 connections were refused and sent away for 2 s.
    const limit = fresh();
    limit.answered(25, 5, 100, 1);
    window(limit, 1, 30, 14, 200);
    limit.answered(2, 11, 250);
    limit.answered(27, 11, 300, 24);
    expect(limit.limit()).toBe(64);
    window(limit, 1, 27, 8, 400);
    expect(limit.limit()).toBe(64);
  });

  it('drops at once to what would have met the target: 400 in flight at 101 ms → 198, 200 → 100, 500 → 40', () => {
    const seen = [101, 200, 500].map((slowest) => {
      const limit = warmed();
      window(limit, 5, slowest, 400, 500);
      return limit.limit();
    });
    expect(seen).toEqual([198, 100, 40]);
  });

  it('counts a wait to be read, never as the database’s own time: 100 ms + 100 unread is in time, + 101 is not', () => {
    const waited = (unreadMs: number) => {
      const limit = fresh();
      for (const end of [100, 200]) {
        limit.answered(100, 64, end - 50, unreadMs);
        limit.answered(100, 64, end, unreadMs);
      }
      return limit.limit();
    };
    expect(waited(100)).toBe(128);
    expect(waited(101)).toBe(48);
  });

  it('does not go below 8', () => {
    const limit = fresh();
    window(limit, 5, 60, 12, 100);
    window(limit, 5, 60, 12, 200);
    expect(limit.limit()).toBe(9);
    window(limit, 5, 60, 10, 300);
    expect(limit.limit()).toBe(8);
    window(limit, 5, 500, 400, 400);
    expect(limit.limit()).toBe(8);
  });

  it('after a cut rises by a tenth when saves in time reached it (300 in flight), not at 299, not above 1000', () => {
    const limit = warmed();
    window(limit, 5, 51, 400, 500);
    window(limit, 5, 51, 400, 600);
    expect(limit.limit()).toBe(300);
    window(limit, 5, 50, 299, 700);
    expect(limit.limit()).toBe(300);
    window(limit, 5, 50, 300, 800);
    expect(limit.limit()).toBe(330);
    for (let end = 900; end < 3100; end += 100) window(limit, 5, 10, limit.limit(), end);
    expect(limit.limit()).toBe(1000);
  });

  it('looks back one window only: slow saves of an earlier tenth of a second do not lower it again', () => {
    const limit = warmed();
    window(limit, 5, 51, 400, 500);
    window(limit, 5, 51, 400, 600);
    window(limit, 5, 10, 200, 700);
    expect(limit.limit()).toBe(300);
  });

  it('falls back to twice the saves in flight when far from reached (100 → 200), to 64 at least', () => {
    const limit = warmed();
    window(limit, 5, 10, 100, 500);
    expect(limit.limit()).toBe(200);
    window(limit, 5, 10, 3, 600);
    expect(limit.limit()).toBe(64);
  });

  it('after a cut below 64 doubles back in windows in time, reached or not: 30 → 60 → 64, then stays at 64', () => {
    const limit = fresh();
    window(limit, 5, 60, 40, 100);
    window(limit, 5, 60, 40, 200);
    expect(limit.limit()).toBe(30);
    const seen = [300, 400, 500].map((end) => {
      window(limit, 5, 10, 3, end);
      return limit.limit();
    });
    expect(seen).toEqual([60, 64, 64]);
  });

  it('climbs back from a cut to 8 (11 in flight) while 8 saves stay in flight in time: 16, 32, 64, then 70', () => {
    // A worker's connections, refused by the cut, are away for 2 s: the saves left in flight keep below the limit.
    const limit = cutTo8();
    const seen = [300, 400, 500].map((end) => {
      window(limit, 5, 10, 8, end);
      return limit.limit();
    });
    expect(seen).toEqual([16, 32, 64]);
    // At 64 the climb is the slow one again: a tenth, and only when saves in time reached it.
    window(limit, 5, 10, 63, 600);
    expect(limit.limit()).toBe(64);
    window(limit, 5, 10, 64, 700);
    expect(limit.limit()).toBe(70);
  });

  it('stops climbing back at a slow window: 8 → 16, kept at 16 by a lone slow one, lowered to 12 by a second', () => {
    const limit = cutTo8();
    window(limit, 5, 10, 8, 300);
    expect(limit.limit()).toBe(16);
    window(limit, 5, 60, 16, 400);
    expect(limit.limit()).toBe(16);
    window(limit, 5, 60, 16, 500);
    expect(limit.limit()).toBe(12);
  });
});

describe('on a database whose own time for a save is 45 ms (PostgreSQL: a group commit and its fsync)', () => {
  it('refuses nothing for saves up to twice that: 64 in flight answered in 45–90 ms for 5 s', () => {
    const limit = fresh();
    for (let end = 100; end <= 5000; end += 100) {
      window(limit, 45, 90, 64, end);
      expect(limit.limit()).toBeGreaterThanOrEqual(64);
    }
  });

  it('lowers the limit for saves that waited past twice that: 91 ms twice, to 3/4 of the 64 in flight', () => {
    const limit = fresh();
    window(limit, 45, 91, 64, 100);
    expect(limit.limit()).toBe(64);
    window(limit, 45, 91, 64, 200);
    expect(limit.limit()).toBe(48);
  });

  it('still refuses waiting: 400 in flight at 200 ms → what meets 90 ms, 180', () => {
    const limit = warmed(45);
    window(limit, 45, 200, 400, 500);
    expect(limit.limit()).toBe(180);
  });

  it('learns a database that became slower for good: 100 ms saves after 5 ms ones are in time within 4 s', () => {
    const limit = warmed();
    window(limit, 100, 100, 1000, 500);
    expect(limit.limit()).toBe(1000);
    window(limit, 100, 100, 1000, 600);
    expect(limit.limit()).toBe(500);
    for (let end = 700; end <= 4400; end += 100) window(limit, 100, 100, limit.limit(), end);
    const settled = limit.limit();
    window(limit, 100, 100, settled, 4500);
    expect(limit.limit()).toBeGreaterThan(settled);
  });
});

describe('a save that waited unread (target 50 ms)', () => {
  it('is never refused for its wait while no save was refused, however long it waited', () => {
    expect(fresh().waitedTooLong(5000, 300)).toBe(false);
  });

  it('nothing refused yet: taken on after 5 s unread as the 64th save the loop read in its turn (the limit)', () => {
    // A loop's long turn alone: its backlog, up to the limit, is taken on.
    expect(fresh().waitedTooLong(5000, 300, 64)).toBe(false);
  });

  it('nothing refused yet, the loop’s turn past the limit: the 65th save refused at 26 ms unread, not at 25', () => {
    // An overload's first burst: more saves in one turn than are taken on at once, each waiting behind the others.
    const limit = fresh();
    expect(limit.waitedTooLong(26, 300, 65)).toBe(true);
    expect(limit.waitedTooLong(140, 300, 1000)).toBe(true);
    expect(limit.waitedTooLong(25, 300, 1000)).toBe(false);
    // After a cut to 8, the 9th.
    const cut = cutTo8();
    expect(cut.waitedTooLong(26, 300, 9)).toBe(true);
    expect(cut.waitedTooLong(26, 300, 8)).toBe(false);
  });

  it('within 1 s of a refused save: refused at 26 ms unread (past half the target), taken on at 25 ms', () => {
    const limit = fresh();
    limit.refused(1000);
    expect(limit.waitedTooLong(26, 1000)).toBe(true);
    expect(limit.waitedTooLong(26, 1999)).toBe(true);
    expect(limit.waitedTooLong(25, 1500)).toBe(false);
    // A second after the last refusal the process no longer counts as shedding.
    expect(limit.waitedTooLong(26, 2000)).toBe(false);
    limit.refused(2500);
    expect(limit.waitedTooLong(26, 2600)).toBe(true);
  });
});
