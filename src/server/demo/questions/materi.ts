import {
  angka,
  bankItem,
  esai,
  isian,
  numericDistractors,
  p,
  pecahan,
  pilihanGanda,
  type GenContext,
  type Generator,
  type SoalDraft,
} from './draft';
import { diskon, peluang, perbandingan, persenKenaikan, rataRata } from './kuantitatif';
import { skala, tabungan } from './penalaranMatematika';
import { barisan, implikasi, silogisme } from './penalaranUmum';

/** Per-topic (permateri) content: categories → subjects → topics, each topic a list of generators (types 1, 2, 4). */

export interface TopikDef {
  nama: string;
  menit: number;
  generators: Generator[];
}

export interface MapelMateriDef {
  nama: string;
  topik: TopikDef[];
}

export interface KategoriMateriDef {
  nama: string;
  mapel: MapelMateriDef[];
}

type Fakta = [soal: string, benar: string, salah: string[], pembahasan: string];

/** A generator that walks a bank of fixed multiple-choice facts. */
function fakta(bank: readonly Fakta[]): Generator {
  return (ctx) => {
    const [soal, benar, salah, pembahasan] = bankItem(bank, ctx);
    return pilihanGanda(ctx, p(soal), benar, salah, p(pembahasan));
  };
}

function isianTetap(soal: string, kunci: string, salah: string[], pembahasan: string): Generator {
  return (ctx) => isian(ctx, 2, p(soal), kunci, salah, p(pembahasan));
}

function esaiTetap(soal: string, model: string): Generator {
  return (ctx) => esai(ctx, p(soal), model, p(`Jawaban yang diharapkan: ${model}`));
}

/** Type 5 (numeric) generators become type 2 here: the per-topic sheet knows types 1, 2 and 4 only. */
function sebagaiIsian(generator: Generator): Generator {
  return (ctx) => {
    const draft = generator(ctx);
    if (draft.type !== 5) throw new Error('sebagaiIsian hanya untuk soal isian angka (tipe 5)');
    return { ...draft, type: 2 };
  };
}

function barisanGeometri(ctx: GenContext): SoalDraft {
  const a = ctx.rng.int(2, 5);
  const r = ctx.rng.int(2, 3);
  const terms = [a, a * r, a * r * r, a * r ** 3];
  const kunci = String(a * r ** 4);
  return isian(
    ctx,
    2,
    p(`Tentukan suku berikutnya dari barisan <b>${terms.join(', ')}, …</b> (tulis angkanya saja)`),
    kunci,
    [String(a * r ** 3 + a), String(a * r ** 3 * 2 + 1)],
    p(`Rasio barisan ${r}, sehingga suku ke-5 = ${a * r ** 3} × ${r} = <b>${kunci}</b>.`),
  );
}

function akarKuadrat(ctx: GenContext): SoalDraft {
  const a = ctx.rng.int(1, 6);
  const b = a + ctx.rng.int(1, 5);
  const benar = `x = ${a} atau x = ${b}`;
  return pilihanGanda(
    ctx,
    p(`Himpunan penyelesaian persamaan x² − ${a + b}x + ${a * b} = 0 adalah …`),
    benar,
    [
      `x = −${a} atau x = −${b}`,
      `x = ${a} atau x = −${b}`,
      `x = −${a} atau x = ${b}`,
      `x = ${a + 1} atau x = ${b + 1}`,
      `x = 1 atau x = ${a * b}`,
    ],
    p(`x² − ${a + b}x + ${a * b} = (x − ${a})(x − ${b}) = 0, jadi <b>${benar}</b>.`),
  );
}

function jumlahAkar(ctx: GenContext): SoalDraft {
  const a = ctx.rng.int(2, 5);
  const b = ctx.rng.int(3, 12);
  const c = ctx.rng.int(1, 9);
  const kunci = pecahan(b, a);
  return isian(
    ctx,
    2,
    p(
      `Jika x₁ dan x₂ adalah akar-akar persamaan ${a}x² − ${b}x + ${c} = 0, nilai x₁ + x₂ adalah … (tulis sebagai pecahan atau bilangan)`,
    ),
    kunci,
    [pecahan(c, a), `-${kunci}`],
    p(`Menurut rumus Vieta, x₁ + x₂ = −b/a = ${b}/${a} = <b>${kunci}</b>.`),
  );
}

function sukuKe(ctx: GenContext): SoalDraft {
  const a = ctx.rng.int(2, 12);
  const b = ctx.rng.int(3, 7);
  const n = ctx.rng.int(15, 30);
  const benar = a + (n - 1) * b;
  return pilihanGanda(
    ctx,
    p(
      `Suku pertama sebuah barisan aritmetika adalah ${a} dan bedanya ${b}. Suku ke-${n} barisan tersebut adalah …`,
    ),
    angka(benar),
    numericDistractors(ctx, benar, [b, -b, 1, -1, a]),
    p(`Uₙ = a + (n − 1)b = ${a} + ${n - 1} × ${b} = <b>${benar}</b>.`),
  );
}

function deretAritmetika(ctx: GenContext): SoalDraft {
  const a = ctx.rng.int(1, 9);
  const b = ctx.rng.int(2, 5);
  const n = ctx.rng.pick([10, 12, 20]);
  const benar = (n / 2) * (2 * a + (n - 1) * b);
  return pilihanGanda(
    ctx,
    p(`Jumlah ${n} suku pertama deret ${a} + ${a + b} + ${a + 2 * b} + … adalah …`),
    angka(benar),
    numericDistractors(ctx, benar, [b * n, -b * n, n, -n, 2 * b]),
    p(`Sₙ = n/2 (2a + (n − 1)b) = ${n / 2} × (${2 * a} + ${(n - 1) * b}) = <b>${angka(benar)}</b>.`),
  );
}

function dadu(ctx: GenContext): SoalDraft {
  const jumlah = ctx.rng.int(4, 10);
  let cara = 0;
  for (let i = 1; i <= 6; i += 1) for (let j = 1; j <= 6; j += 1) if (i + j === jumlah) cara += 1;
  const benar = pecahan(cara, 36);
  return pilihanGanda(
    ctx,
    p(`Dua dadu dilempar bersamaan satu kali. Peluang muncul mata dadu berjumlah ${jumlah} adalah …`),
    benar,
    [
      pecahan(cara + 1, 36),
      pecahan(cara, 12),
      pecahan(1, 6) === benar ? pecahan(1, 9) : pecahan(1, 6),
      pecahan(cara, 18),
      pecahan(jumlah, 36),
      pecahan(cara + 2, 36),
      pecahan(36 - cara, 36),
    ],
    p(`Ada ${cara} pasangan berjumlah ${jumlah} dari 36 kemungkinan, jadi peluangnya <b>${benar}</b>.`),
  );
}

function glb(ctx: GenContext): SoalDraft {
  const v = ctx.rng.pick([36, 54, 72, 90]);
  const t = ctx.rng.int(2, 9) * 10;
  const benar = (v / 3.6) * t;
  return pilihanGanda(
    ctx,
    p(
      `Sebuah mobil bergerak lurus beraturan dengan kecepatan ${v} km/jam selama ${t} sekon. Jarak yang ditempuh mobil adalah …`,
    ),
    `${angka(benar)} m`,
    [
      `${angka(v * t)} m`,
      `${angka(benar / 2)} m`,
      `${angka(benar + 100)} m`,
      `${angka((v * t) / 60)} m`,
      `${angka(benar * 2)} m`,
    ],
    p(
      `${v} km/jam = ${angka(v / 3.6)} m/s; s = v × t = ${angka(v / 3.6)} × ${t} = <b>${angka(benar)} m</b>.`,
    ),
  );
}

function glbb(ctx: GenContext): SoalDraft {
  const v0 = ctx.rng.int(0, 5) * 2;
  const a = ctx.rng.int(1, 4);
  const t = ctx.rng.int(3, 8);
  const kunci = String(v0 + a * t);
  return isian(
    ctx,
    2,
    p(
      `Sebuah sepeda motor mula-mula bergerak dengan kecepatan ${v0} m/s lalu dipercepat ${a} m/s² selama ${t} s. Kecepatan akhirnya adalah … m/s (tulis angkanya saja)`,
    ),
    kunci,
    [String(a * t), String(v0 + a * t * t)],
    p(`v = v₀ + at = ${v0} + ${a} × ${t} = <b>${kunci} m/s</b>.`),
  );
}

function newton(ctx: GenContext): SoalDraft {
  const m = ctx.rng.int(2, 10);
  const a = ctx.rng.int(1, 5);
  const gesek = ctx.rng.int(2, 10);
  const F = m * a + gesek;
  return pilihanGanda(
    ctx,
    p(
      `Balok bermassa ${m} kg ditarik gaya mendatar ${F} N di atas lantai. Gaya gesek kinetis yang bekerja ${gesek} N. Percepatan balok adalah …`,
    ),
    `${a} m/s²`,
    [a + 1, a + 2, a + 3, a - 1 > 0 ? a - 1 : a + 4, a + 5].map((v) => `${v} m/s²`),
    p(`ΣF = ma → ${F} − ${gesek} = ${m}a → a = <b>${a} m/s²</b>.`),
  );
}

function keseimbangan(ctx: GenContext): SoalDraft {
  const a = ctx.rng.int(80, 120);
  const b = ctx.rng.int(2, 4);
  const c = ctx.rng.int(10, 30);
  const d = ctx.rng.int(2, 4);
  // Qd = a − bP and Qs = −c + dP meet where (a + c) = (b + d)P; keep P whole.
  const P = Math.round((a + c) / (b + d));
  const aAdj = P * (b + d) - c;
  return pilihanGanda(
    ctx,
    p(
      `Fungsi permintaan suatu barang Qd = ${aAdj} − ${b}P dan fungsi penawarannya Qs = −${c} + ${d}P.`,
      'Harga keseimbangan pasar adalah …',
    ),
    angka(P),
    numericDistractors(ctx, P, [-2, -1, 1, 2, 5]),
    p(`Keseimbangan: ${aAdj} − ${b}P = −${c} + ${d}P → ${aAdj + c} = ${b + d}P → P = <b>${P}</b>.`),
  );
}

function kepadatan(ctx: GenContext): SoalDraft {
  const luas = ctx.rng.int(20, 90) * 10;
  const per = ctx.rng.int(4, 25) * 10;
  const jiwa = luas * per;
  return pilihanGanda(
    ctx,
    p(
      `Kabupaten X berpenduduk ${angka(jiwa)} jiwa dengan luas wilayah ${angka(luas)} km².`,
      'Kepadatan penduduk aritmetik kabupaten tersebut adalah …',
    ),
    `${angka(per)} jiwa/km²`,
    numericDistractors(ctx, per, [-10, 10, -20, 20, 5]).map((v) => `${v} jiwa/km²`),
    p(
      `Kepadatan = jumlah penduduk ÷ luas = ${angka(jiwa)} ÷ ${angka(luas)} = <b>${angka(per)} jiwa/km²</b>.`,
    ),
  );
}

function rasioJenisKelamin(ctx: GenContext): SoalDraft {
  const perempuan = ctx.rng.int(40, 60) * 1000;
  const rasio = ctx.rng.pick([95, 98, 102, 104, 105]);
  const laki = (perempuan * rasio) / 100;
  return isian(
    ctx,
    2,
    p(
      `Suatu desa memiliki ${angka(laki)} penduduk laki-laki dan ${angka(perempuan)} penduduk perempuan. Rasio jenis kelaminnya adalah … (tulis angkanya saja)`,
    ),
    String(rasio),
    [String(100 - (rasio - 100)), String(Math.round(10000 / rasio))],
    p(
      `Sex ratio = laki-laki ÷ perempuan × 100 = <b>${rasio}</b>, artinya ada ${rasio} laki-laki per 100 perempuan.`,
    ),
  );
}

const FOTOSINTESIS: readonly Fakta[] = [
  [
    'Organel tempat berlangsungnya fotosintesis adalah …',
    'kloroplas',
    ['mitokondria', 'ribosom', 'vakuola', 'badan Golgi'],
    'Fotosintesis terjadi di kloroplas yang mengandung klorofil.',
  ],
  [
    'Hasil reaksi terang yang digunakan dalam siklus Calvin adalah …',
    'ATP dan NADPH',
    ['glukosa dan O₂', 'CO₂ dan H₂O', 'ADP dan NADP⁺', 'piruvat dan asetil-KoA'],
    'Reaksi terang menghasilkan ATP dan NADPH yang dipakai untuk mereduksi CO₂ dalam siklus Calvin.',
  ],
  [
    'Oksigen yang dilepaskan tumbuhan saat fotosintesis berasal dari …',
    'pemecahan molekul air',
    ['pemecahan CO₂', 'penguraian glukosa', 'pemecahan klorofil', 'respirasi sel'],
    'Fotolisis air pada fotosistem II melepaskan O₂.',
  ],
  [
    'Siklus Calvin berlangsung di bagian kloroplas yang disebut …',
    'stroma',
    ['tilakoid', 'grana', 'membran luar', 'matriks'],
    'Enzim-enzim siklus Calvin (termasuk RuBisCO) berada di stroma.',
  ],
  [
    'Pigmen utama yang menyerap energi cahaya pada fotosintesis adalah …',
    'klorofil a',
    ['karoten', 'xantofil', 'antosianin', 'fikosianin'],
    'Klorofil a adalah pigmen pusat reaksi; pigmen lain hanya pigmen aksesori.',
  ],
];

const SEL: readonly Fakta[] = [
  [
    'Organel yang berperan dalam respirasi seluler untuk menghasilkan ATP adalah …',
    'mitokondria',
    ['kloroplas', 'lisosom', 'ribosom', 'retikulum endoplasma halus'],
    'Mitokondria adalah tempat siklus Krebs dan transpor elektron.',
  ],
  [
    'Struktur yang dimiliki sel tumbuhan tetapi tidak dimiliki sel hewan adalah …',
    'dinding sel',
    ['membran plasma', 'ribosom', 'mitokondria', 'nukleus'],
    'Sel tumbuhan memiliki dinding sel dari selulosa.',
  ],
  [
    'Sintesis protein berlangsung di …',
    'ribosom',
    ['lisosom', 'vakuola', 'sentriol', 'nukleolus'],
    'Ribosom menerjemahkan mRNA menjadi rantai polipeptida.',
  ],
  [
    'Organel yang mengandung enzim hidrolitik untuk pencernaan intrasel adalah …',
    'lisosom',
    ['ribosom', 'kloroplas', 'sentriol', 'nukleolus'],
    'Lisosom berisi enzim hidrolitik.',
  ],
  [
    'Ciri sel prokariotik adalah …',
    'tidak memiliki membran inti',
    [
      'memiliki mitokondria',
      'memiliki retikulum endoplasma',
      'memiliki nukleus bermembran',
      'selalu bersel banyak',
    ],
    'Materi genetik prokariota tidak dibungkus membran inti.',
  ],
];

const PROKLAMASI: readonly Fakta[] = [
  [
    'Naskah proklamasi yang otentik diketik oleh …',
    'Sayuti Melik',
    ['Soekarno', 'Mohammad Hatta', 'Ahmad Soebardjo', 'Sukarni'],
    'Sayuti Melik mengetik naskah tulisan tangan Soekarno dengan beberapa perubahan.',
  ],
  [
    'Peristiwa Rengasdengklok terjadi pada tanggal …',
    '16 Agustus 1945',
    ['15 Agustus 1945', '17 Agustus 1945', '14 Agustus 1945', '18 Agustus 1945'],
    'Golongan muda membawa Soekarno–Hatta ke Rengasdengklok pada 16 Agustus 1945.',
  ],
  [
    'Naskah proklamasi dirumuskan di rumah …',
    'Laksamana Tadashi Maeda',
    ['Soekarno', 'Jenderal Terauchi', 'Mohammad Hatta', 'Ahmad Soebardjo'],
    'Perumusan berlangsung di rumah Laksamana Maeda, Jalan Imam Bonjol No. 1, Jakarta.',
  ],
  [
    'Golongan muda mendesak proklamasi segera dilaksanakan karena …',
    'Jepang telah menyerah kepada Sekutu sehingga terjadi kekosongan kekuasaan',
    [
      'PPKI sudah menyiapkan UUD',
      'Belanda telah mengakui kemerdekaan Indonesia',
      'Sekutu telah mendarat di Jakarta',
      'Jepang menjanjikan kemerdekaan pada 24 Agustus',
    ],
    'Kekalahan Jepang pada 15 Agustus 1945 menimbulkan vacuum of power.',
  ],
  [
    'Sidang PPKI tanggal 18 Agustus 1945 menghasilkan keputusan …',
    'mengesahkan UUD 1945 serta memilih presiden dan wakil presiden',
    ['membentuk BPUPKI', 'membentuk 12 kementerian', 'membentuk partai politik tunggal', 'membubarkan KNIP'],
    'Sidang pertama PPKI mengesahkan UUD 1945 dan memilih Soekarno–Hatta.',
  ],
];

const PERGERAKAN: readonly Fakta[] = [
  [
    'Organisasi pergerakan yang berdiri pada 20 Mei 1908 adalah …',
    'Budi Utomo',
    ['Sarekat Islam', 'Indische Partij', 'Muhammadiyah', 'Perhimpunan Indonesia'],
    'Budi Utomo didirikan dr. Soetomo dan kawan-kawan di STOVIA.',
  ],
  [
    'Sumpah Pemuda diikrarkan pada tanggal …',
    '28 Oktober 1928',
    ['20 Mei 1908', '17 Agustus 1945', '28 Oktober 1926', '10 November 1945'],
    'Ikrar dibacakan pada Kongres Pemuda II, 28 Oktober 1928.',
  ],
  [
    'Sarekat Islam pada awalnya bernama …',
    'Sarekat Dagang Islam',
    [
      'Serikat Pekerja Islam',
      'Partai Islam Indonesia',
      'Majelis Islam A’la Indonesia',
      'Jong Islamieten Bond',
    ],
    'Sarekat Dagang Islam didirikan H. Samanhudi pada 1905/1911 di Surakarta.',
  ],
  [
    'Sikap Partai Nasional Indonesia (1927) terhadap pemerintah kolonial adalah …',
    'nonkooperatif',
    ['kooperatif', 'netral', 'moderat', 'mendukung penuh'],
    'PNI menolak bekerja sama dengan pemerintah kolonial.',
  ],
  [
    'Tokoh Tiga Serangkai pendiri Indische Partij adalah …',
    'Douwes Dekker, Tjipto Mangoenkoesoemo, dan Ki Hajar Dewantara',
    [
      'Soekarno, Hatta, dan Sjahrir',
      'dr. Soetomo, Wahidin, dan Gunawan',
      'H. Samanhudi, Tjokroaminoto, dan Agus Salim',
      'Moh. Yamin, Sugondo, dan Amir Sjarifuddin',
    ],
    'Indische Partij (1912) didirikan Tiga Serangkai.',
  ],
];

export const MATERI: readonly KategoriMateriDef[] = [
  {
    nama: 'Saintek',
    mapel: [
      {
        nama: 'Matematika',
        topik: [
          {
            nama: 'Persamaan Kuadrat',
            menit: 15,
            generators: [
              akarKuadrat,
              akarKuadrat,
              jumlahAkar,
              akarKuadrat,
              jumlahAkar,
              esaiTetap(
                'Tentukan persamaan kuadrat yang akar-akarnya 3 dan −5, lalu jelaskan langkahnya.',
                '(x − 3)(x + 5) = 0 sehingga x² + 2x − 15 = 0.',
              ),
            ],
          },
          {
            nama: 'Barisan dan Deret',
            menit: 15,
            generators: [
              sukuKe,
              deretAritmetika,
              sukuKe,
              barisanGeometri,
              deretAritmetika,
              esaiTetap(
                'Jelaskan perbedaan barisan aritmetika dan barisan geometri beserta contohnya.',
                'Barisan aritmetika memiliki beda tetap (2, 5, 8, …), barisan geometri memiliki rasio tetap (3, 6, 12, …).',
              ),
            ],
          },
          {
            nama: 'Peluang',
            menit: 10,
            generators: [
              dadu,
              dadu,
              sebagaiIsian(peluang),
              dadu,
              sebagaiIsian(peluang),
              esaiTetap(
                'Jelaskan perbedaan permutasi dan kombinasi dengan contoh.',
                'Permutasi memperhatikan urutan (menyusun ketua–sekretaris), kombinasi tidak (memilih 2 orang perwakilan).',
              ),
            ],
          },
        ],
      },
      {
        nama: 'Fisika',
        topik: [
          {
            nama: 'Gerak Lurus',
            menit: 15,
            generators: [
              glb,
              glb,
              glbb,
              glb,
              glbb,
              glb,
              esaiTetap(
                'Jelaskan perbedaan gerak lurus beraturan (GLB) dan gerak lurus berubah beraturan (GLBB).',
                'GLB memiliki kecepatan tetap (percepatan nol); GLBB memiliki percepatan tetap sehingga kecepatannya berubah secara teratur.',
              ),
            ],
          },
          {
            nama: 'Hukum Newton',
            menit: 15,
            generators: [
              newton,
              newton,
              newton,
              isianTetap(
                'Satuan gaya dalam SI adalah …',
                'newton',
                ['joule', 'watt'],
                'Satuan gaya adalah newton (N) = kg·m/s².',
              ),
              newton,
              esaiTetap(
                'Berikan contoh Hukum III Newton dalam kehidupan sehari-hari dan jelaskan.',
                'Saat mendayung, dayung mendorong air ke belakang (aksi) dan air mendorong perahu ke depan (reaksi).',
              ),
            ],
          },
        ],
      },
      {
        nama: 'Biologi',
        topik: [
          {
            nama: 'Fotosintesis',
            menit: 10,
            generators: [
              fakta(FOTOSINTESIS),
              fakta(FOTOSINTESIS),
              fakta(FOTOSINTESIS),
              isianTetap(
                'Peristiwa pemecahan molekul air oleh energi cahaya disebut …',
                'fotolisis',
                ['fotosintesis', 'hidrolisis'],
                'Fotolisis air terjadi pada fotosistem II.',
              ),
              fakta(FOTOSINTESIS),
              esaiTetap(
                'Jelaskan pengaruh intensitas cahaya terhadap laju fotosintesis.',
                'Makin tinggi intensitas cahaya, laju fotosintesis naik sampai titik jenuh; setelah itu faktor lain (CO₂, suhu) membatasi.',
              ),
            ],
          },
          {
            nama: 'Sel',
            menit: 10,
            generators: [
              fakta(SEL),
              fakta(SEL),
              fakta(SEL),
              isianTetap(
                'Organel yang mengatur seluruh kegiatan sel adalah …',
                'nukleus',
                ['ribosom', 'mitokondria'],
                'Nukleus (inti sel) menyimpan DNA dan mengatur kegiatan sel.',
              ),
              fakta(SEL),
              esaiTetap(
                'Bandingkan transpor aktif dan transpor pasif.',
                'Transpor pasif mengikuti gradien konsentrasi tanpa energi (difusi, osmosis); transpor aktif melawan gradien dan memerlukan ATP.',
              ),
            ],
          },
        ],
      },
    ],
  },
  {
    nama: 'Soshum',
    mapel: [
      {
        nama: 'Ekonomi',
        topik: [
          {
            nama: 'Permintaan dan Penawaran',
            menit: 15,
            generators: [
              keseimbangan,
              keseimbangan,
              isianTetap(
                'Hukum permintaan menyatakan bahwa jika harga naik, jumlah barang yang diminta akan …',
                'turun',
                ['naik', 'tetap'],
                'Ceteris paribus, harga naik membuat jumlah yang diminta turun.',
              ),
              keseimbangan,
              keseimbangan,
              esaiTetap(
                'Jelaskan dua faktor selain harga yang memengaruhi permintaan.',
                'Pendapatan konsumen dan selera; kenaikan pendapatan atau selera menggeser kurva permintaan ke kanan.',
              ),
            ],
          },
          {
            nama: 'Bunga dan Diskon',
            menit: 15,
            generators: [
              tabungan,
              diskon,
              persenKenaikan,
              tabungan,
              diskon,
              esaiTetap(
                'Jelaskan perbedaan bunga tunggal dan bunga majemuk.',
                'Bunga tunggal dihitung dari modal awal saja; bunga majemuk dihitung dari modal ditambah bunga periode sebelumnya.',
              ),
            ],
          },
        ],
      },
      {
        nama: 'Sejarah',
        topik: [
          {
            nama: 'Proklamasi Kemerdekaan',
            menit: 10,
            generators: [
              fakta(PROKLAMASI),
              fakta(PROKLAMASI),
              fakta(PROKLAMASI),
              isianTetap(
                'Bendera Merah Putih yang dikibarkan pada 17 Agustus 1945 dijahit oleh …',
                'Fatmawati',
                ['Ratna Sari Dewi', 'Kartini'],
                'Bendera pusaka dijahit oleh Ibu Fatmawati.',
              ),
              fakta(PROKLAMASI),
              esaiTetap(
                'Jelaskan perbedaan pendapat golongan tua dan golongan muda menjelang proklamasi.',
                'Golongan tua ingin proklamasi melalui PPKI agar tidak terjadi pertumpahan darah; golongan muda ingin proklamasi segera tanpa campur tangan Jepang.',
              ),
            ],
          },
          {
            nama: 'Pergerakan Nasional',
            menit: 10,
            generators: [
              fakta(PERGERAKAN),
              fakta(PERGERAKAN),
              fakta(PERGERAKAN),
              isianTetap(
                'Ki Hajar Dewantara mendirikan perguruan … pada tahun 1922.',
                'Taman Siswa',
                ['Muhammadiyah', 'Budi Utomo'],
                'Perguruan Taman Siswa berdiri di Yogyakarta, 3 Juli 1922.',
              ),
              fakta(PERGERAKAN),
              esaiTetap(
                'Jelaskan makna Sumpah Pemuda bagi persatuan bangsa Indonesia.',
                'Sumpah Pemuda menyatukan pemuda dari berbagai daerah dalam satu tanah air, satu bangsa, dan menjunjung bahasa persatuan, bahasa Indonesia.',
              ),
            ],
          },
        ],
      },
      {
        nama: 'Geografi',
        topik: [
          {
            nama: 'Peta dan Skala',
            menit: 10,
            generators: [
              sebagaiIsian(skala),
              sebagaiIsian(skala),
              isianTetap(
                'Garis pada peta yang menghubungkan tempat-tempat dengan ketinggian sama disebut …',
                'kontur',
                ['isobar', 'isoterm'],
                'Garis kontur menghubungkan titik-titik berketinggian sama.',
              ),
              sebagaiIsian(skala),
              esaiTetap(
                'Sebutkan dan jelaskan tiga komponen peta.',
                'Judul (isi peta), skala (perbandingan jarak peta dan sebenarnya), dan legenda (keterangan simbol).',
              ),
            ],
          },
          {
            nama: 'Kependudukan',
            menit: 15,
            generators: [
              kepadatan,
              kepadatan,
              rasioJenisKelamin,
              kepadatan,
              rasioJenisKelamin,
              esaiTetap(
                'Jelaskan dampak bonus demografi bagi Indonesia.',
                'Jumlah penduduk usia produktif besar dapat mendorong pertumbuhan ekonomi bila tersedia lapangan kerja dan pendidikan; bila tidak, justru menambah pengangguran.',
              ),
            ],
          },
        ],
      },
    ],
  },
  {
    nama: 'TPS',
    mapel: [
      {
        nama: 'Penalaran Umum',
        topik: [
          {
            nama: 'Barisan Bilangan',
            menit: 10,
            generators: [
              barisan,
              barisan,
              barisan,
              barisanGeometri,
              barisan,
              esaiTetap(
                'Jelaskan cara menemukan pola pada barisan bertingkat.',
                'Hitung selisih antarsuku; bila selisihnya belum tetap, hitung selisih dari selisih sampai ditemukan pola tetap.',
              ),
            ],
          },
          {
            nama: 'Silogisme dan Implikasi',
            menit: 15,
            generators: [
              silogisme,
              implikasi,
              silogisme,
              implikasi,
              silogisme,
              esaiTetap(
                'Jelaskan apa yang dimaksud dengan modus tollens dan beri contoh.',
                'Jika p maka q; bukan q; maka bukan p. Contoh: jika hujan maka jalan basah; jalan tidak basah; maka tidak hujan.',
              ),
            ],
          },
        ],
      },
      {
        nama: 'Pengetahuan Kuantitatif',
        topik: [
          {
            nama: 'Persentase',
            menit: 10,
            generators: [
              diskon,
              persenKenaikan,
              diskon,
              persenKenaikan,
              diskon,
              esaiTetap(
                'Mengapa diskon 20% + 10% tidak sama dengan diskon 30%?',
                'Diskon kedua dihitung dari harga setelah diskon pertama, sehingga total potongannya 28%, bukan 30%.',
              ),
            ],
          },
          {
            nama: 'Perbandingan dan Rata-rata',
            menit: 15,
            generators: [
              perbandingan,
              rataRata,
              perbandingan,
              rataRata,
              perbandingan,
              rataRata,
              esaiTetap(
                'Jelaskan cara menghitung rata-rata gabungan dua kelas.',
                'Jumlahkan total nilai kedua kelas (rata-rata × banyak siswa) lalu bagi dengan jumlah seluruh siswa.',
              ),
            ],
          },
        ],
      },
    ],
  },
];
