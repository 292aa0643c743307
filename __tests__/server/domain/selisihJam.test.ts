import { masalahJam, selisihJamMs } from '../../../src/server/domain/selisihJam';

describe('the offset of a process clock from the database clock', () => {
  it('compares the database clock with the middle of the round trip', () => {
    // Asked at 1,000, answered at 1,100: the database read its clock about 1,050 of ours.
    expect(selisihJamMs(1000, 1050, 1100)).toBe(0);
    expect(selisihJamMs(1000, 4050, 1100)).toBe(3000);
    expect(selisihJamMs(1000, -950, 1100)).toBe(-2000);
  });

  it('lets a process serve up to 2 s apart, not a millisecond more, either way', () => {
    expect(masalahJam(0)).toBeNull();
    expect(masalahJam(2000)).toBeNull();
    expect(masalahJam(-2000)).toBeNull();
    expect(masalahJam(2001)).toBe('jam server selisih 2 detik dengan basis data');
    expect(masalahJam(-2350)).toBe('jam server selisih 2,4 detik dengan basis data');
    expect(masalahJam(30_000)).toBe('jam server selisih 30 detik dengan basis data');
  });
});
