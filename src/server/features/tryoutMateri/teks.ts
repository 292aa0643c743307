/** Messages of the per-topic routes (refusals are made with `gagal` of lib/respons). */

export const PESAN = {
  materiTidakAda: 'Materi tidak ditemukan',
  kategoriTidakAda: 'Kategori tidak ditemukan',
  mapelTidakAda: 'Mata pelajaran tidak ditemukan pada kategori ini',
  sudahSelesai: 'Tryout materi ini sudah selesai dikerjakan',
  soalBelumAda: 'Soal untuk materi ini belum tersedia',
  belumDimulai: 'Tryout materi ini belum dimulai',
  waktuHabis: 'Waktu tryout materi sudah habis',
  bukanUntukmu: 'Tryout permateri tidak tersedia untuk akun kamu',
  dataTidakAda: 'Data Tidak Ditemukan',
  pembahasanTidakAda: 'Data Pembahasan Tidak Ditemukan',
} as const;
