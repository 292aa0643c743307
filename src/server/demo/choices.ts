import type { Insertable } from 'kysely';
import type { PilihanSiswaTable, ProdiTable } from '../db/types';
import type { Rng } from './random';

export interface ProdiSeed extends Insertable<ProdiTable> {
  id: number;
  grade: number;
  kapasitas: number;
}

/**
 * The demo student's two choices around his finished score: option 1 a dream programme above his score, option 2
 * a programme he passes (grade well below his score, a capacity large enough for his rank).
 */
export function pilihanReguler(
  prodi: readonly ProdiSeed[],
  skor: number,
): { tidakLulus: ProdiSeed; lulus: ProdiSeed } {
  const byGrade = [...prodi].sort((a, b) => b.grade - a.grade || a.id - b.id);
  const tidakLulus =
    byGrade.find((p) => p.grade > skor + 20) ?? [...prodi].sort((a, b) => a.kapasitas - b.kapasitas)[0];
  const lulus = byGrade.find((p) => p.grade <= skor - 40 && p.kapasitas >= 40) ?? byGrade[byGrade.length - 1];
  return { tidakLulus, lulus };
}

/** 1–2 programmes near what the student can reach, as real students choose. */
export function pilihanAcak(
  rng: Rng,
  prodi: readonly ProdiSeed[],
  idSiswa: number,
  theta: number,
): Insertable<PilihanSiswaTable>[] {
  const target = 540 + 90 * theta;
  const near = [...prodi].sort(
    (a, b) => Math.abs(a.grade - target) - Math.abs(b.grade - target) || a.id - b.id,
  );
  const count = rng.chance(0.7) ? 2 : 1;
  return rng
    .sample(near.slice(0, 8), count)
    .map((p, i) => ({ id_siswa: idSiswa, num_option: i + 1, id_prodi: p.id }));
}
