import { text } from '../../text';

/**
 * The package pages' words: only those pages show them, so they load with them, not with the login page. What the
 * sagas and shared components say stays in src/client/text.ts.
 */
export const paketText = {
  ...text.tryoutPaket,
  petunjukKhusus: 'Petunjuk khusus',
  petunjukKhususItems: [
    'Petunjuk A: pilih satu jawaban yang paling tepat.',
    'Petunjuk B: soal terdiri atas pernyataan dan alasan; pilih (A) pernyataan dan alasan benar serta berhubungan, ' +
      '(B) keduanya benar tetapi tidak berhubungan, (C) pernyataan benar dan alasan salah, (D) pernyataan salah ' +
      'dan alasan benar, (E) keduanya salah.',
    'Petunjuk C: pilih (A) jika pernyataan (1), (2) dan (3) benar, (B) jika (1) dan (3) benar, (C) jika (2) dan ' +
      '(4) benar, (D) jika hanya (4) benar, (E) jika semuanya benar.',
    'Petunjuk D: pilih kata bergaris bawah yang tidak tepat atau perlu diperbaiki.',
  ],
  detailTitle: (paket: number | string) => `Detail Tryout Paket #${paket}`,
  jumlahSoal: (soal: number) => `${soal} Soal`,
  menit: (menit: number) => `${menit} Menit`,
  mapelLine: (mapel: string, soal: number, menit: number) => `${mapel} (${soal} soal, ${menit} menit)`,
  sudahDikerjakan: 'Sudah Dikerjakan',
  belumBisaDikerjakan: 'Belum Bisa Dikerjakan',
  mulaiSekarang: 'Mulai Sekarang',
  gagalDetail: 'Gagal Mendapatkan Detail Tryout',
  previewTitle: (kategori: string) => `Preview Tryout Kategori ${kategori}`,
  totalSoal: 'Jumlah Soal',
  totalWaktu: 'Total Waktu',
  kerjakan: 'Kerjakan',
  selesai: 'Selesai',
  pdfSoal: 'PDF Soal',
  akhiriTryout: 'Akhiri Tryout',
  selesaikanUjian: 'Selesaikan Ujian',
  prev: 'Prev',
  next: 'Next',
  batalkanJawaban: 'Batalkan Jawaban',
  batalkanPilihan: 'Batalkan Pilihan',
  petunjuk: 'Petunjuk',
  petunjukText:
    'Pilih nomor soal untuk berpindah. Jawaban tersimpan otomatis; isian tersimpan saat kotak jawaban ditinggalkan.',
  petunjukReguler: 'Soal yang sudah dijawab terkunci dan tidak dapat dibuka lagi.',
  pembahasanFrame: (kategori: string) => `Pembahasan ${kategori}`,
};
