import {
  crossedMultiple,
  crossedWarning,
  deadlineFrom,
  formatMmSs,
  msUntilNextSecond,
  remainingSeconds,
} from '../../../src/client/lib/countdown';

describe('countdown arithmetic', () => {
  it('recomputes the remaining seconds from the deadline, rounding a begun second up', () => {
    const deadline = deadlineFrom(10_000, 90);
    expect(deadline).toBe(100_000);
    expect(remainingSeconds(deadline, 10_000)).toBe(90);
    expect(remainingSeconds(deadline, 10_001)).toBe(90);
    expect(remainingSeconds(deadline, 11_000)).toBe(89);
    expect(remainingSeconds(deadline, 250_000)).toBe(0);
  });

  it('sleeps until the displayed second changes', () => {
    expect(msUntilNextSecond(100_000, 10_000)).toBe(1000);
    expect(msUntilNextSecond(100_000, 10_250)).toBe(750);
    expect(msUntilNextSecond(100_000, 120_000)).toBe(1);
  });

  it('shows mm:ss, minutes past an hour included', () => {
    expect(formatMmSs(0)).toBe('00:00');
    expect(formatMmSs(65)).toBe('01:05');
    expect(formatMmSs(185 * 60)).toBe('185:00');
  });

  it('detects a crossed multiple of 120 s, also when ticks were skipped', () => {
    expect(crossedMultiple(241, 240)).toBe(true);
    expect(crossedMultiple(240, 239)).toBe(false);
    expect(crossedMultiple(250, 39)).toBe(true);
    expect(crossedMultiple(119, 50)).toBe(false);
    expect(crossedMultiple(5, 0)).toBe(false);
    expect(crossedMultiple(100, 100)).toBe(false);
  });

  it('warns once at 300 s', () => {
    expect(crossedWarning(301, 300)).toBe(true);
    expect(crossedWarning(400, 250)).toBe(true);
    expect(crossedWarning(300, 299)).toBe(false);
  });
});
