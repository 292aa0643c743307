/**
 * The limit of answer saves in flight: lowered when a save, the event loop's lateness included, was slower than the
 * target, raised when it binds.
 */
import { saveLimit } from '../../src/server/lib/saveLimit';

/** How late the event loop was in the window being revised (ms); 0 unless a test says otherwise. */
let loopLate = 0;
/** A limit at ceiling 1000 and target 50 ms whose clock starts at 0. */
const fresh = () => saveLimit({ ceiling: 1000, targetMs: 50, loopLateMs: () => loopLate }, 0);

beforeEach(() => {
  loopLate = 0;
});

describe('the save limit (ceiling 1000, target 50 ms, revised every 100 ms)', () => {
  it('starts at the ceiling and is not revised before 100 ms have passed', () => {
    const limit = fresh();
    expect(limit.limit()).toBe(1000);
    limit.answered(60, 400, 99);
    expect(limit.limit()).toBe(1000);
    limit.answered(60, 400, 100);
    expect(limit.limit()).toBe(300);
  });

  it('keeps the limit when the slowest save took 50 ms, lowers it to 3/4 of the saves in flight at 51 ms', () => {
    const kept = fresh();
    kept.answered(50, 400, 100);
    expect(kept.limit()).toBe(1000);
    const lowered = fresh();
    lowered.answered(51, 400, 100);
    expect(lowered.limit()).toBe(300);
  });

  it('counts how late the event loop was: 30 ms in the server and 20 ms late is in time, 21 ms late is not', () => {
    const kept = fresh();
    loopLate = 20;
    kept.answered(30, 400, 100);
    expect(kept.limit()).toBe(1000);
    const lowered = fresh();
    loopLate = 21;
    lowered.answered(30, 400, 100);
    expect(lowered.limit()).toBe(300);
  });

  it('drops at once to what would have met the target: 400 in flight at 200 ms → 100, at 500 ms → 40', () => {
    const quarter = fresh();
    quarter.answered(200, 400, 100);
    expect(quarter.limit()).toBe(100);
    const tenth = fresh();
    loopLate = 400;
    tenth.answered(100, 400, 100);
    expect(tenth.limit()).toBe(40);
  });

  it('does not go below 8', () => {
    const limit = fresh();
    limit.answered(60, 12, 100);
    expect(limit.limit()).toBe(9);
    limit.answered(60, 10, 200);
    expect(limit.limit()).toBe(8);
    limit.answered(500, 400, 300);
    expect(limit.limit()).toBe(8);
  });

  it('rises by a tenth when fast saves reached the limit (300 in flight), not at 299, and not above 1000', () => {
    const limit = fresh();
    limit.answered(51, 400, 100);
    expect(limit.limit()).toBe(300);
    limit.answered(50, 299, 200);
    expect(limit.limit()).toBe(300);
    limit.answered(50, 300, 300);
    expect(limit.limit()).toBe(330);
    let now = 300;
    for (let i = 0; i < 20; i += 1) limit.answered(10, limit.limit(), (now += 100));
    expect(limit.limit()).toBe(1000);
  });

  it('looks back one window only: slow saves of an earlier tenth of a second do not lower it again', () => {
    const limit = fresh();
    limit.answered(51, 400, 100);
    limit.answered(10, 100, 150);
    limit.answered(10, 100, 200);
    expect(limit.limit()).toBe(300);
  });
});
