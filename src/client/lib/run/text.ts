/**
 * The run engine's own words (not in the spec): the unobtrusive note of answers not yet on the server. They load
 * with the sheets and the sagas, not with the login page.
 */
export const runText = {
  menungguDikirim: (count: number) => `${count} jawaban menunggu dikirim…`,
  // Calm on purpose: nothing is lost, and nothing is claimed as on the server ("tersimpan") that is not.
  koneksiTerganggu:
    'Koneksi ke server sedang terganggu. Jawabanmu menunggu di perangkat ini dan dikirim otomatis begitu tersambung kembali.',
  ditolak: 'Jawaban ini ditolak server dan dikembalikan ke jawaban terakhir yang diterima.',
  tidakTerkirim: (count: number) =>
    `Waktu habis sebelum ${count} jawaban sampai ke server; soal itu kembali ke jawaban terakhir yang diterima server.`,
} as const;
