/**
 * The demo schedules. Their packages (categories, subjects, minutes, questions) are the files in `paket/`: regular
 * packages are taken by students whose profile allows only A–D as well, so they are written with four options and
 * keys A–D; the TO Akbar event's packages have five (its seven subtests add up to 185 minutes, as the dashboard
 * text says).
 */

export const DAY = 24 * 60 * 60 * 1000;

export type JadwalRole =
  'selesai' | 'berjalan' | 'berikutnya' | 'akanDatang' | 'terlewat' | 'eventSelesai' | 'eventBerjalan';

export interface JadwalDef {
  role: JadwalRole;
  paket: number;
  nama: string;
  /** Days relative to `now` (negative: past). */
  mulai: number;
  akhir: number;
  isEvent: boolean;
}

/** In insertion order. Paket #1 and #9 are the finished ones, #5 is past and left unfinished by `reguler`. */
export const JADWAL: readonly JadwalDef[] = [
  { role: 'selesai', paket: 1, nama: 'Tryout UTBK SNBT Paket #1', mulai: -30, akhir: -6, isEvent: false },
  { role: 'terlewat', paket: 5, nama: 'Tryout UTBK SNBT Paket #5', mulai: -21, akhir: -3, isEvent: false },
  { role: 'berjalan', paket: 2, nama: 'Tryout UTBK SNBT Paket #2', mulai: -1, akhir: 14, isEvent: false },
  { role: 'berikutnya', paket: 3, nama: 'Tryout UTBK SNBT Paket #3', mulai: -1, akhir: 21, isEvent: false },
  { role: 'akanDatang', paket: 4, nama: 'Tryout UTBK SNBT Paket #4', mulai: 7, akhir: 28, isEvent: false },
  {
    role: 'eventSelesai',
    paket: 9,
    nama: 'TO Akbar SNBT Nasional Paket #9',
    mulai: -45,
    akhir: -12,
    isEvent: true,
  },
  {
    role: 'eventBerjalan',
    paket: 10,
    nama: 'TO Akbar SNBT Nasional Paket #10',
    mulai: -1,
    akhir: 6,
    isEvent: true,
  },
];
