import { competitionRanks, meanOf, packageTotal, round2 } from '../../../src/server/domain/ranking';

describe('round2 / packageTotal', () => {
  it('rounds half away from zero to two decimals', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(612.3449)).toBe(612.34);
    expect(round2(-2.345)).toBe(-2.35);
  });

  it('is the mean of the subject scores, or null without scores', () => {
    expect(packageTotal([600, 700, 701])).toBe(667);
    expect(packageTotal([500, 501, 501])).toBe(500.67);
    expect(packageTotal([])).toBeNull();
    expect(meanOf([])).toBeNull();
  });
});

describe('competitionRanks', () => {
  const rows = [
    { nama: 'Dewi', skor: 700 },
    { nama: 'Andi', skor: 800 },
    { nama: 'Citra', skor: 700 },
    { nama: 'Budi', skor: 650 },
    { nama: 'Eka', skor: 800 },
  ];

  it('gives ties the same rank and skips the places they take (1, 1, 3, 3, 5)', () => {
    const ranked = competitionRanks(
      rows,
      (r) => r.skor,
      (a, b) => a.nama.localeCompare(b.nama),
    );
    expect(ranked.map((r) => [r.peringkat, r.item.nama])).toEqual([
      [1, 'Andi'],
      [1, 'Eka'],
      [3, 'Citra'],
      [3, 'Dewi'],
      [5, 'Budi'],
    ]);
  });

  it('ranks 1, 2, 2, 4', () => {
    const ranked = competitionRanks([90, 80, 80, 70], (s) => s);
    expect(ranked.map((r) => r.peringkat)).toEqual([1, 2, 2, 4]);
  });

  it('does not change its input and handles an empty list', () => {
    const input = [1, 3, 2];
    competitionRanks(input, (s) => s);
    expect(input).toEqual([1, 3, 2]);
    expect(competitionRanks([], (s: number) => s)).toEqual([]);
  });
});
