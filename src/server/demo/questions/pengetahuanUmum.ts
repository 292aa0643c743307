import { bankItem, isian, p, pilihanGanda, type GenContext, type Generator, type SoalDraft } from './draft';

/** Pengetahuan dan Pemahaman Umum: vocabulary, standard spelling, idioms and word formation. */

const SINONIM: readonly [string, string, string[]][] = [
  [
    'mitigasi',
    'upaya mengurangi risiko',
    ['penyebab bencana', 'pemulihan pascabencana', 'pemetaan wilayah', 'peringatan dini'],
  ],
  ['kredibel', 'dapat dipercaya', ['mudah dipahami', 'terkenal luas', 'berwenang penuh', 'bersifat rahasia']],
  ['nisbi', 'relatif', ['mutlak', 'terbatas', 'tersirat', 'sementara']],
  ['laten', 'tersembunyi', ['terbuka', 'mendesak', 'berulang', 'berbahaya']],
  ['mutakhir', 'terbaru', ['tertua', 'tercanggih', 'terpenting', 'terlengkap']],
  ['fluktuasi', 'naik-turun', ['kenaikan tajam', 'penurunan drastis', 'kestabilan', 'perputaran']],
  ['ambigu', 'bermakna ganda', ['tidak bermakna', 'bermakna kiasan', 'bermakna tegas', 'bermakna luas']],
  ['imbas', 'pengaruh', ['penyebab', 'hambatan', 'kelanjutan', 'keuntungan']],
  ['sinergi', 'kerja sama', ['persaingan', 'kekuatan', 'perpaduan warna', 'tenaga cadangan']],
  ['gamang', 'ragu-ragu', ['berani', 'gembira', 'lelah', 'bingung arah']],
];

const ANTONIM: readonly [string, string, string[]][] = [
  ['eksplisit', 'implisit', ['tegas', 'terperinci', 'jelas', 'terbuka']],
  ['konvergen', 'divergen', ['menyatu', 'sejajar', 'terpusat', 'berimpit']],
  ['surplus', 'defisit', ['laba', 'saldo', 'cadangan', 'kelebihan']],
  ['heterogen', 'homogen', ['beragam', 'majemuk', 'campuran', 'berbeda-beda']],
  ['sporadis', 'terus-menerus', ['jarang', 'sesekali', 'acak', 'tersebar']],
  ['statis', 'dinamis', ['tetap', 'diam', 'kaku', 'stabil']],
  ['optimis', 'pesimis', ['yakin', 'percaya diri', 'realistis', 'ambisius']],
  ['makro', 'mikro', ['luas', 'besar', 'umum', 'global']],
];

/** [baku, tidak baku] pairs (KBBI). */
const BAKU: readonly [string, string][] = [
  ['analisis', 'analisa'],
  ['apotek', 'apotik'],
  ['hakikat', 'hakekat'],
  ['risiko', 'resiko'],
  ['praktik', 'praktek'],
  ['sistem', 'sistim'],
  ['objek', 'obyek'],
  ['izin', 'ijin'],
  ['nasihat', 'nasehat'],
  ['antre', 'antri'],
  ['karier', 'karir'],
  ['teoretis', 'teoritis'],
  ['kualitas', 'kwalitas'],
  ['jadwal', 'jadual'],
];

const UNGKAPAN: readonly [string, string, string[]][] = [
  ['buah tangan', 'oleh-oleh', ['hasil kerja', 'hadiah ulang tahun', 'upah harian', 'hasil panen']],
  [
    'kambing hitam',
    'orang yang dipersalahkan',
    ['orang yang jahat', 'orang yang malang', 'orang yang penakut', 'orang yang dicurigai polisi'],
  ],
  ['gulung tikar', 'bangkrut', ['pindah rumah', 'berhenti bekerja', 'beristirahat', 'berganti usaha']],
  ['meja hijau', 'pengadilan', ['meja biliar', 'tempat rapat', 'kantor desa', 'ruang ujian']],
  ['naik daun', 'sedang populer', ['naik jabatan', 'sedang kaya', 'sedang sombong', 'naik kelas']],
  ['kabar burung', 'kabar yang belum pasti', ['kabar gembira', 'berita resmi', 'kabar duka', 'berita lama']],
  ['besar kepala', 'sombong', ['pandai', 'keras kepala', 'pemimpin', 'pemarah']],
];

/** [kata berimbuhan, kata dasar, jawaban keliru yang lazim]. */
const KATA_DASAR: readonly [string, string, string[]][] = [
  ['pemberdayaan', 'daya', ['berdaya', 'pemberdaya']],
  ['keberlanjutan', 'lanjut', ['berlanjut', 'lanjutan']],
  ['ketidakadilan', 'adil', ['keadilan', 'tidak adil']],
  ['penyelenggaraan', 'selenggara', ['penyelenggara', 'menyelenggarakan']],
  ['memperhatikan', 'hati', ['perhati', 'perhatian']],
  ['kesinambungan', 'sinambung', ['sambung', 'bersinambung']],
  ['pengejawantahan', 'ejawantah', ['jawantah', 'mengejawantah']],
];

function sinonim(ctx: GenContext): SoalDraft {
  const [kata, benar, salah] = bankItem(SINONIM, ctx);
  return pilihanGanda(
    ctx,
    p(`Kata <b>${kata}</b> memiliki makna yang paling dekat dengan …`),
    benar,
    salah,
    p(`Menurut KBBI, <i>${kata}</i> bermakna “${benar}”.`),
    -0.3,
  );
}

function antonim(ctx: GenContext): SoalDraft {
  const [kata, benar, salah] = bankItem(ANTONIM, ctx);
  return pilihanGanda(
    ctx,
    p(`Lawan kata <b>${kata}</b> adalah …`),
    benar,
    salah,
    p(
      `<i>${kata}</i> berlawanan makna dengan <b>${benar}</b>; pilihan lain justru bersinonim atau tidak berkaitan.`,
    ),
    -0.1,
  );
}

function kataBaku(ctx: GenContext): SoalDraft {
  const pairs = ctx.rng.sample(BAKU, 5);
  const [baku] = pairs[0];
  return pilihanGanda(
    ctx,
    p('Penulisan kata yang <b>baku</b> menurut KBBI terdapat pada pilihan …'),
    baku,
    pairs.slice(1).map(([, tidakBaku]) => tidakBaku),
    p(`Bentuk baku: ${pairs.map(([b, t]) => `<i>${b}</i> (bukan ${t})`).join(', ')}.`),
    0,
  );
}

function ungkapan(ctx: GenContext): SoalDraft {
  const [kata, benar, salah] = bankItem(UNGKAPAN, ctx);
  return pilihanGanda(
    ctx,
    p(`Makna ungkapan <b>“${kata}”</b> adalah …`),
    benar,
    salah,
    p(`Ungkapan <i>${kata}</i> berarti “${benar}”.`),
    -0.6,
  );
}

function kataDasar(ctx: GenContext): SoalDraft {
  const [kata, dasar, salah] = bankItem(KATA_DASAR, ctx);
  return isian(
    ctx,
    2,
    p(`Tuliskan <b>kata dasar</b> dari kata <i>${kata}</i>.`),
    dasar,
    salah,
    p(`Imbuhan pada <i>${kata}</i> dilepas satu per satu sehingga tersisa kata dasar <b>${dasar}</b>.`),
  );
}

function bentukBaku(ctx: GenContext): SoalDraft {
  const [baku, tidakBaku] = bankItem(BAKU, { ...ctx, offset: ctx.offset + 5 });
  return isian(
    ctx,
    2,
    p(
      `Kata <b>${tidakBaku}</b> sering dipakai dalam tulisan sehari-hari.`,
      'Tuliskan bentuk bakunya menurut KBBI.',
    ),
    baku,
    [tidakBaku],
    p(`Bentuk baku <i>${tidakBaku}</i> adalah <b>${baku}</b>.`),
    0,
  );
}

export const PENGETAHUAN_UMUM: Generator[] = [
  sinonim,
  antonim,
  kataBaku,
  ungkapan,
  sinonim,
  antonim,
  ungkapan,
  kataBaku,
  kataDasar,
  sinonim,
  bentukBaku,
  antonim,
  ungkapan,
];
