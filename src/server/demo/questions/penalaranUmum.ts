import {
  angka,
  bankItem,
  isian,
  kelompokPernyataan,
  numericDistractors,
  p,
  pilihanGanda,
  table,
  type GenContext,
  type Generator,
  type SoalDraft,
} from './draft';

/** Penalaran Umum: number patterns, syllogisms, sets, calendars and data tables (type 3, Benar/Salah). */

export function barisan(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const kind = rng.int(0, 2);
  let terms: number[];
  let aturan: string;
  if (kind === 0) {
    const start = rng.int(2, 15);
    const d0 = rng.int(2, 5);
    const step = rng.int(1, 3);
    terms = [start];
    for (let i = 0; i < 5; i += 1) terms.push(terms[i] + d0 + step * i);
    aturan = `selisih antarsuku bertambah ${step}: ${[0, 1, 2, 3, 4].map((i) => d0 + step * i).join(', ')}`;
  } else if (kind === 1) {
    const start = rng.int(2, 6);
    const ratio = rng.int(2, 3);
    const minus = rng.int(1, 4);
    terms = [start];
    for (let i = 0; i < 5; i += 1) terms.push(terms[i] * ratio - minus);
    aturan = `setiap suku dikali ${ratio} lalu dikurangi ${minus}`;
  } else {
    const a = rng.int(1, 9);
    const b = rng.int(20, 40);
    const da = rng.int(2, 4);
    const db = rng.int(3, 6);
    terms = [a, b, a + da, b - db, a + 2 * da, b - 2 * db];
    aturan = `dua barisan berselang-seling: ${a}, ${a + da}, ${a + 2 * da}, … (naik ${da}) dan ${b}, ${b - db}, ${b - 2 * db}, … (turun ${db})`;
  }
  const shown = terms.slice(0, 5);
  const benar = terms[5];
  return pilihanGanda(
    ctx,
    p(
      `Perhatikan barisan bilangan berikut.`,
      `<b>${shown.join(', ')}, …</b>`,
      'Bilangan yang tepat untuk melanjutkan barisan tersebut adalah …',
    ),
    angka(benar),
    numericDistractors(ctx, benar, [-3, -2, -1, 1, 2, 4, 5]),
    p(`Pola barisan: ${aturan}. Jadi suku berikutnya adalah <b>${angka(benar)}</b>.`),
    kind === 2 ? 0.2 : -0.2,
  );
}

const SILOGISME: readonly [string, string, string][] = [
  ['peserta olimpiade sains', 'siswa yang rutin berlatih soal', 'siswa yang terbiasa berpikir kritis'],
  ['anggota klub robotik', 'siswa yang mahir pemrograman', 'siswa yang lolos seleksi kampus teknik'],
  ['petani di Desa Sukamaju', 'pengguna pupuk organik', 'penerima bantuan bibit unggul'],
  ['pegawai Dinas Kesehatan', 'peserta pelatihan gizi', 'penyuluh posyandu'],
  ['pedagang di Pasar Beringharjo', 'pengguna pembayaran QRIS', 'pelaku usaha yang tercatat di koperasi'],
  ['mahasiswa penerima KIP Kuliah', 'mahasiswa dengan IPK di atas 3,00', 'peserta program pertukaran'],
  [
    'atlet pelatnas bulu tangkis',
    'atlet yang berlatih enam hari sepekan',
    'atlet yang menjalani tes kebugaran',
  ],
];

export function silogisme(ctx: GenContext): SoalDraft {
  const [a, b, c] = bankItem(SILOGISME, ctx);
  if (ctx.rng.chance(0.5)) {
    return pilihanGanda(
      ctx,
      p(`Semua ${a} adalah ${b}.`, `Semua ${b} adalah ${c}.`, 'Simpulan yang paling tepat adalah …'),
      `Semua ${a} adalah ${c}.`,
      [
        `Semua ${c} adalah ${a}.`,
        `Sebagian ${a} bukan ${c}.`,
        `Tidak ada ${c} yang merupakan ${a}.`,
        `Semua ${b} adalah ${a}.`,
      ],
      p(
        `Rantai “semua A adalah B” dan “semua B adalah C” menghasilkan <b>semua A adalah C</b>. Kebalikannya (semua C adalah A) tidak dapat disimpulkan.`,
      ),
      -0.4,
    );
  }
  return pilihanGanda(
    ctx,
    p(`Semua ${a} adalah ${b}.`, `Sebagian ${c} bukan ${b}.`, 'Simpulan yang paling tepat adalah …'),
    `Sebagian ${c} bukan ${a}.`,
    [
      `Semua ${c} adalah ${a}.`,
      `Sebagian ${a} bukan ${c}.`,
      `Tidak ada ${a} yang merupakan ${c}.`,
      `Semua ${b} adalah ${c}.`,
    ],
    p(
      `Yang bukan ${b} pasti bukan ${a}, sebab setiap ${a} adalah ${b}. Karena sebagian ${c} bukan ${b}, maka <b>sebagian ${c} bukan ${a}</b>.`,
    ),
    0.3,
  );
}

const HARI = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'];

function kalender(ctx: GenContext): SoalDraft {
  const start = ctx.rng.int(0, 6);
  const days = ctx.rng.int(40, 250);
  const benar = HARI[(start + days) % 7];
  return pilihanGanda(
    ctx,
    p(`Jika hari ini hari ${HARI[start]}, maka ${days} hari lagi adalah hari …`),
    benar,
    HARI.filter((hari) => hari !== benar),
    p(
      `${days} = 7 × ${Math.floor(days / 7)} + ${days % 7}. Maju ${days % 7} hari dari ${HARI[start]} adalah <b>${benar}</b>.`,
    ),
    -0.5,
  );
}

function himpunan(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const total = rng.int(32, 40);
  const mat = rng.int(14, 22);
  const fis = rng.int(10, 18);
  const both = rng.int(4, 8);
  const benar = total - (mat + fis - both);
  return pilihanGanda(
    ctx,
    p(
      `Dari ${total} siswa kelas XII, ${mat} siswa menyukai Matematika, ${fis} siswa menyukai Fisika, dan ${both} siswa menyukai keduanya.`,
      'Banyak siswa yang tidak menyukai keduanya adalah …',
    ),
    angka(benar),
    numericDistractors(ctx, benar, [-both, both, -2, 2, 3, -1]),
    p(
      `Yang menyukai minimal satu pelajaran = ${mat} + ${fis} − ${both} = ${mat + fis - both}. Jadi yang tidak menyukai keduanya = ${total} − ${mat + fis - both} = <b>${benar}</b>.`,
    ),
    0,
  );
}

export function implikasi(ctx: GenContext): SoalDraft {
  const bank: readonly [string, string, string][] = [
    ['hujan turun deras', 'jalan di depan sekolah tergenang', 'bus sekolah datang terlambat'],
    ['harga cabai naik', 'pedagang warung mengurangi porsi sambal', 'pelanggan mengeluh'],
    ['listrik di asrama padam', 'pompa air berhenti', 'siswa antre di kamar mandi'],
    ['Dina lolos SNBT', 'Dina kuliah di Yogyakarta', 'Dina tinggal di indekos'],
  ];
  const [x, y, z] = bankItem(bank, ctx);
  return pilihanGanda(
    ctx,
    p(
      `Jika ${x}, maka ${y}.`,
      `Jika ${y}, maka ${z}.`,
      `Faktanya, tidak benar bahwa ${z}.`,
      'Simpulan yang sah adalah …',
    ),
    `Tidak benar bahwa ${x}.`,
    [
      `${x[0].toUpperCase()}${x.slice(1)}.`,
      `${y[0].toUpperCase()}${y.slice(1)}.`,
      `${x[0].toUpperCase()}${x.slice(1)}, tetapi tidak benar bahwa ${y}.`,
      `Tidak dapat ditarik simpulan apa pun.`,
    ],
    p(
      `Silogisme menghasilkan “jika ${x}, maka ${z}”. Dengan modus tollens, karena ${z} tidak terjadi, maka <b>${x} juga tidak terjadi</b>.`,
    ),
    0.4,
  );
}

function dataTabel(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const names = rng.sample(['Ayu', 'Bima', 'Citra', 'Dimas', 'Eka', 'Fajar', 'Gita'], 4);
  const scores = names.map(() => [rng.int(60, 95), rng.int(60, 95), rng.int(60, 95)]);
  const totals = scores.map((row) => row[0] + row[1] + row[2]);
  const best = totals.indexOf(Math.max(...totals));
  const [i, j] = [0, 1];
  const s1 = totals[i] > totals[j];
  const s2 = scores[2][0] >= 80;
  const notBest = (best + 1) % 4;
  const s4Value = rng.int(78, 85);
  const s4 = scores.filter((row) => row[2] > s4Value).length >= 2;
  const groups = [
    {
      pernyataan: `Jumlah nilai ${names[i]} lebih tinggi daripada jumlah nilai ${names[j]}.`,
      kunci: s1 ? 'Y' : 'N',
    },
    { pernyataan: `Nilai Matematika ${names[2]} paling sedikit 80.`, kunci: s2 ? 'Y' : 'N' },
    {
      pernyataan: `${names[notBest]} memperoleh jumlah nilai tertinggi.`,
      kunci: totals[notBest] === totals[best] ? 'Y' : 'N',
    },
    {
      pernyataan: `Sedikitnya dua siswa memperoleh nilai Bahasa Inggris di atas ${s4Value}.`,
      kunci: s4 ? 'Y' : 'N',
    },
  ] as const;
  return kelompokPernyataan(
    ctx,
    1,
    p('Tabel berikut menunjukkan nilai empat siswa pada tryout terakhir.') +
      table(
        ['Nama', 'Matematika', 'Bahasa Indonesia', 'Bahasa Inggris'],
        names.map((name, k) => [name, ...scores[k]]),
      ) +
      p('Tentukan <b>Benar</b> atau <b>Salah</b> untuk setiap pernyataan berikut berdasarkan tabel.'),
    groups.map((g) => ({ ...g })),
    p(
      `Jumlah nilai: ${names.map((name, k) => `${name} ${totals[k]}`).join(', ')}. Nilai tertinggi diraih ${names[best]}. Periksa setiap pernyataan dengan tabel.`,
    ),
  );
}

function sisaPembagian(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const a = rng.int(3, 9);
  const b = rng.int(2, 6);
  const benar = a * 4 + b;
  return isian(
    ctx,
    5,
    p(
      `Sebuah pola disusun dari batang korek api: pola ke-1 memakai ${a + b} batang, pola ke-2 memakai ${2 * a + b} batang, dan pola ke-3 memakai ${3 * a + b} batang.`,
      'Banyak batang korek api pada pola ke-4 adalah … (tulis angkanya saja)',
    ),
    String(benar),
    [String(benar + a), String(benar - 1), String(benar + 1)],
    p(
      `Setiap pola bertambah ${a} batang, jadi pola ke-n memakai ${a}n + ${b}. Pola ke-4: ${a} × 4 + ${b} = <b>${benar}</b>.`,
    ),
  );
}

/** Order of generators in a subject: mostly choices, one statement group and one numeric answer. */
export const PENALARAN_UMUM: Generator[] = [
  barisan,
  silogisme,
  kalender,
  himpunan,
  implikasi,
  barisan,
  silogisme,
  himpunan,
  dataTabel,
  sisaPembagian,
  kalender,
  implikasi,
  barisan,
  silogisme,
];
