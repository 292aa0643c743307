/** Validation of one per-topic answer against its question (no I/O). */

/** Longest short answer (type 2); essays (type 4) are bounded by the contract's MAX_ANSWER_LENGTH. */
export const MAX_ISIAN_SINGKAT = 200;
export const MAX_ESAI = 5000;

const PILIHAN = ['A', 'B', 'C', 'D', 'E'] as const;
type Pilihan = (typeof PILIHAN)[number];

export interface SoalUntukJawaban {
  id: number;
  type: number;
  a: string;
  b: string;
  c: string;
  d: string;
  e: string;
}

export type HasilValidasi = { ok: true; jawaban: string } | { ok: false; message: string };

function teksPilihan(soal: SoalUntukJawaban, pilihan: Pilihan): string {
  switch (pilihan) {
    case 'A':
      return soal.a;
    case 'B':
      return soal.b;
    case 'C':
      return soal.c;
    case 'D':
      return soal.d;
    case 'E':
      return soal.e;
  }
}

/**
 * The answer to store, or why it is refused. Type 1: a letter whose option has text ('' or '0' cancels and is
 * stored as ''); type 2: at most 200 characters; type 4: at most 5000 characters.
 */
export function validasiJawaban(soal: SoalUntukJawaban, jawaban: string): HasilValidasi {
  if (soal.type === 1) {
    const huruf = jawaban.trim().toUpperCase();
    if (huruf === '' || huruf === '0') return { ok: true, jawaban: '' };
    const pilihan = PILIHAN.find((p) => p === huruf);
    if (!pilihan) {
      return { ok: false, message: `Jawaban soal ${soal.id} harus salah satu pilihan A sampai E` };
    }
    // An option without text is not shown on the sheet (spec: "each shown only when non-empty").
    if (teksPilihan(soal, pilihan).trim() === '') {
      return { ok: false, message: `Pilihan ${pilihan} tidak tersedia pada soal ${soal.id}` };
    }
    return { ok: true, jawaban: pilihan };
  }
  if (soal.type === 2) {
    if (jawaban.length > MAX_ISIAN_SINGKAT) {
      return {
        ok: false,
        message: `Jawaban isian soal ${soal.id} paling panjang ${MAX_ISIAN_SINGKAT} karakter`,
      };
    }
    return { ok: true, jawaban };
  }
  if (soal.type === 4) {
    if (jawaban.length > MAX_ESAI) {
      return { ok: false, message: `Jawaban esai soal ${soal.id} paling panjang ${MAX_ESAI} karakter` };
    }
    return { ok: true, jawaban };
  }
  return { ok: false, message: `Tipe soal ${soal.type} tidak dikenal` };
}
