/**
 * Indonesian display dates in Western Indonesian Time, e.g. "Senin, 23 November 2026 14:00 WIB".
 * Names are written out and WIB computed as UTC+7 by hand (Indonesia has no daylight saving time) because some
 * Node builds lack the full ICU data that `Intl` with 'id-ID' and 'Asia/Jakarta' would need.
 */

const HARI = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];
const BULAN = [
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
];

/** WIB is UTC+7 all year. */
export const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

function dua(n: number): string {
  return String(n).padStart(2, '0');
}

/** Epoch milliseconds → "Hari, tanggal Bulan tahun HH:MM WIB". */
export function formatTanggal(ms: number): string {
  if (!Number.isFinite(ms)) throw new RangeError(`formatTanggal: bukan waktu yang sah: ${ms}`);
  // Shift to WIB and read the UTC fields of the shifted instant.
  const wib = new Date(ms + WIB_OFFSET_MS);
  const hari = HARI[wib.getUTCDay()];
  const bulan = BULAN[wib.getUTCMonth()];
  return (
    `${hari}, ${wib.getUTCDate()} ${bulan} ${wib.getUTCFullYear()} ` +
    `${dua(wib.getUTCHours())}:${dua(wib.getUTCMinutes())} WIB`
  );
}
