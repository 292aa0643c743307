/** University-choice status: pure, no I/O. */

export interface PtnChoice {
  num_option: number;
  jurusan: string;
  universitas: string;
  /** Minimum score. */
  grade: number;
  kapasitas: number;
  /** The student's competition rank among every participant of the package who chose this programme. */
  rank: number;
}

export const LULUS = 'LULUS';
export const TIDAK_LULUS = 'TIDAK LULUS';

export interface ChoiceStatus {
  num_option: number;
  status: 0 | 1;
  status_str: string;
}

export interface PtnOutcome {
  hasil: 0 | 1;
  hasil_str: string;
  /** The choice the student passes, taken in option order, or null. */
  passed: PtnChoice | null;
  choices: ChoiceStatus[];
}

/** A choice passes when the score reaches its grade and the rank is within its capacity. */
export function passesChoice(
  score: number,
  choice: Pick<PtnChoice, 'grade' | 'kapasitas' | 'rank'>,
): boolean {
  return score >= choice.grade && choice.rank >= 1 && choice.rank <= choice.kapasitas;
}

export function passMessage(choice: Pick<PtnChoice, 'num_option' | 'jurusan' | 'universitas'>): string {
  return `${LULUS} - Selamat! Kamu lulus di pilihan ${choice.num_option}: ${choice.jurusan} - ${choice.universitas}`;
}

export const FAIL_MESSAGE = `${TIDAK_LULUS} - Belum lulus di pilihan mana pun`;

/** Each choice's status and the overall result: the first passing choice in option order decides. */
export function ptnOutcome(score: number, choices: readonly PtnChoice[]): PtnOutcome {
  const ordered = [...choices].sort((a, b) => a.num_option - b.num_option);
  const statuses = ordered.map((choice) => {
    const pass = passesChoice(score, choice);
    return {
      num_option: choice.num_option,
      status: (pass ? 1 : 0) as 0 | 1,
      status_str: pass ? LULUS : TIDAK_LULUS,
    };
  });
  const passed = ordered.find((choice) => passesChoice(score, choice)) ?? null;
  return {
    hasil: passed ? 1 : 0,
    hasil_str: passed ? passMessage(passed) : FAIL_MESSAGE,
    passed,
    choices: statuses,
  };
}
