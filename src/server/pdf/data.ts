/** Database reads behind the PDFs: questions of a subject, and the student's answers with keys for a discussion. */
import type { Selectable } from 'kysely';
import type { Db } from '../db/createDb';
import type { SoalTable } from '../db/types';
import { isBlank } from '../domain/scoring';
import { loadAttemptAnswers } from '../scoring/hasilMapel';
import type { PdfQuestion } from './documents';

/** Every column of a question: a discussion PDF shows keys and explanations. */
type SoalRow = Selectable<SoalTable>;

async function soalRows(db: Db, mapelIds: number[]) {
  if (mapelIds.length === 0)
    return { soal: [] as SoalRow[], statements: new Map<number, { pernyataan: string }[]>() };
  const soal = await db.kysely
    .selectFrom('soal')
    .select([
      'id',
      'id_mapel',
      'nomor',
      'type',
      'soal',
      'a',
      'b',
      'c',
      'd',
      'e',
      'kunci',
      'pembahasan',
      'group_text_type',
    ])
    .where('id_mapel', 'in', mapelIds)
    .orderBy('nomor')
    .orderBy('id')
    .execute();
  const rows = await db.kysely
    .selectFrom('soal_group')
    .innerJoin('soal', 'soal.id', 'soal_group.id_soal')
    .select(['soal_group.id_soal', 'soal_group.pernyataan'])
    .where('soal.id_mapel', 'in', mapelIds)
    .orderBy('soal_group.id_soal')
    .orderBy('soal_group.urutan')
    .orderBy('soal_group.id')
    .execute();
  const statements = new Map<number, { pernyataan: string }[]>();
  for (const row of rows) statements.set(row.id_soal, [...(statements.get(row.id_soal) ?? []), row]);
  return { soal, statements };
}

function question(row: SoalRow, index: number, statements: { pernyataan: string }[]): PdfQuestion {
  return {
    nomor: index + 1,
    type: row.type,
    soal: row.soal,
    options: { a: row.a, b: row.b, c: row.c, d: row.d, e: row.e },
    group_text_type: row.group_text_type,
    statements: statements.map((s) => ({ pernyataan: s.pernyataan })),
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
  const { soal, statements } = await soalRows(db, [idMapel]);
  return soal.map((row, index) => {
    const base = question(row, index, statements.get(row.id) ?? []);
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
  const { soal, statements } = await soalRows(
    db,
    mapel.map((m) => m.id),
  );
  return mapel.map((m) => ({
    mapel: m.nama,
    soal: soal
      .filter((row) => row.id_mapel === m.id)
      .map((row, index) => {
        const answer = answerOf.get(row.id);
        const base = question(row, index, statements.get(row.id) ?? []);
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
