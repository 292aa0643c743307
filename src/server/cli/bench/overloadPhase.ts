/** The overload phase's saves: every started student's multiple-choice questions, answered otherwise than before. */
import type { StartedAttempt, LoadRequest } from './load';
import { saveRequest, type Save } from './answers';

/**
 * Connections the overload generator may keep open: enough that twice the sustainable rate never waits for one
 * while the server answers within 100 ms (a few thousand a second × 0.1 s), as many students' browsers would be.
 */
export const OVERLOAD_SOCKETS = 512;

/** The letter of this phase: the answer-save phase chose C (answers.ts), so a D found later was saved here. */
const JAWABAN_OVERLOAD = 'D';

/** Round robin over the students, as in the answer-save phase; only multiple-choice questions (type 1). */
export function overloadSaves(
  attempts: readonly StartedAttempt[],
  tokenOf: (n: number) => string,
  idJadwal: number,
): { saves: Save[]; requests: LoadRequest[] } {
  const saves: Save[] = [];
  const requests: LoadRequest[] = [];
  const choices = attempts.map((a) => a.soal.filter((s) => s.type === 1));
  const longest = Math.max(0, ...choices.map((c) => c.length));
  for (let q = 0; q < longest; q++) {
    choices.forEach((soal, n) => {
      if (!soal[q]) return;
      const save: Save = {
        id_jawaban: soal[q].id_jawaban,
        id_jawaban_group: null,
        jawaban: JAWABAN_OVERLOAD,
        type: 1,
      };
      saves.push(save);
      requests.push(saveRequest(idJadwal, attempts[n].id_hasil_to, save, tokenOf(n)));
    });
  }
  return { saves, requests };
}
