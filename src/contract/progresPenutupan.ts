import { formatAngka } from './angka';

/**
 * How far a close is, in the words the server's 503 and the SPA's Hasil both say. The close judges the answer
 * sheets first (one per category a student sat) and then calibrates, ranks and stores the scores: once every sheet
 * is judged the figure would stand at 100 % for that last part (about half the close of a large event), so it says
 * what is being done instead.
 */
export function sejauhPenutupan(dinilai: number, jumlah: number): string {
  if (dinilai >= jumlah)
    return `semua ${formatAngka(jumlah)} lembar jawaban sudah dinilai, nilai dan peringkat sedang disimpan`;
  const persen = Math.floor((100 * dinilai) / jumlah);
  return `${formatAngka(dinilai)} dari ${formatAngka(jumlah)} lembar jawaban sudah dinilai (${persen}%)`;
}
