/** Client test data of the results pages, shaped as the server answers them. */
import type { HasilPtn, PembahasanMapel, PembahasanMateri } from '../../../src/contract';

/** Base64 of the UTF-8 bytes, as the server encodes question texts. */
export const b64 = (html: string) => Buffer.from(html, 'utf8').toString('base64');

export const hasilPtn = (hasil: 0 | 1): HasilPtn => ({
  my_ptn: {
    hasil,
    hasil_str: hasil === 1 ? 'Selamat! Kamu lolos di pilihan 1' : 'Belum lolos pilihan manapun',
    skor: 612.5,
  },
  list_pilihan: [
    {
      num_option: 1,
      jenjang: 'S1',
      jurusan: 'Teknik Informatika',
      universitas: 'Universitas Gadjah Mada',
      rank_jurusan: 12,
      grade: 600,
      status: hasil,
      status_str: hasil === 1 ? 'Lolos' : 'Tidak Lolos',
    },
    {
      num_option: 2,
      jenjang: 'S1',
      jurusan: 'Kedokteran',
      universitas: 'Universitas Indonesia',
      rank_jurusan: 40,
      grade: 700,
      status: 0,
      status_str: 'Tidak Lolos',
    },
  ],
  mapel: [
    { mapel: 'Penalaran Umum', benar: 20, salah: 5, kosong: 5, nilai: 650 },
    { mapel: 'Pengetahuan Kuantitatif', benar: 10, salah: 8, kosong: 2, nilai: 575 },
  ],
  paket: 1,
});

export const reviewMapel: PembahasanMapel = {
  mapel: 'Penalaran Matematika',
  benar: 1,
  jumlah_soal: 3,
  soal: [
    {
      id_soal: 1,
      soal: b64('<p>Nilai π² kira-kira …</p>'),
      type: 1,
      a: b64('9,87'),
      b: b64('3,14'),
      c: b64('6,28'),
      d: b64('1,57'),
      e: b64(''),
      jawaban: 'B',
      kunci: 'A',
      is_benar: 0,
      pembahasan: b64('<p>π ≈ 3,1416 sehingga π² ≈ 9,87 — jawaban A.</p>'),
    },
    {
      id_soal: 2,
      soal: b64('<p>Hasil 2 + 2 adalah …</p>'),
      type: 2,
      a: '',
      b: '',
      c: '',
      d: '',
      e: '',
      jawaban: '4',
      kunci: '4',
      is_benar: 1,
      pembahasan: b64('<p>Penjumlahan biasa.</p>'),
    },
    {
      id_soal: 3,
      soal: b64('<p>Tentukan benar atau salah.</p>'),
      type: 3,
      a: '',
      b: '',
      c: '',
      d: '',
      e: '',
      jawaban: '',
      kunci: '',
      is_benar: 0,
      pembahasan: '',
      group_soal: [
        { soal: b64('Akar dari 16 adalah 4'), jawaban: '', kunci: 'Y' },
        { soal: b64('Bilangan prima terkecil adalah 1'), jawaban: '', kunci: 'N' },
      ],
    },
  ],
};

export const pembahasanMateri: PembahasanMateri = {
  materi: 'Bilangan Berpangkat',
  mapel: 'Matematika',
  soal: [
    {
      id_soal: 31,
      soal: b64('<p>Sederhanakan 2³ × 2² — hasilnya …</p><script>window.hacked = true</script>'),
      a: b64('2⁵'),
      b: b64('2⁶'),
      c: b64('4⁵'),
      d: b64(''),
      e: b64(''),
      type: 1,
      jawaban: 'A',
      kunci: 'A',
      is_benar: 1,
      pembahasan: b64('<p>Pangkat dijumlahkan: 3 + 2 = 5, jadi 2⁵ (café-proof ✓).</p>'),
    },
    {
      id_soal: 32,
      soal: b64('<p>Berapa 10⁰?</p>'),
      a: b64('0'),
      b: b64('1'),
      c: b64('10'),
      d: b64('100'),
      e: b64(''),
      type: 1,
      jawaban: '',
      kunci: 'B',
      is_benar: 0,
      pembahasan: b64('<p>Setiap bilangan bukan nol berpangkat nol sama dengan 1.</p>'),
    },
  ],
};

/** One row of the package results (GET hasil list), as the server answers it. */
export const hasilPaketRow = {
  paket: 1,
  type: 'UTBK',
  date: '12 Mei 2025',
  persentase: 66.67,
  nilai: 612.5,
  rata_rata: 540.25,
  idjadwal: 1,
  kategori: 'Tes Potensi Skolastik',
  kategoriHash: 'tps00001',
};
