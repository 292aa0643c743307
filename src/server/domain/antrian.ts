/**
 * Queues of a package: categories are taken in order, and inside a category subjects are
 * taken in order. Pure: the caller gives the lists in their order (`urutan`).
 */

/** `is_antrian` per category: 1 until the category before it is ended (an ended category is never queued). */
export function kategoriAntrian(kategori: readonly { selesai: boolean }[]): (0 | 1)[] {
  return kategori.map((k, i) => (i > 0 && !k.selesai && !kategori[i - 1].selesai ? 1 : 0));
}

export interface MapelAntrian {
  /** 0 for the first unfinished subject (and for finished ones), else its place in the queue behind it. */
  antrian: number;
  /** Why a queued subject cannot be opened yet, '' otherwise. */
  antrian_str: string;
}

/** Index of the first unfinished subject, -1 when every subject is finished. */
export function firstOpenIndex(mapel: readonly { selesai: boolean }[]): number {
  return mapel.findIndex((m) => !m.selesai);
}

const ANTRIAN_AWAL = 'Selesaikan ';
const ANTRIAN_AKHIR = ' terlebih dahulu';

/** Text shown on a queued subject: the subject the student can work on now must be finished first. */
export function antrianText(namaMapelTerbuka: string): string {
  return `${ANTRIAN_AWAL}${namaMapelTerbuka}${ANTRIAN_AKHIR}`;
}

/** Whether a message is antrianText's (the subject's name varies). */
export function isAntrianText(message: string): boolean {
  return message.startsWith(ANTRIAN_AWAL) && message.endsWith(ANTRIAN_AKHIR);
}

/** `antrian` and `antrian_str` per subject of a category. */
export function mapelAntrian(mapel: readonly { nama: string; selesai: boolean }[]): MapelAntrian[] {
  const first = firstOpenIndex(mapel);
  let place = 0;
  return mapel.map((m, i) => {
    if (m.selesai || first < 0 || i <= first) return { antrian: 0, antrian_str: '' };
    place += 1;
    return { antrian: place, antrian_str: antrianText(mapel[first].nama) };
  });
}
