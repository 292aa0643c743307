/** What an answer save asks for, checked against the question's type (no I/O). */

/** Longest short answer (types 2 and 5). */
export const MAX_SHORT_ANSWER = 200;
/** Longest essay (type 4). */
export const MAX_ESSAY = 5000;

export type AnswerChange =
  /** Types 1, 2, 4, 5: the answer text itself. */
  | { kind: 'text'; jawaban: string }
  /** Type 3: one statement answered ('Y', 'N') or cleared ('0'). */
  | { kind: 'statement'; idJawabanGroup: number; jawaban: 'Y' | 'N' | '0' }
  /** Type 3: every statement cleared. */
  | { kind: 'cancelGroup' }
  /** Type 3: the client's 'Z' marker alone; the statements stay as they are. */
  | { kind: 'marker' };

export type ParsedAnswer = { ok: true; change: AnswerChange } | { ok: false; message: string };

export interface AnswerInput {
  type: number;
  operation: 'save' | 'groupCancel';
  jawaban: string;
  idJawabanGroup?: number;
  /** Whether option E exists for this student (studentType.allowsFiveChoices). */
  fiveChoices: boolean;
}

function fail(message: string): ParsedAnswer {
  return { ok: false, message };
}

/** Validates a save by type; `groupCancel` only exists for type 3. */
export function parseAnswer(input: AnswerInput): ParsedAnswer {
  const { type, operation, jawaban } = input;
  if (operation === 'groupCancel') {
    if (type !== 3) return fail('Operasi groupCancel hanya untuk soal pernyataan (type 3)');
    return { ok: true, change: { kind: 'cancelGroup' } };
  }
  switch (type) {
    case 1: {
      const pilihan = jawaban.trim().toUpperCase();
      if (!/^[A-E0]$/.test(pilihan)) return fail('Jawaban pilihan ganda harus A, B, C, D, E atau 0');
      if (pilihan === 'E' && !input.fiveChoices) return fail('Pilihan E tidak tersedia untuk kamu');
      return { ok: true, change: { kind: 'text', jawaban: pilihan } };
    }
    case 2:
    case 5:
      if (jawaban.length > MAX_SHORT_ANSWER) {
        return fail(`Jawaban singkat paling panjang ${MAX_SHORT_ANSWER} karakter`);
      }
      return { ok: true, change: { kind: 'text', jawaban } };
    case 4:
      if (jawaban.length > MAX_ESSAY) return fail(`Jawaban esai paling panjang ${MAX_ESSAY} karakter`);
      return { ok: true, change: { kind: 'text', jawaban } };
    case 3: {
      const nilai = jawaban.trim().toUpperCase();
      if (input.idJawabanGroup !== undefined) {
        if (nilai !== 'Y' && nilai !== 'N' && nilai !== '0') {
          return fail('Jawaban pernyataan harus Y, N atau 0');
        }
        return {
          ok: true,
          change: { kind: 'statement', idJawabanGroup: input.idJawabanGroup, jawaban: nilai },
        };
      }
      // Without a statement id only the markers make sense: 'Z' (answered) or '0' (cancel).
      if (nilai === 'Z') return { ok: true, change: { kind: 'marker' } };
      if (nilai === '0') return { ok: true, change: { kind: 'cancelGroup' } };
      return fail('Jawaban soal pernyataan dikirim per pernyataan dengan id_jawaban_group');
    }
    default:
      return fail(`Tipe soal ${type} tidak dikenal`);
  }
}
