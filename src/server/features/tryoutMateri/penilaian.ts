/** Score of one per-topic attempt (no I/O); the verdict on one answer is the shared domain/scoring. */
import { judgeAnswer, tally } from '../../domain/scoring';
import type { Nilai } from './queries';

export interface SoalBerkunci {
  id: number;
  type: number;
  kunci: string;
}

/**
 * Counts benar/salah/kosong over the scored questions (essays are kept but not scored) and
 * skor = round(100 · benar / scored), 0 when nothing is scored.
 */
export function nilaiPercobaan(soal: readonly SoalBerkunci[], jawaban: ReadonlyMap<number, string>): Nilai {
  const { benar, salah, kosong, scored } = tally(
    soal.map((s) => judgeAnswer({ type: s.type, jawaban: jawaban.get(s.id) ?? '', kunci: s.kunci })),
  );
  return { benar, salah, kosong, skor: scored === 0 ? 0 : Math.round((100 * benar) / scored) };
}
