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
