import {
  angka,
  isian,
  numericDistractors,
  p,
  pecahan,
  pilihanGanda,
  rupiah,
  type GenContext,
  type Generator,
  type SoalDraft,
} from './draft';

/** Pengetahuan Kuantitatif: percentages, algebra, ratios, means, probability (type 5 numeric answers). */

const BARANG = [
  'sepatu olahraga',
  'tas ransel',
  'jaket hoodie',
  'kalkulator ilmiah',
  'headphone',
  'jam tangan',
];

export function diskon(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const harga = rng.int(2, 9) * 100_000;
  const d1 = rng.pick([10, 20, 25, 30]);
  const d2 = rng.pick([10, 20]);
  const benar = (harga * (100 - d1) * (100 - d2)) / 10_000;
  const barang = rng.pick(BARANG);
  return pilihanGanda(
    ctx,
    p(
      `Sebuah toko memberi diskon ${d1}% untuk ${barang} seharga ${rupiah(harga)}, lalu diskon tambahan ${d2}% dari harga setelah diskon pertama.`,
      'Harga yang harus dibayar adalah …',
    ),
    rupiah(benar),
    [
      rupiah((harga * (100 - d1 - d2)) / 100),
      rupiah((harga * (100 - d1)) / 100),
      rupiah(benar - 10_000),
      rupiah(benar + 20_000),
      rupiah((harga * d1 * d2) / 10_000),
    ],
    p(
      `Harga akhir = ${rupiah(harga)} × ${(100 - d1) / 100} × ${(100 - d2) / 100} = <b>${rupiah(benar)}</b>. Diskon bertingkat tidak boleh dijumlahkan langsung.`,
    ),
    0,
  );
}

function aljabar(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const x = rng.int(2, 9);
  const a = rng.int(2, 6);
  const b = rng.int(1, 12);
  const c = rng.int(2, 5);
  const d = rng.int(1, 9);
  const benar = c * x - d;
  return pilihanGanda(
    ctx,
    p(`Jika ${a}x + ${b} = ${a * x + b}, maka nilai ${c}x − ${d} adalah …`),
    angka(benar),
    numericDistractors(ctx, benar, [-c, c, -1, 2 * d, 1]),
    p(
      `${a}x = ${a * x + b} − ${b} = ${a * x}, sehingga x = ${x}. Maka ${c}x − ${d} = ${c * x} − ${d} = <b>${benar}</b>.`,
    ),
    -0.5,
  );
}

export function perbandingan(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const a = rng.int(2, 4);
  const b = a + rng.int(1, 3);
  const unit = rng.int(2, 9) * 5_000;
  const selisih = (b - a) * unit;
  const benar = (a + b) * unit;
  const [x, y] = rng.sample(['Raka', 'Sinta', 'Tegar', 'Nadia', 'Yusuf'], 2);
  return pilihanGanda(
    ctx,
    p(
      `Perbandingan uang saku ${x} dan ${y} adalah ${a} : ${b}. Selisih uang saku mereka ${rupiah(selisih)}.`,
      'Jumlah uang saku mereka adalah …',
    ),
    rupiah(benar),
    [rupiah(benar - unit), rupiah(benar + unit), rupiah(b * unit), rupiah(a * unit), rupiah(2 * benar)],
    p(
      `Satu bagian = ${rupiah(selisih)} ÷ ${b - a} = ${rupiah(unit)}. Jumlah = ${a + b} bagian = <b>${rupiah(benar)}</b>.`,
    ),
    0.1,
  );
}

export function rataRata(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const n = rng.int(5, 9);
  const mean = rng.int(65, 78);
  const naik = rng.int(1, 3);
  const benar = (mean + naik) * (n + 1) - mean * n;
  return pilihanGanda(
    ctx,
    p(
      `Rata-rata nilai ${n} siswa adalah ${mean}. Setelah nilai seorang siswa baru ditambahkan, rata-ratanya menjadi ${mean + naik}.`,
      'Nilai siswa baru tersebut adalah …',
    ),
    angka(benar),
    numericDistractors(ctx, benar, [-naik, naik, -n, n, 2]),
    p(
      `Jumlah baru − jumlah lama = ${mean + naik} × ${n + 1} − ${mean} × ${n} = ${(mean + naik) * (n + 1)} − ${mean * n} = <b>${benar}</b>.`,
    ),
    0.3,
  );
}

export function peluang(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const merah = rng.int(2, 7);
  const biru = rng.int(3, 9);
  const kunci = pecahan(merah, merah + biru);
  return isian(
    ctx,
    5,
    p(
      `Sebuah kantong berisi ${merah} kelereng merah dan ${biru} kelereng biru. Satu kelereng diambil secara acak.`,
      'Peluang terambil kelereng merah adalah … (tulis dalam bentuk pecahan, misalnya ½ ditulis 1/2)',
    ),
    kunci,
    [pecahan(biru, merah + biru), pecahan(merah, biru)],
    p(`Peluang = banyak kelereng merah ÷ seluruh kelereng = ${merah}/${merah + biru} = <b>${kunci}</b>.`),
  );
}

function desimal(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const a = rng.pick([1, 3, 5, 7]);
  const b = rng.pick([2, 4]);
  const value = a / (2 * b) + 1 / 4;
  const kunci = angka(value);
  return isian(
    ctx,
    5,
    p(`Nilai dari ${a}/${2 * b} + ¼ adalah … (tulis dalam bentuk desimal dengan koma, misalnya 0,5)`),
    kunci,
    [angka(value + 0.25), angka(a / (2 * b))],
    p(`${a}/${2 * b} = ${angka(a / (2 * b))} dan ¼ = 0,25, sehingga jumlahnya <b>${kunci}</b>.`),
  );
}

export function persenKenaikan(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const lama = rng.int(4, 9) * 50;
  const persen = rng.pick([10, 20, 30, 40, 60]);
  const benar = (lama * (100 + persen)) / 100;
  return pilihanGanda(
    ctx,
    p(
      `Jumlah pendaftar sebuah program studi tahun lalu ${angka(lama)} orang. Tahun ini jumlahnya naik ${persen}%.`,
      'Jumlah pendaftar tahun ini adalah …',
    ),
    `${angka(benar)} orang`,
    [
      `${angka(lama + persen)} orang`,
      `${angka(benar - 10)} orang`,
      `${angka(benar + 20)} orang`,
      `${angka((lama * persen) / 100)} orang`,
      `${angka(benar + 5)} orang`,
    ],
    p(
      `${persen}% dari ${lama} = ${(lama * persen) / 100}; jumlah tahun ini ${lama} + ${(lama * persen) / 100} = <b>${angka(benar)}</b> orang.`,
    ),
    -0.3,
  );
}

export const KUANTITATIF: Generator[] = [
  aljabar,
  diskon,
  perbandingan,
  rataRata,
  persenKenaikan,
  aljabar,
  diskon,
  perbandingan,
  peluang,
  rataRata,
  desimal,
  persenKenaikan,
];
