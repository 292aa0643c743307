import { formatJumlah, formatNilai } from '../../../src/client/lib/format';

describe('numbers as Indonesians write them', () => {
  it('writes a score with a decimal comma and at most two decimals', () => {
    expect(formatNilai(612.5)).toBe('612,5');
    expect(formatNilai(1234.567)).toBe('1.234,57');
    expect(formatNilai(700)).toBe('700');
  });

  it('writes a count with dots between thousands', () => {
    expect(formatJumlah(10101)).toBe('10.101');
    expect(formatJumlah(999)).toBe('999');
  });
});

describe('the hand-written notation (no Intl.NumberFormat on the page)', () => {
  const intl = [0, 2].map((digits) => new Intl.NumberFormat('id-ID', { maximumFractionDigits: digits }));

  it('writes what Intl.NumberFormat("id-ID") writes, rounding and grouping included', () => {
    const values = [
      0,
      -0,
      1.005,
      0.125,
      2.675,
      999.995,
      9.999,
      -1234.567,
      0.1 + 0.2,
      1e21,
      1.5e-7,
      -0.001,
      1e-7,
    ];
    // A fixed pseudo-random spread of scores, counts and amounts (no seed needed: a linear congruence).
    let x = 12345;
    for (let i = 0; i < 2000; i += 1) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      values.push((x / 2 ** 31) * 10 ** (i % 10) * (i % 3 === 0 ? -1 : 1));
    }
    for (const value of values) {
      expect([formatJumlah(value), formatNilai(value)]).toEqual(intl.map((format) => format.format(value)));
    }
  });

  it('writes what is not a number as Intl does', () => {
    for (const value of [Number.NaN, Infinity, -Infinity])
      expect(formatNilai(value)).toBe(intl[1].format(value));
  });
});
