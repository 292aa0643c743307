/** Messages of the package tryout routes (refusals are made with `gagal` of lib/respons). */
import { PESAN_AKSES } from '../../scoring/skorPaket';

export const PESAN = {
  ...PESAN_AKSES,
  paketTidakAda: 'Paket tryout tidak ditemukan pada jadwal ini',
  kategoriTidakAda: 'Kategori tryout tidak ditemukan pada jadwal ini',
  mapelTidakAda: 'Mapel tidak ditemukan pada kategori ini',
  tryoutTidakAda: 'Tryout tidak ditemukan pada jadwal ini',
  bukanMilikmu: 'Akses ditolak: tryout ini milik siswa lain',
  jawabanTidakAda: 'Jawaban ini bukan bagian dari tryout ini',
  pernyataanTidakAda: 'Pernyataan ini bukan bagian dari soal ini',
  jadwalBelumDibuka: 'Jadwal tryout ini belum dibuka',
  jadwalBerakhir: 'Jadwal tryout ini sudah berakhir',
  kategoriSelesai: 'Kategori ini sudah selesai dikerjakan',
  soalBelumAda: 'Soal untuk kategori ini belum tersedia',
  kunciDiLuarPilihan:
    'Kategori ini memuat soal yang jawabannya pilihan E, padahal kamu hanya mendapat pilihan A–D. ' +
    'Hubungi admin lembagamu untuk paket yang sesuai.',
  mulai: 'Tryout berhasil dimulai',
  belumDimulai: 'Tryout kategori ini belum dimulai',
  sudahDiakhiri: 'Tryout ini sudah diakhiri',
  waktuHabis: 'Waktu mapel ini sudah habis',
  mapelSelesai: 'Mapel ini sudah selesai',
  mapelBelumDibuka: 'Mapel ini belum dibuka: klik Kerjakan untuk memulainya',
  mapelDitutup: 'Mapel selesai',
  mapelEventBerjalan: 'Mapel TO Akbar selesai saat waktunya habis, tidak dapat diselesaikan lebih awal',
  waktuTersimpan: 'Sisa waktu tersimpan',
  jawabanTersimpan: 'Jawaban tersimpan',
  belumSemuaMapel: 'Oops! Kamu belum menyelesaikan semua mapel tryout',
  berhasilDiakhiri: 'Tryout berhasil diakhiri',
} as const;

/** A category waits for the one before it (domain/antrian.ts). */
export function kategoriMengantri(namaSebelumnya: string): string {
  return `Selesaikan kategori ${namaSebelumnya} terlebih dahulu`;
}

export function tipeTidakSesuai(dikirim: number, sebenarnya: number): string {
  return `type_soal ${dikirim} tidak sesuai dengan tipe soal ini (${sebenarnya})`;
}
