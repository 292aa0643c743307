/** Indonesian display dates, in Western Indonesia Time (WIB, UTC+7, no daylight saving). */
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
const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** e.g. `5 Mei 2025`. A fixed offset instead of Intl so the text does not depend on the ICU build. */
export function tanggalIndonesia(epochMs: number): string {
  const date = new Date(epochMs + WIB_OFFSET_MS);
  return `${date.getUTCDate()} ${BULAN[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
