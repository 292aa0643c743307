import { formatTanggal, formatTanggalSaja } from '../../../src/server/domain/tanggal';

describe('formatTanggal (WIB, Indonesian names)', () => {
  it('formats an instant in WIB = UTC+7', () => {
    expect(formatTanggal(Date.UTC(2026, 10, 23, 7, 0))).toBe('Senin, 23 November 2026 14:00 WIB');
  });

  it('rolls the day, month and year over at 17:00 UTC', () => {
    expect(formatTanggal(Date.UTC(2026, 11, 31, 16, 59))).toBe('Kamis, 31 Desember 2026 23:59 WIB');
    expect(formatTanggal(Date.UTC(2026, 11, 31, 17, 0))).toBe('Jumat, 1 Januari 2027 00:00 WIB');
  });

  it('names every day and month in Indonesian', () => {
    const days = Array.from(
      { length: 7 },
      (_, i) => formatTanggal(Date.UTC(2026, 1, 1 + i, 3, 5)).split(',')[0],
    );
    expect(days).toEqual(['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu']);
    const months = Array.from(
      { length: 12 },
      (_, i) => formatTanggal(Date.UTC(2025, i, 10, 0, 0)).split(' ')[2],
    );
    expect(months).toEqual([
      'Januari',
      'Februari',
      'Maret',
      'April',
      'Mei',
      'Juni',
      'Juli',
      'Agustus',
      'September',
      'Oktober',
      'November',
      'Desember',
    ]);
  });

  it('pads hours and minutes but not the day', () => {
    expect(formatTanggal(Date.UTC(2024, 1, 29, 2, 7))).toBe('Kamis, 29 Februari 2024 09:07 WIB');
    expect(formatTanggal(Date.UTC(2026, 6, 4, 17, 30))).toBe('Minggu, 5 Juli 2026 00:30 WIB');
  });

  it('refuses a value that is not a time', () => {
    expect(() => formatTanggal(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatTanggalSaja (the date alone, WIB)', () => {
  it('writes day, month name and year, rolling over at 17:00 UTC', () => {
    expect(formatTanggalSaja(Date.UTC(2025, 4, 5, 3, 0))).toBe('5 Mei 2025');
    expect(formatTanggalSaja(Date.UTC(2026, 11, 31, 16, 59))).toBe('31 Desember 2026');
    expect(formatTanggalSaja(Date.UTC(2026, 11, 31, 17, 0))).toBe('1 Januari 2027');
  });

  it('is the date part of formatTanggal', () => {
    const ms = Date.UTC(2024, 1, 29, 2, 7);
    expect(formatTanggal(ms)).toBe(`Kamis, ${formatTanggalSaja(ms)} 09:07 WIB`);
  });

  it('refuses a value that is not a time', () => {
    expect(() => formatTanggalSaja(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
