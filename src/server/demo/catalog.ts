import { BACAAN_MENULIS } from './questions/bacaanMenulis';
import type { Generator } from './questions/draft';
import { KUANTITATIF } from './questions/kuantitatif';
import { LITERASI_INDONESIA } from './questions/literasiIndonesia';
import { LITERASI_INGGRIS } from './questions/literasiInggris';
import { PENALARAN_MATEMATIKA } from './questions/penalaranMatematika';
import { PENALARAN_UMUM } from './questions/penalaranUmum';
import { PENGETAHUAN_UMUM } from './questions/pengetahuanUmum';

/** The UTBK/SNBT subtests as the demo packages hold them. */

export interface MapelDef {
  nama: string;
  generators: Generator[];
  /** Minutes in a regular practice package. */
  menitReguler: number;
  /** Minutes in the TO Akbar event (the seven subtests add up to 185, as the dashboard text says). */
  menitEvent: number;
}

export interface KategoriDef {
  nama: string;
  mapel: MapelDef[];
}

export const KATEGORI: readonly KategoriDef[] = [
  {
    nama: 'TPS',
    mapel: [
      { nama: 'Penalaran Umum', generators: PENALARAN_UMUM, menitReguler: 20, menitEvent: 30 },
      {
        nama: 'Pengetahuan dan Pemahaman Umum',
        generators: PENGETAHUAN_UMUM,
        menitReguler: 12,
        menitEvent: 15,
      },
      { nama: 'Pemahaman Bacaan dan Menulis', generators: BACAAN_MENULIS, menitReguler: 15, menitEvent: 25 },
      { nama: 'Pengetahuan Kuantitatif', generators: KUANTITATIF, menitReguler: 20, menitEvent: 20 },
    ],
  },
  {
    nama: 'Literasi',
    mapel: [
      {
        nama: 'Literasi dalam Bahasa Indonesia',
        generators: LITERASI_INDONESIA,
        menitReguler: 25,
        menitEvent: 40,
      },
      {
        nama: 'Literasi dalam Bahasa Inggris',
        generators: LITERASI_INGGRIS,
        menitReguler: 20,
        menitEvent: 20,
      },
      { nama: 'Penalaran Matematika', generators: PENALARAN_MATEMATIKA, menitReguler: 25, menitEvent: 35 },
    ],
  },
];

/** Questions per subject: regular packages keep to 10, the event has a couple more. */
export const SOAL_REGULER = 10;
export const SOAL_EVENT = 12;

/**
 * Options of a multiple-choice question. Regular packages are taken by students whose profile allows only A–D
 * (`tutor`, SMP interests) as well: they are written with four options and keys A–D, so nobody meets a question
 * whose only right answer is an option they never see. Event packages go to TO Akbar students, who always get A–E.
 */
export function opsiPaket(isEvent: boolean): 4 | 5 {
  return isEvent ? 5 : 4;
}

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
