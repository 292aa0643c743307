/** Validation of one per-topic answer against its question, by the answer rules (domain/jawaban.ts; no I/O). */
import { KOLOM_OPSI } from '../../../contract/fields';
import { bacaPilihan, batasPanjang } from '../../domain/jawaban';

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

/**
 * The answer to store, or why it is refused. Type 1: a letter whose option has text ('' or '0' cancels and is
 * stored as ''); type 2: at most 200 characters; type 4: at most 5000 characters.
 */
export function validasiJawaban(soal: SoalUntukJawaban, jawaban: string): HasilValidasi {
  if (soal.type === 1) {
    // An option without text is not shown on the sheet (spec: "each shown only when non-empty").
    const pilihan = bacaPilihan(jawaban, (huruf) => soal[KOLOM_OPSI[huruf]].trim() !== '');
    if (pilihan.ok) return { ok: true, jawaban: 'huruf' in pilihan ? pilihan.huruf : '' };
    if (pilihan.alasan === 'tidakTersedia') {
      return { ok: false, message: `Pilihan ${pilihan.huruf} tidak tersedia pada soal ${soal.id}` };
    }
    return { ok: false, message: `Jawaban soal ${soal.id} harus salah satu pilihan A sampai E` };
  }
  if (soal.type === 2 || soal.type === 4) {
    const batas = batasPanjang(soal.type) ?? 0;
    if (jawaban.length > batas) {
      const jenis = soal.type === 2 ? 'isian' : 'esai';
      return { ok: false, message: `Jawaban ${jenis} soal ${soal.id} paling panjang ${batas} karakter` };
    }
    return { ok: true, jawaban };
  }
  return { ok: false, message: `Tipe soal ${soal.type} tidak dikenal` };
}
