/** Files an operator would import: a small package with every question type, and a class of students. */
import type { PaketFile } from '../../src/server/operator/paketFormat';

const HOUR = 60 * 60 * 1000;
export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Paket #77: TPS (Penalaran Umum: types 1, 2, 3, 5) and Literasi (Literasi Bahasa Indonesia: types 1 and 4),
 * open from an hour before `now` for two days, enrolled by username.
 */
export function paketContoh(now: number, usernames: string[], overrides: Partial<PaketFile> = {}): PaketFile {
  return {
    paket: 77,
    nama: 'Tryout Sekolah Paket #77',
    kategori: [
      {
        nama: 'TPS',
        mapel: [
          {
            nama: 'Penalaran Umum',
            waktu: 20,
            soal: [
              {
                type: 1,
                soal: '<p>Semua burung bertelur. Merpati adalah burung. Maka …</p>',
                opsi: {
                  a: 'merpati bertelur',
                  b: 'merpati terbang',
                  c: 'burung merpati',
                  d: 'tidak dapat disimpulkan',
                  e: 'merpati tidak bertelur',
                },
                kunci: 'A',
                pembahasan: '<p>Silogisme: merpati bertelur.</p>',
              },
              {
                type: 2,
                soal: '<p>Ibu kota Indonesia adalah …</p>',
                kunci: 'Jakarta',
                pembahasan: '<p>Jakarta.</p>',
              },
              {
                type: 3,
                soal: '<p>Tentukan benar atau salah.</p>',
                group_text_type: 1,
                pernyataan: [
                  { teks: '2 + 2 = 4', kunci: 'Y' },
                  { teks: '3 × 3 = 6', kunci: 'N' },
                ],
                pembahasan: '<p>Hitung saja.</p>',
              },
              { type: 5, soal: '<p>Setengah dari 1 adalah …</p>', kunci: '0,5', pembahasan: '<p>1/2.</p>' },
            ],
          },
        ],
      },
      {
        nama: 'Literasi',
        mapel: [
          {
            nama: 'Literasi dalam Bahasa Indonesia',
            waktu: 25,
            soal: [
              {
                type: 1,
                soal: '<p>Gagasan utama paragraf adalah …</p>',
                opsi: { a: 'satu', b: 'dua', c: 'tiga', d: 'empat', e: 'lima' },
                kunci: 'C',
              },
              { type: 4, soal: '<p>Tulis ringkasan bacaan.</p>', kunci: 'Ringkasan memuat gagasan utama.' },
            ],
          },
        ],
      },
    ],
    jadwal: {
      tgl_awal: iso(now - HOUR),
      tgl_akhir: iso(now + 48 * HOUR),
      is_event: false,
      peserta: { username: usernames },
    },
    ...overrides,
  };
}

export const SISWA_CSV = [
  'username,nama_lengkap,nama_panggilan,lembaga,id_program,minat,sekolah,kelas,jenjang,kurikulum,no_telp,email,password',
  'budi.santoso,Budi Santoso,Budi,SMA Harapan,7,SMA KELAS 12 IPA,SMA Harapan Bangsa,XII,SMA,Kurikulum Merdeka,0811111111,budi@harapan.sch.id,rahasia123',
  'citra.dewi,"Citra Dewi, S.",Citra,SMA Harapan,7,SMA KELAS 12 IPS,SMA Harapan Bangsa,XII,SMA,Kurikulum Merdeka,0812222222,,',
  'dodi,Dodi Firmansyah,Dodi,SMA Harapan,8,SMA KELAS 11 IPA,SMA Harapan Bangsa,XI,SMA,Kurikulum Merdeka,,,',
].join('\n');
