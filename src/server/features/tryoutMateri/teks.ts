/** Answers shared by the per-topic routes: base64 texts and the `{status: false, message}` refusals. */

/** Base64 of the UTF-8 bytes of an HTML text (contract: soal, a..e and pembahasan travel this way). */
export function base64(teks: string): string {
  return Buffer.from(teks, 'utf8').toString('base64');
}

/** A refusal the client shows as a message (HTTP 200, spec "status false" flows). */
export function gagal(message: string): { status: false; message: string } {
  return { status: false, message };
}

export const PESAN = {
  materiTidakAda: 'Materi tidak ditemukan',
  kategoriTidakAda: 'Kategori tidak ditemukan',
  mapelTidakAda: 'Mata pelajaran tidak ditemukan pada kategori ini',
  sudahSelesai: 'Tryout materi ini sudah selesai dikerjakan',
  soalBelumAda: 'Soal untuk materi ini belum tersedia',
  belumDimulai: 'Tryout materi ini belum dimulai',
  waktuHabis: 'Waktu tryout materi sudah habis',
  dataTidakAda: 'Data Tidak Ditemukan',
  pembahasanTidakAda: 'Data Pembahasan Tidak Ditemukan',
} as const;
