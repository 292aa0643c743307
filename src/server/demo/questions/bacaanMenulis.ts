import { bankItem, esai, p, pilihanGanda, type GenContext, type Generator, type SoalDraft } from './draft';

/** Pemahaman Bacaan dan Menulis: effective sentences, conjunctions, spelling (EYD V) and an editing essay. */

const KALIMAT_EFEKTIF: readonly [string, string[]][] = [
  [
    'Para siswa berkumpul di aula untuk mendengarkan pengarahan kepala sekolah.',
    [
      'Para siswa-siswa berkumpul di aula untuk mendengarkan pengarahan kepala sekolah.',
      'Para siswa berkumpul di aula agar supaya mendengarkan pengarahan kepala sekolah.',
      'Bagi para siswa berkumpul di aula untuk mendengarkan pengarahan kepala sekolah.',
      'Para siswa berkumpul di aula untuk mendengarkan daripada pengarahan kepala sekolah.',
    ],
  ],
  [
    'Menurut penelitian itu, konsumsi gula berlebih meningkatkan risiko diabetes.',
    [
      'Menurut penelitian itu mengatakan bahwa konsumsi gula berlebih meningkatkan risiko diabetes.',
      'Menurut penelitian itu, konsumsi gula berlebih adalah merupakan risiko diabetes.',
      'Dalam penelitian itu menyebutkan konsumsi gula berlebih meningkatkan risiko diabetes.',
      'Menurut penelitian itu, konsumsi gula yang berlebih-lebihan sangat meningkatkan sekali risiko diabetes.',
    ],
  ],
  [
    'Panitia mengumumkan hasil seleksi pada Senin, 3 Juni 2024.',
    [
      'Panitia mengumumkan hasil daripada seleksi pada hari Senin, tanggal 3 Juni 2024.',
      'Hasil seleksi diumumkan oleh panitia pada hari Senin tanggal 3 bulan Juni tahun 2024.',
      'Oleh panitia mengumumkan hasil seleksi pada Senin, 3 Juni 2024.',
      'Panitia telah mengumumkan hasil seleksi pada Senin, 3 Juni 2024 yang lalu.',
    ],
  ],
  [
    'Kami berharap pemerintah daerah segera memperbaiki jalan desa.',
    [
      'Kami berharap agar supaya pemerintah daerah segera memperbaiki jalan desa.',
      'Kami mengharapkan kepada pemerintah daerah segera memperbaiki jalan desa.',
      'Kami berharap pemerintah daerah segera memperbaiki jalan desa-desa.',
      'Harapan kami pemerintah daerah segera untuk memperbaiki jalan desa.',
    ],
  ],
];

const KONJUNGSI: readonly [string, string, string[]][] = [
  [
    'Hujan turun sangat deras sejak pagi. …, pertandingan final tetap dilangsungkan sesuai jadwal.',
    'Meskipun demikian',
    ['Oleh karena itu', 'Dengan demikian', 'Selain itu', 'Akibatnya'],
  ],
  [
    'Harga gabah di tingkat petani terus turun. …, banyak petani menunda penjualan hasil panen.',
    'Akibatnya',
    ['Namun', 'Sebaliknya', 'Meskipun begitu', 'Misalnya'],
  ],
  [
    'Perpustakaan sekolah menambah koleksi buku digital. …, perpustakaan juga membuka layanan pada hari Sabtu.',
    'Selain itu',
    ['Akan tetapi', 'Oleh sebab itu', 'Walaupun demikian', 'Sebaliknya'],
  ],
  [
    'Sebagian warga sudah memilah sampah rumah tangga. …, sebagian lainnya masih membakar sampah di pekarangan.',
    'Sementara itu',
    ['Oleh karena itu', 'Dengan demikian', 'Karena itu', 'Jadi'],
  ],
  [
    'Pemerintah menaikkan anggaran pendidikan. …, kualitas sarana sekolah di daerah terpencil diharapkan membaik.',
    'Dengan demikian',
    ['Namun', 'Meskipun', 'Sebaliknya', 'Padahal'],
  ],
];

const EJAAN: readonly [string, string[]][] = [
  [
    'Ibu membeli sayur di pasar pukul 07.30.',
    [
      'Ibu membeli sayur dipasar pukul 07.30.',
      'Ibu membeli sayur di pasar pukul 07:30.',
      'Ibu membeli sayur di Pasar pukul 07.30 .',
      'Ibu membeli sayur di pasar Pukul 07.30.',
    ],
  ],
  [
    'Kakak akan melanjutkan kuliah ke luar negeri tahun depan.',
    [
      'Kakak akan melanjutkan kuliah keluar negeri tahun depan.',
      'Kakak akan melanjutkan kuliah ke luar Negeri tahun depan.',
      'Kakak akan melanjutkan kuliah ke-luar negeri tahun depan.',
      'Kakak akan melanjutkan kuliah keluar-negeri tahun depan.',
    ],
  ],
  [
    'Presiden meresmikan bendungan itu pada Hari Pahlawan.',
    [
      'presiden meresmikan bendungan itu pada hari pahlawan.',
      'Presiden meresmikan Bendungan itu pada hari Pahlawan.',
      'Presiden me-resmikan bendungan itu pada Hari Pahlawan.',
      'Presiden meresmikan bendungan itu pada hari pahlawan.',
    ],
  ],
  [
    'Dia bertanya, “Kapan pengumuman SNBT?”',
    [
      'Dia bertanya, “kapan pengumuman SNBT”?',
      'Dia bertanya: “Kapan pengumuman SNBT?”.',
      'Dia bertanya “Kapan pengumuman SNBT?”',
      'Dia bertanya, “Kapan pengumuman snbt?”',
    ],
  ],
];

const PERBAIKAN: readonly [string, string][] = [
  [
    'Bagi siswa-siswa yang belum mengumpulkan tugas harap supaya segera menyerahkannya kepada wali kelas.',
    'Siswa yang belum mengumpulkan tugas harap segera menyerahkannya kepada wali kelas.',
  ],
  [
    'Dalam rapat itu membahas tentang kenaikan iuran komite sekolah.',
    'Rapat itu membahas kenaikan iuran komite sekolah.',
  ],
  ['Karena jalannya licin sehingga motor itu tergelincir.', 'Karena jalannya licin, motor itu tergelincir.'],
  ['Para hadirin-hadirin dimohon untuk berdiri.', 'Para hadirin dimohon berdiri.'],
];

function kalimatEfektif(ctx: GenContext): SoalDraft {
  const [benar, salah] = bankItem(KALIMAT_EFEKTIF, ctx);
  return pilihanGanda(
    ctx,
    p('Kalimat yang paling efektif adalah …'),
    benar,
    salah,
    p(
      `Kalimat efektif hemat kata, tidak bermakna ganda (pleonasme “para … -…”, “agar supaya”, “adalah merupakan”), dan subjeknya tidak didahului preposisi. Jawaban: <b>${benar}</b>`,
    ),
    0.2,
  );
}

function konjungsi(ctx: GenContext): SoalDraft {
  const [teks, benar, salah] = bankItem(KONJUNGSI, ctx);
  return pilihanGanda(
    ctx,
    p(teks, 'Kata penghubung yang tepat untuk melengkapi bagian yang rumpang adalah …'),
    benar,
    salah,
    p(`Hubungan antarkalimat tersebut paling tepat dinyatakan dengan <b>${benar.toLowerCase()}</b>.`),
    -0.2,
  );
}

function ejaan(ctx: GenContext): SoalDraft {
  const [benar, salah] = bankItem(EJAAN, ctx);
  return pilihanGanda(
    ctx,
    p('Kalimat yang penulisannya sesuai dengan EYD edisi V adalah …'),
    benar,
    salah,
    p(
      `Perhatikan penulisan kata depan <i>di/ke</i> yang dipisah, huruf kapital, dan tanda baca. Jawaban: <b>${benar}</b>`,
    ),
    0.1,
  );
}

function perbaikan(ctx: GenContext): SoalDraft {
  const [salah, benar] = bankItem(PERBAIKAN, ctx);
  return esai(
    ctx,
    p(
      `Perbaikilah kalimat berikut agar menjadi kalimat efektif, lalu jelaskan singkat kesalahannya.`,
      `<i>${salah}</i>`,
    ),
    benar,
    p(
      `Contoh perbaikan: <b>${benar}</b> Kata yang berlebihan (pleonasme) dan preposisi di depan subjek dihilangkan.`,
    ),
  );
}

export const BACAAN_MENULIS: Generator[] = [
  kalimatEfektif,
  konjungsi,
  ejaan,
  konjungsi,
  kalimatEfektif,
  ejaan,
  konjungsi,
  kalimatEfektif,
  perbaikan,
  ejaan,
  konjungsi,
  kalimatEfektif,
];
