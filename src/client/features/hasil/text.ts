import { text } from '../../text';
import { sejauhPenutupan } from '../../../contract/progresPenutupan';

/**
 * The result pages' words: only those pages (and their components) show them, so they load with them, not with
 * the login page. What the saga and the shared question components say stays in src/client/text.ts.
 */
export const hasilText = {
  ...text.hasil,
  title: 'Hasil Tryout',
  tabPaket: 'Hasil Tryout Paket',
  tabMateri: 'Hasil Tryout Permateri',
  tabPtn: 'Status PTN',
  // The spec gives Hasil three tabs for everyone; to whom per-topic tryouts are closed the tab says why it is empty.
  materiEvent:
    'Peserta TO Akbar tidak mengerjakan Tryout Permateri, jadi tidak ada hasil Tryout Permateri di sini.',
  materiProgram:
    'Program kamu tidak termasuk Tryout Permateri, jadi tidak ada hasil Tryout Permateri di sini.',
  /** A schedule being closed: its row's cells, and the line above the table with the server's progress. */
  sedangDihitung: 'Hasil sedang dihitung',
  dimuatUlangSendiri: 'Halaman ini dimuat ulang sendiri.',
  progresDihitung: (dinilai: number, jumlah: number) =>
    jumlah > 0
      ? `Hasil sedang dihitung: ${sejauhPenutupan(dinilai, jumlah)}. Halaman ini dimuat ulang sendiri.`
      : 'Hasil sedang dihitung. Halaman ini dimuat ulang sendiri.',
  no: 'No',
  paket: 'Paket',
  kategori: 'Kategori',
  tanggal: 'Tanggal',
  persentaseNilai: 'Persentase Nilai',
  nilai: 'Nilai',
  rataRata: 'Rata-Rata',
  pdf: 'PDF',
  unduhPdf: 'Unduh PDF',
  mataPelajaran: 'Mata Pelajaran',
  materi: 'Materi',
  skor: 'Skor',
  pembahasan: 'Pembahasan',
  aksi: 'Aksi',
  lihat: 'Lihat',
  paketNumber: (paket: number | string) => `Paket #${paket}`,
  chartTitle: 'Grafik Nilai Try Out UTBK',
  chartAxisSkor: 'Skor',
  chartAxisPaket: 'Paket',
  detailTidakDitemukan: 'Data Detail Hasil Tryout Tidak Ditemukan',
  detailHeading: (nama: string, minat: string, paket: number) =>
    `${nama.toUpperCase()} — ${minat} — Paket #${paket}`,
  benar: 'Benar',
  salah: 'Salah',
  download: 'Download',
  pdfTitle: (paket: number | string, kategori: string) => `Hasil Tryout Paket #${paket} ${kategori}`.trim(),
  pdfFrameTitle: 'PDF hasil tryout',
  reviewListTitle: (paket: number | string) => `Pembahasan Paket #${paket}`,
  selesai: 'Selesai',
  belumDikerjakan: 'Belum Dikerjakan',
  lihatPembahasan: 'Lihat Pembahasan',
  benarDari: (benar: number, jumlah: number) => `Benar ${benar} / ${jumlah}`,
  soalNomor: (nomor: number) => `Soal ${nomor}`,
  daftarSoal: 'Daftar Soal',
  jawabanKamu: 'Jawaban Kamu',
  kunciJawaban: 'Kunci Jawaban',
  pernyataan: 'Pernyataan',
  prev: 'Prev',
  next: 'Next',
  skorKamu: 'Skor kamu adalah',
  pilihan: 'Pilihan',
  universitas: 'Universitas',
  jurusan: 'Jurusan',
  jenjang: 'Jenjang',
  rank: 'Rank',
  nilaiMinimum: 'Nilai Minimum',
  status: 'Status',
  betul: 'Betul',
  total: 'Total',
  /** Where a running TO Akbar event's figures would be in the result lists. */
  menungguTOAkbar: 'menunggu TO Akbar berakhir',
};
