import {
  angka,
  bankItem,
  kelompokPernyataan,
  p,
  pilihanGanda,
  type GenContext,
  type Generator,
  type SoalDraft,
} from './draft';

/** Literasi dalam Bahasa Indonesia: short passages with varied figures, and arguments (Memperkuat/Memperlemah). */

interface Bacaan {
  judul: string;
  teks: (n: number) => string[];
  idePokok: string;
  ideSalah: string[];
  simpulan: (n: number) => string;
  simpulanSalah: (n: number) => string[];
}

const BACAAN: readonly Bacaan[] = [
  {
    judul: 'Sampah Plastik di Pesisir',
    teks: (n) => [
      `Survei relawan lingkungan di pesisir utara Jawa mencatat bahwa ${n}% sampah yang terdampar di pantai berupa plastik sekali pakai. Kantong belanja, sedotan, dan bungkus makanan ringan mendominasi temuan tersebut.`,
      'Sebagian besar sampah itu berasal dari sungai yang melintasi permukiman padat. Ketika musim hujan tiba, arus sungai membawa sampah ke laut, lalu ombak mengembalikannya ke daratan.',
      'Pemerintah kabupaten kini mewajibkan toko modern mengenakan biaya untuk kantong plastik dan mendorong bank sampah di setiap kelurahan.',
    ],
    idePokok:
      'Sampah plastik sekali pakai mendominasi sampah pesisir dan mulai ditangani melalui kebijakan daerah.',
    ideSalah: [
      'Musim hujan menyebabkan banjir di permukiman padat.',
      'Toko modern merugi karena kantong plastik berbayar.',
      'Relawan lingkungan kekurangan dana untuk survei.',
      'Ombak laut utara Jawa semakin tinggi setiap tahun.',
    ],
    simpulan: () => 'Lebih dari separuh sampah pantai yang disurvei adalah plastik sekali pakai.',
    simpulanSalah: () => [
      'Seluruh sampah pantai berasal dari kapal nelayan.',
      'Bank sampah telah menghentikan aliran sampah ke laut.',
      'Sampah plastik hanya muncul pada musim kemarau.',
      'Toko modern tidak lagi menjual kantong plastik.',
    ],
  },
  {
    judul: 'Literasi Digital Pelajar',
    teks: (n) => [
      `Sebuah survei terhadap ${angka(n * 40)} pelajar SMA menunjukkan bahwa hampir semua responden mengakses media sosial setiap hari, tetapi hanya ${n}% yang terbiasa memeriksa sumber sebelum membagikan berita.`,
      'Kebiasaan membagikan tautan tanpa membaca isinya membuat hoaks menyebar lebih cepat daripada klarifikasinya.',
      'Beberapa sekolah mulai memasukkan latihan cek fakta ke dalam pelajaran Bahasa Indonesia dan Informatika.',
    ],
    idePokok:
      'Kebiasaan memeriksa sumber berita di kalangan pelajar masih rendah sehingga sekolah mulai melatih cek fakta.',
    ideSalah: [
      'Pelajar SMA mengakses media sosial setiap hari.',
      'Pelajaran Informatika lebih penting daripada Bahasa Indonesia.',
      'Klarifikasi berita selalu menyebar lebih lambat.',
      'Survei pelajar dilakukan oleh perusahaan media sosial.',
    ],
    simpulan: (n) =>
      `Sebagian besar pelajar dalam survei (sekitar ${100 - n}%) belum terbiasa memeriksa sumber berita.`,
    simpulanSalah: (n) => [
      `Sebanyak ${n}% pelajar tidak memakai media sosial.`,
      'Semua sekolah sudah mengajarkan cek fakta.',
      'Hoaks hanya disebarkan oleh pelajar SMA.',
      'Pelajar yang membaca berita tidak pernah membagikannya.',
    ],
  },
  {
    judul: 'Energi Surya di Desa',
    teks: (n) => [
      `Sejak ${n} panel surya dipasang di atap balai desa dan sekolah, Desa Wae Rebo tidak lagi bergantung sepenuhnya pada genset berbahan bakar solar.`,
      'Listrik dari panel surya disimpan dalam baterai sehingga lampu jalan dapat menyala hingga pagi. Biaya bahan bakar yang dihemat digunakan untuk membiayai perawatan panel.',
      'Meski demikian, warga masih memerlukan pelatihan teknis karena kerusakan kecil pada inverter sering menunggu teknisi dari kota selama berhari-hari.',
    ],
    idePokok:
      'Panel surya mengurangi ketergantungan desa pada solar, tetapi perawatannya masih memerlukan keterampilan warga.',
    ideSalah: [
      'Genset berbahan bakar solar sudah tidak dijual lagi.',
      'Lampu jalan di desa menyala sepanjang hari.',
      'Teknisi dari kota menolak datang ke desa.',
      'Balai desa dibangun dari dana hasil penghematan.',
    ],
    simpulan: () =>
      'Pelatihan teknis bagi warga dapat mempercepat perbaikan kerusakan kecil pada sistem panel surya.',
    simpulanSalah: () => [
      'Panel surya tidak pernah rusak.',
      'Desa itu kini sepenuhnya tanpa listrik pada malam hari.',
      'Biaya perawatan panel lebih mahal daripada solar.',
      'Warga menolak penggunaan baterai.',
    ],
  },
  {
    judul: 'Transportasi Umum Perkotaan',
    teks: (n) => [
      `Setelah jalur bus rapid transit diperpanjang, jumlah penumpang harian di kota itu naik ${n}% dalam enam bulan.`,
      'Kenaikan terbesar terjadi pada jam berangkat kerja. Namun, penumpang mengeluhkan halte yang jauh dari permukiman sehingga mereka harus menyambung dengan ojek daring.',
      'Dinas perhubungan berencana menambah angkutan pengumpan berukuran kecil yang masuk ke kompleks perumahan.',
    ],
    idePokok:
      'Perpanjangan jalur bus menaikkan jumlah penumpang, tetapi akses ke halte masih perlu dibenahi.',
    ideSalah: [
      'Ojek daring lebih diminati daripada bus.',
      'Jam berangkat kerja di kota itu semakin pagi.',
      'Dinas perhubungan menutup beberapa halte.',
      'Kompleks perumahan dilarang dimasuki kendaraan umum.',
    ],
    simpulan: () => 'Angkutan pengumpan diharapkan memudahkan warga mencapai halte bus.',
    simpulanSalah: () => [
      'Jumlah penumpang bus turun setelah jalur diperpanjang.',
      'Penumpang tidak lagi memerlukan ojek daring.',
      'Halte bus sudah berada di setiap kompleks perumahan.',
      'Bus hanya beroperasi pada jam berangkat kerja.',
    ],
  },
];

function bacaan(ctx: GenContext, jenis: 'ide' | 'simpulan'): SoalDraft {
  const b = bankItem(BACAAN, ctx);
  const n = ctx.rng.int(55, 78);
  const teks = p(`<b>${b.judul}</b>`, ...b.teks(n));
  if (jenis === 'ide') {
    return pilihanGanda(
      ctx,
      `${teks}${p('Gagasan utama teks tersebut adalah …')}`,
      b.idePokok,
      b.ideSalah,
      p(
        `Seluruh paragraf membahas satu gagasan: ${b.idePokok.toLowerCase()} Pilihan lain hanya rincian atau tidak disebut dalam teks.`,
      ),
      0,
    );
  }
  return pilihanGanda(
    ctx,
    `${teks}${p('Simpulan yang sesuai dengan isi teks adalah …')}`,
    b.simpulan(n),
    b.simpulanSalah(n),
    p(`Simpulan harus didukung teks: <b>${b.simpulan(n)}</b>`),
    0.4,
  );
}

const ARGUMEN: readonly { klaim: string; pernyataan: [string, 'Y' | 'N'][] }[] = [
  {
    klaim:
      'Penerapan empat hari sekolah dalam sepekan akan meningkatkan prestasi belajar siswa karena siswa memiliki waktu istirahat lebih panjang.',
    pernyataan: [
      [
        'Penelitian di beberapa sekolah menunjukkan siswa yang cukup tidur memperoleh nilai ujian lebih tinggi.',
        'Y',
      ],
      ['Jam belajar per hari akan bertambah sehingga siswa lebih cepat lelah pada sore hari.', 'N'],
      ['Sebagian orang tua tidak dapat mendampingi anak pada hari libur tambahan karena tetap bekerja.', 'N'],
      ['Sekolah yang mencoba sistem ini melaporkan tingkat ketidakhadiran siswa menurun.', 'Y'],
    ],
  },
  {
    klaim: 'Cukai minuman berpemanis perlu diterapkan untuk menekan angka diabetes pada remaja.',
    pernyataan: [
      [
        'Konsumsi minuman berpemanis di negara yang menerapkan cukai turun hampir seperlima dalam dua tahun.',
        'Y',
      ],
      ['Remaja lebih banyak memperoleh gula dari jajanan yang tidak terkena cukai.', 'N'],
      ['Data Riskesdas menunjukkan kenaikan kasus diabetes seiring naiknya konsumsi minuman manis.', 'Y'],
    ],
  },
  {
    klaim: 'Pembangunan jalur sepeda di pusat kota akan mengurangi kemacetan pada jam sibuk.',
    pernyataan: [
      ['Sebagian besar perjalanan warga pusat kota berjarak kurang dari 5 km.', 'Y'],
      [
        'Jalur sepeda dibangun dengan mengambil satu lajur kendaraan bermotor tanpa penambahan angkutan umum.',
        'N',
      ],
      ['Kota lain yang membangun jalur sepeda terhubung mencatat penurunan volume mobil pribadi.', 'Y'],
      ['Suhu udara siang hari di kota itu rata-rata di atas 33 °C sehingga warga enggan bersepeda.', 'N'],
    ],
  },
];

function argumen(ctx: GenContext): SoalDraft {
  const a = bankItem(ARGUMEN, ctx);
  return kelompokPernyataan(
    ctx,
    2,
    p(
      `<i>“${a.klaim}”</i>`,
      'Tentukan apakah setiap pernyataan berikut <b>memperkuat</b> atau <b>memperlemah</b> argumen tersebut.',
    ),
    a.pernyataan.map(([pernyataan, kunci]) => ({ pernyataan, kunci })),
    p(
      'Pernyataan memperkuat bila mendukung hubungan sebab-akibat dalam klaim, dan memperlemah bila menunjukkan sebab lain atau dampak sebaliknya.',
    ),
  );
}

const MAKNA_KATA: readonly [string, string, string, string[]][] = [
  [
    'Pemerintah daerah berupaya <b>mengakselerasi</b> pembangunan jaringan internet di sekolah.',
    'mengakselerasi',
    'mempercepat',
    ['memperluas', 'membiayai', 'merencanakan', 'mengawasi'],
  ],
  [
    'Hasil survei itu <b>mengindikasikan</b> rendahnya minat baca di daerah perbatasan.',
    'mengindikasikan',
    'menunjukkan',
    ['membuktikan secara pasti', 'menyebabkan', 'menolak', 'menyembunyikan'],
  ],
  [
    'Warga <b>mengapresiasi</b> langkah cepat petugas pemadam kebakaran.',
    'mengapresiasi',
    'menghargai',
    ['mengkritik', 'meniru', 'mempertanyakan', 'membiayai'],
  ],
  [
    'Kebijakan itu dinilai <b>kontraproduktif</b> terhadap upaya menekan inflasi.',
    'kontraproduktif',
    'justru menghambat tujuan',
    ['sangat mendukung', 'tidak berkaitan', 'terlalu lambat', 'sudah usang'],
  ],
];

function maknaKata(ctx: GenContext): SoalDraft {
  const [kalimat, kata, benar, salah] = bankItem(MAKNA_KATA, ctx);
  return pilihanGanda(
    ctx,
    p(kalimat, `Makna kata <i>${kata}</i> dalam kalimat tersebut adalah …`),
    benar,
    salah,
    p(`Dalam konteks kalimat, <i>${kata}</i> berarti “${benar}”.`),
    -0.2,
  );
}

export const LITERASI_INDONESIA: Generator[] = [
  (ctx) => bacaan(ctx, 'ide'),
  (ctx) => bacaan(ctx, 'simpulan'),
  maknaKata,
  (ctx) => bacaan(ctx, 'ide'),
  (ctx) => bacaan(ctx, 'simpulan'),
  maknaKata,
  (ctx) => bacaan(ctx, 'ide'),
  (ctx) => bacaan(ctx, 'simpulan'),
  argumen,
  maknaKata,
  (ctx) => bacaan(ctx, 'ide'),
  argumen,
  (ctx) => bacaan(ctx, 'simpulan'),
];
