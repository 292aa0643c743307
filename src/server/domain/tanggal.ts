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

/** The instant shifted to WIB: its UTC fields read as WIB wall-clock time. */
function wibOf(ms: number, caller: string): Date {
  if (!Number.isFinite(ms)) throw new RangeError(`${caller}: bukan waktu yang sah: ${ms}`);
  return new Date(ms + WIB_OFFSET_MS);
}

/** "tanggal Bulan tahun" of a WIB-shifted instant. */
function tanggalBulanTahun(wib: Date): string {
  return `${wib.getUTCDate()} ${BULAN[wib.getUTCMonth()]} ${wib.getUTCFullYear()}`;
}

/** Epoch milliseconds → "Hari, tanggal Bulan tahun HH:MM WIB". */
export function formatTanggal(ms: number): string {
  const wib = wibOf(ms, 'formatTanggal');
  return (
    `${HARI[wib.getUTCDay()]}, ${tanggalBulanTahun(wib)} ` +
    `${dua(wib.getUTCHours())}:${dua(wib.getUTCMinutes())} WIB`
  );
}

/** Epoch milliseconds → the date alone in WIB, e.g. "5 Mei 2025" (result lists, result PDFs). */
export function formatTanggalSaja(ms: number): string {
  return tanggalBulanTahun(wibOf(ms, 'formatTanggalSaja'));
}

/** Epoch milliseconds → date and time in WIB as sentences write it, e.g. "1 Desember 2026 21.00 WIB". */
export function formatTanggalJam(ms: number): string {
  const wib = wibOf(ms, 'formatTanggalJam');
  return `${tanggalBulanTahun(wib)} ${dua(wib.getUTCHours())}.${dua(wib.getUTCMinutes())} WIB`;
}
