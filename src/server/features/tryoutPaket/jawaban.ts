/** What an answer save asks for, checked against the question's type by the answer rules (domain/jawaban.ts). */
import { bacaPilihan, batasPanjang } from '../../domain/jawaban';

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
      // E only for students with five choices; the cancel is '0' here (an empty answer is no choice).
      const pilihan = bacaPilihan(jawaban, (huruf) => huruf !== 'E' || input.fiveChoices);
      if (!pilihan.ok && pilihan.alasan === 'tidakTersedia')
        return fail('Pilihan E tidak tersedia untuk kamu');
      if (!pilihan.ok || ('batal' in pilihan && pilihan.batal === '')) {
        return fail('Jawaban pilihan ganda harus A, B, C, D, E atau 0');
      }
      return {
        ok: true,
        change: { kind: 'text', jawaban: 'huruf' in pilihan ? pilihan.huruf : pilihan.batal },
      };
    }
    case 2:
    case 4:
    case 5: {
      const batas = batasPanjang(type) ?? 0;
      if (jawaban.length > batas) {
        return fail(`Jawaban ${type === 4 ? 'esai' : 'singkat'} paling panjang ${batas} karakter`);
      }
      return { ok: true, change: { kind: 'text', jawaban } };
    }
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
