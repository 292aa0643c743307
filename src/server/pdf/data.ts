/** Database reads behind the PDFs: questions of a subject, and the student's answers with keys for a discussion. */
import type { Db } from '../db/createDb';
import { isBlank } from '../domain/scoring';
import { loadAttemptAnswers } from '../scoring/hasilMapel';
import { soalDenganKunci, soalTanpaKunci, type SoalLembar } from '../soal/soalMapel';
import type { PdfQuestion } from './documents';

function question(row: SoalLembar, index: number): PdfQuestion {
  return {
    nomor: index + 1,
    type: row.type,
    soal: row.soal,
    options: { a: row.a, b: row.b, c: row.c, d: row.d, e: row.e },
    group_text_type: row.group_text_type,
    statements: row.pernyataan.map((s) => ({ pernyataan: s.pernyataan })),
  };
}

/**
 * The questions of one subject, numbered from 1, without keys, with exactly the options of the student's sheet
 * (no E for a student who sees A–D only).
 */
export async function soalMapel(
  db: Db,
  idMapel: number,
  options: { fiveChoices: boolean },
): Promise<PdfQuestion[]> {
  const soal = await soalTanpaKunci(db.kysely, [idMapel]);
  return soal.map((row, index) => {
    const base = question(row, index);
    return options.fiveChoices ? base : { ...base, options: { ...base.options, e: '' } };
  });
}

/** Every subject of a finished attempt's category with the questions, the student's answers, keys and verdicts. */
export async function pembahasanKategori(
  db: Db,
  idHasilTo: number,
  mapel: { id: number; nama: string }[],
): Promise<{ mapel: string; soal: PdfQuestion[] }[]> {
  const loaded = await loadAttemptAnswers(db, idHasilTo);
  const answerOf = new Map((loaded?.answers ?? []).map((a) => [a.id_soal, a]));
  const soal = await soalDenganKunci(
    db.kysely,
    mapel.map((m) => m.id),
  );
  return mapel.map((m) => ({
    mapel: m.nama,
    soal: soal
      .filter((row) => row.id_mapel === m.id)
      .map((row, index) => {
        const answer = answerOf.get(row.id);
        const base = question(row, index);
        base.statements = base.statements.map((s, i) => ({
          ...s,
          kunci: answer?.group[i]?.kunci,
          jawaban: answer?.group[i]?.jawaban,
        }));
        const jawaban = answer?.jawaban ?? '';
        return {
          ...base,
          kunci: row.kunci,
          jawaban: isBlank(row.type, jawaban) ? '' : jawaban,
          is_benar: answer?.penilaian === 'benar',
          pembahasan: row.pembahasan,
        };
      }),
  }));
}
