/**
 * A converted question whose TeX cannot be typeset is refused by its name and place in the file, the offending TeX
 * shown, like any question we cannot take as written (`--skip-unsupported` imports the rest). Checked here, where the
 * question's source name is still known; the package check would name only its number in the converted list.
 */
import { typesetTex } from '../../konten/tex';
import type { SoalFile } from '../paketFormat';
import type { HasilKonversi } from './konversi';

/** Every text of a question a student or a discussion shows. */
function teksSoal(s: SoalFile): string[] {
  return [
    s.soal,
    ...Object.values(s.opsi ?? {}),
    ...(s.pernyataan ?? []).map((p) => p.teks),
    s.pembahasan ?? '',
  ];
}

export function tolakTexSalah(hasil: HasilKonversi): HasilKonversi {
  const soal: SoalFile[] = [];
  const asal: HasilKonversi['asal'] = [];
  const tidakDidukung = [...hasil.tidakDidukung];
  hasil.soal.forEach((s, i) => {
    const salah = [...new Set(teksSoal(s).flatMap((t) => typesetTex(t).salah))];
    if (salah.length === 0) {
      soal.push(s);
      asal.push(hasil.asal[i]);
    } else tidakDidukung.push({ ...hasil.asal[i], alasan: salah.join('; ') });
  });
  return { ...hasil, soal, asal, tidakDidukung };
}
