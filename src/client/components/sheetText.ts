/**
 * The words of a tryout sheet's step bar and questions: only the (lazy) sheet and discussion pages show them, so
 * they stay out of the login page's code.
 */
export const stepText = {
  soal: (nomor: number | string) => `Soal ${nomor}`,
  current: 'sedang dibuka',
  answered: 'sudah dijawab',
  unanswered: 'belum dijawab',
  benar: 'benar',
  salah: 'salah',
  locked: 'terkunci',
  daftarSoal: 'Daftar Soal',
};

export const questionText = {
  benar: 'Benar',
  salah: 'Salah',
  memperkuat: 'Memperkuat',
  memperlemah: 'Memperlemah',
  pernyataan: 'Pernyataan',
  jawabanLabel: 'Jawaban',
  pilihanJawaban: 'Pilihan jawaban',
  isianPlaceholder: 'Tulis jawaban singkat',
  esaiPlaceholder: 'Tulis jawaban uraian',
};
