/** The ranking pages' labels: only those pages show them, so they load with them, not with the login page (the
 * saga's action names stay in src/client/text.ts). */
export const rankingText = {
  title: 'Ranking',
  pilihPaket: 'Pilih paket untuk melihat ranking',
  paketNumber: (paket: number | string) => `Paket #${paket}`,
  rankingPaket: (paket: number | string) => `Ranking Paket #${paket}`,
  rankSaya: 'Rank Saya',
  dariPeserta: (jumlah: number) => `dari ${jumlah} Peserta`,
  rank: 'Rank',
  nama: 'Nama',
  skor: 'Skor',
  pilihanKe: (num: number) => `Pilihan ${num}`,
  nilaiMinimum: 'Nilai Minimum',
  peringkatPilihan: 'Peringkat Peminat',
  kamu: 'kamu',
  navigasi: 'Halaman ranking',
  teratas: 'Teratas',
  sebelumnya: 'Sebelumnya',
  berikutnya: 'Berikutnya',
  posisiSaya: 'Posisi saya',
  halamanDari: (halaman: number, jumlah: number) => `Halaman ${halaman} dari ${jumlah}`,
};
