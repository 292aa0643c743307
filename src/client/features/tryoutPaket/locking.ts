import type { SoalPaket } from '../../../contract';
import { isAnswered } from '../../components/question/answered';

/** Spec §4 "Locking": for regular students an answered question cannot be navigated to (the open one stays). */
export function isLocked(soal: SoalPaket, isCurrent: boolean, regular: boolean): boolean {
  return regular && !isCurrent && isAnswered(soal.type, soal.jawaban_siswa);
}

/** Where the sheet opens: the first question a regular student may still answer; the first one otherwise. */
export function firstOpenIndex(soal: SoalPaket[], regular: boolean): number {
  if (!regular) return 0;
  const index = soal.findIndex((item) => !isAnswered(item.type, item.jawaban_siswa));
  return index === -1 ? 0 : index;
}
