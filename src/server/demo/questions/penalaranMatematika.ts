import {
  angka,
  isian,
  numericDistractors,
  p,
  pilihanGanda,
  rupiah,
  table,
  type GenContext,
  type Generator,
  type SoalDraft,
} from './draft';

/** Penalaran Matematika: everyday problems with tables, rates, savings and geometry; numeric answers (type 5). */

function tarifOjek(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const awal = rng.pick([8_000, 10_000, 12_000]);
  const perKm = rng.pick([2_000, 2_500, 3_000]);
  const batas = rng.pick([2, 3, 4]);
  const jarak = batas + rng.int(3, 9);
  const benar = awal + (jarak - batas) * perKm;
  return pilihanGanda(
    ctx,
    p('Tabel berikut adalah tarif sebuah layanan ojek daring.') +
      table(
        ['Komponen', 'Tarif'],
        [
          [`${batas} km pertama`, rupiah(awal)],
          ['Setiap km berikutnya', rupiah(perKm)],
        ],
      ) +
      p(`Nadia naik ojek daring sejauh ${jarak} km. Biaya yang harus dibayar Nadia adalah …`),
    rupiah(benar),
    [
      rupiah(awal + jarak * perKm),
      rupiah(benar - perKm),
      rupiah(benar + perKm),
      rupiah(jarak * perKm),
      rupiah(benar + awal),
      rupiah(benar + 2 * perKm),
    ],
    p(`Biaya = ${rupiah(awal)} + (${jarak} − ${batas}) × ${rupiah(perKm)} = <b>${rupiah(benar)}</b>.`),
    -0.2,
  );
}

export function tabungan(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const pokok = rng.int(2, 8) * 1_000_000;
  const bunga = rng.pick([4, 5, 6]);
  const bulan = rng.pick([6, 8, 9, 12]);
  const benar = pokok + (pokok * bunga * bulan) / 1200;
  return pilihanGanda(
    ctx,
    p(
      `Bu Ratna menabung ${rupiah(pokok)} di bank dengan bunga tunggal ${bunga}% per tahun.`,
      `Besar tabungan Bu Ratna setelah ${bulan} bulan adalah …`,
    ),
    rupiah(benar),
    [
      rupiah(pokok + (pokok * bunga) / 100),
      rupiah(pokok + (pokok * bunga * bulan) / 100),
      rupiah(benar - 10_000),
      rupiah(benar + 50_000),
      rupiah((pokok * bunga * bulan) / 1200),
    ],
    p(
      `Bunga = ${rupiah(pokok)} × ${bunga}% × ${bulan}/12 = ${rupiah((pokok * bunga * bulan) / 1200)}. Tabungan = <b>${rupiah(benar)}</b>.`,
    ),
    0.2,
  );
}

function kolam(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const p1 = rng.pick([6, 10, 12]);
  const p2 = p1 === 6 ? 3 : p1 === 10 ? 15 : 4;
  const benar = (p1 * p2) / (p1 + p2);
  return pilihanGanda(
    ctx,
    p(
      `Sebuah tandon air dapat diisi penuh oleh pompa A dalam ${p1} jam dan oleh pompa B dalam ${p2} jam.`,
      'Jika kedua pompa dinyalakan bersamaan, tandon penuh dalam waktu …',
    ),
    `${angka(benar)} jam`,
    [
      `${angka((p1 + p2) / 2)} jam`,
      `${angka(p1 + p2)} jam`,
      `${angka(benar + 1)} jam`,
      `${angka(Math.abs(p1 - p2))} jam`,
      `${angka(benar + 2)} jam`,
    ],
    p(
      `Dalam 1 jam terisi 1/${p1} + 1/${p2} = ${p1 + p2}/${p1 * p2} bagian, sehingga waktunya ${p1 * p2}/${p1 + p2} = <b>${angka(benar)} jam</b>.`,
    ),
    0.6,
  );
}

function penjualan(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const bulan = ['Januari', 'Februari', 'Maret', 'April'];
  const data = bulan.map(() => rng.int(12, 48) * 5);
  const total = data.reduce((sum, value) => sum + value, 0);
  const benar = total / 4;
  return pilihanGanda(
    ctx,
    p('Data penjualan kopi susu gula aren sebuah kedai (dalam gelas) ditunjukkan tabel berikut.') +
      table(
        ['Bulan', 'Terjual'],
        bulan.map((b, i) => [b, data[i]]),
      ) +
      p('Rata-rata penjualan per bulan adalah …'),
    `${angka(benar)} gelas`,
    numericDistractors(ctx, benar, [-10, -5, 5, 10, 15]).map((value) => `${value} gelas`),
    p(`Jumlah = ${data.join(' + ')} = ${total}; rata-rata = ${total} ÷ 4 = <b>${angka(benar)}</b> gelas.`),
    -0.1,
  );
}

export function skala(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const cm = rng.int(3, 12);
  const skalaPeta = rng.pick([250_000, 500_000, 1_000_000]);
  const km = (cm * skalaPeta) / 100_000;
  return isian(
    ctx,
    5,
    p(
      `Jarak dua kota pada peta berskala 1 : ${angka(skalaPeta)} adalah ${cm} cm.`,
      'Jarak sebenarnya kedua kota itu adalah … km (tulis angkanya saja).',
    ),
    angka(km),
    [angka(km * 10), angka(km / 10)],
    p(
      `Jarak sebenarnya = ${cm} × ${angka(skalaPeta)} cm = ${angka(cm * skalaPeta)} cm = <b>${angka(km)} km</b>.`,
    ),
  );
}

function luasKebun(ctx: GenContext): SoalDraft {
  const { rng } = ctx;
  const pj = rng.int(12, 30);
  const lb = rng.int(8, 20);
  const jarak = rng.pick([1, 2]);
  const benar = (2 * (pj + lb)) / jarak;
  return pilihanGanda(
    ctx,
    p(
      `Kebun Pak Darto berbentuk persegi panjang ${pj} m × ${lb} m. Di sekeliling kebun akan ditanami pohon pisang dengan jarak antarpohon ${jarak} m, dimulai dari salah satu pojok.`,
      'Banyak pohon pisang yang diperlukan adalah …',
    ),
    `${angka(benar)} pohon`,
    numericDistractors(ctx, benar, [-2, -1, 1, 2, 4]).map((value) => `${value} pohon`),
    p(
      `Keliling = 2 × (${pj} + ${lb}) = ${2 * (pj + lb)} m. Pada lintasan tertutup banyak pohon = keliling ÷ jarak = <b>${angka(benar)}</b>.`,
    ),
    0.4,
  );
}

export const PENALARAN_MATEMATIKA: Generator[] = [
  tarifOjek,
  tabungan,
  penjualan,
  kolam,
  luasKebun,
  tarifOjek,
  penjualan,
  tabungan,
  skala,
  luasKebun,
  kolam,
  skala,
];
