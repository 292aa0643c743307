import { judgeAnswer, parseNumber, tally, classicalScore, type Penilaian } from '../domain/scoring';
import { packageTotal } from '../domain/ranking';
import { HURUF_OPSI } from '../../contract/fields';
import type { JadwalSeed, SoalSeed } from './packages';
import type { Rng } from './random';

/** Simulated answer sheets (a Rasch ability/difficulty model) and their scores under the real scoring rules. */

export interface Jawaban {
  jawaban: string;
  /** Type 3: one 'Y'/'N'/'0' per statement, in statement order. */
  group: string[];
}

export type LembarJawaban = Map<number, Jawaban>;

function peluangBenar(theta: number, difficulty: number): number {
  return 1 / (1 + Math.exp(difficulty - theta));
}

/** The key written another acceptable way now and then ("0,5" as "1/2", "Risiko" for "risiko"). */
function variasiKunci(rng: Rng, kunci: string): string {
  if (!rng.chance(0.25)) return kunci;
  const value = parseNumber(kunci);
  // Only terminating decimals: nobody types 0,6666666666666666.
  if (value !== null && kunci.includes('/') && String(value).length <= 6)
    return String(value).replace('.', ',');
  if (value !== null) return kunci;
  return `${kunci[0].toUpperCase()}${kunci.slice(1)} `;
}

const ESAI_SEADANYA = [
  'Kalimatnya terlalu panjang dan ada kata yang diulang.',
  'Kata “bagi” di awal kalimat dihapus supaya subjeknya jelas.',
  'Menurut saya kalimat itu sudah benar.',
];

export function jawabSoal(rng: Rng, theta: number, soal: SoalSeed): Jawaban {
  const p = peluangBenar(theta, soal.difficulty);
  const blank = rng.chance(soal.type === 1 ? 0.05 : soal.type === 4 ? 0.25 : 0.12);
  switch (soal.type) {
    case 1: {
      if (blank) return { jawaban: '0', group: [] };
      if (rng.chance(p)) return { jawaban: soal.kunci, group: [] };
      const salah = HURUF_OPSI.filter((k, i) => k !== soal.kunci && soal.options[i] !== '');
      return { jawaban: rng.pick(salah), group: [] };
    }
    case 2:
    case 5: {
      if (blank) return { jawaban: '', group: [] };
      if (rng.chance(p)) return { jawaban: variasiKunci(rng, soal.kunci), group: [] };
      return { jawaban: rng.pick(soal.jawabanSalah), group: [] };
    }
    case 3: {
      if (blank) return { jawaban: '0', group: soal.groups.map(() => '0') };
      // Each statement is easier than the whole question, which is right only when all of them are.
      const perPernyataan = Math.pow(p, 1 / soal.groups.length);
      const group = soal.groups.map((g) =>
        rng.chance(perPernyataan) ? g.kunci : g.kunci === 'Y' ? 'N' : 'Y',
      );
      return { jawaban: 'Z', group };
    }
    default: {
      if (blank) return { jawaban: '', group: [] };
      return { jawaban: rng.chance(p) ? soal.kunci : rng.pick(ESAI_SEADANYA), group: [] };
    }
  }
}

export function allSoal(jadwal: JadwalSeed): SoalSeed[] {
  return jadwal.kategori.flatMap((k) => k.mapel.flatMap((m) => m.soal));
}

/** A whole package answered by a student of ability `theta` (logits). */
export function isiLembar(rng: Rng, theta: number, jadwal: JadwalSeed): LembarJawaban {
  return new Map(allSoal(jadwal).map((soal) => [soal.id, jawabSoal(rng, theta, soal)]));
}

export function penilaian(soal: SoalSeed, jawaban: Jawaban): Penilaian {
  return judgeAnswer({
    type: soal.type,
    jawaban: jawaban.jawaban,
    kunci: soal.kunci,
    group: soal.groups.map((g, i) => ({ kunci: g.kunci, jawaban: jawaban.group[i] ?? '0' })),
  });
}

export interface SkorMapel {
  id_mapel: number;
  benar: number;
  salah: number;
  kosong: number;
  nilai: number;
  persentase: number;
}

/** Classical per-subject scores of one category, exactly as the end of a tryout computes them. */
export function skorKategori(jadwal: JadwalSeed, idKategori: number, lembar: LembarJawaban): SkorMapel[] {
  const kategori = jadwal.kategori.find((k) => k.id === idKategori);
  if (!kategori) return [];
  return kategori.mapel.map((m) => {
    const counts = tally(m.soal.map((s) => penilaian(s, lembar.get(s.id) ?? { jawaban: '', group: [] })));
    return {
      id_mapel: m.id,
      benar: counts.benar,
      salah: counts.salah,
      kosong: counts.kosong,
      ...classicalScore(counts),
    };
  });
}

/** Package total (mean of subject scores), the number rankings and PTN status use. */
export function totalPaket(jadwal: JadwalSeed, lembar: LembarJawaban): number {
  const nilai = jadwal.kategori.flatMap((k) => skorKategori(jadwal, k.id, lembar).map((s) => s.nilai));
  return packageTotal(nilai) ?? 0;
}
