/** Database reads behind the PDFs: questions of a subject, and the student's answers with keys for a discussion. */
import type { Executor } from '../db/executor';
import { acakDari, dalamUrutanSiswa, soalSiswa, type Acak } from '../domain/acak';
import { isBlank } from '../domain/scoring';
import { KONTEN_PREFIX } from '../konten/kontenStore';
import { loadAttemptAnswers } from '../scoring/hasilMapel';
import { soalDenganKunci, soalTanpaKunci, type SoalLembar } from '../soal/soalMapel';
import type { GambarPdf } from './drawRich';
import { htmlOf, type PdfQuestion } from './documents';
import { imageSources } from './richRuns';

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
 * (no E for a student who sees A–D only), in the order of the student's attempt.
 */
export async function soalMapel(
  db: Executor,
  idMapel: number,
  options: { fiveChoices: boolean; acak: Acak | null },
): Promise<PdfQuestion[]> {
  const soal = dalamUrutanSiswa(options.acak, await soalTanpaKunci(db, [idMapel]));
  return soal.map((row, index) => {
    const shown = soalSiswa(options.acak, row, { kunci: '', jawaban: '' }).opsi;
    const base = { ...question(row, index), options: shown };
    return options.fiveChoices ? base : { ...base, options: { ...base.options, e: '' } };
  });
}

/** Every subject of a finished attempt's category with the questions, the student's answers, keys and verdicts. */
export async function pembahasanKategori(
  db: Executor,
  idHasilTo: number,
  mapel: { id: number; nama: string }[],
): Promise<{ mapel: string; soal: PdfQuestion[] }[]> {
  const loaded = await loadAttemptAnswers(db, idHasilTo);
  const answerOf = new Map((loaded?.answers ?? []).map((a) => [a.id_soal, a]));
  const acak = loaded ? acakDari(loaded.attempt.acak, loaded.attempt.acak_seed) : null;
  // In the order, numbers and letters the student worked in (domain/acak.ts).
  const soal = dalamUrutanSiswa(
    acak,
    await soalDenganKunci(
      db,
      mapel.map((m) => m.id),
    ),
  );
  return mapel.map((m) => ({
    mapel: m.nama,
    soal: soal
      .filter((row) => row.id_mapel === m.id)
      .map((row, index) => {
        const answer = answerOf.get(row.id);
        const jawaban = answer?.jawaban ?? '';
        const shown = soalSiswa(acak, row, {
          kunci: row.kunci,
          jawaban: isBlank(row.type, jawaban) ? '' : jawaban,
        });
        const base = { ...question(row, index), options: shown.opsi };
        base.statements = base.statements.map((s, i) => ({
          ...s,
          kunci: answer?.group[i]?.kunci,
          jawaban: answer?.group[i]?.jawaban,
        }));
        return {
          ...base,
          kunci: shown.kunci,
          jawaban: shown.jawaban,
          is_benar: answer?.penilaian === 'benar',
          pembahasan: row.pembahasan,
        };
      }),
  }));
}

const KONTEN_SRC = new RegExp(`^${KONTEN_PREFIX}([0-9a-f]{64})$`);

/** The stored images (`/konten/<sha256>`) the questions show, read in one query before the PDF is drawn. */
export async function gambarPdf(db: Executor, questions: readonly PdfQuestion[]): Promise<GambarPdf> {
  const bySha = new Map<string, string>();
  for (const html of questions.flatMap(htmlOf)) {
    if (!html.includes(KONTEN_PREFIX)) continue;
    for (const src of imageSources(html)) {
      const sha = KONTEN_SRC.exec(src)?.[1];
      if (sha) bySha.set(sha, src);
    }
  }
  if (bySha.size === 0) return new Map();
  const rows = await db
    .selectFrom('konten')
    .select(['sha256', 'content_type', 'bytes'])
    .where('sha256', 'in', [...bySha.keys()])
    .execute();
  return new Map(
    rows.map((row) => [
      bySha.get(row.sha256) ?? '',
      { contentType: row.content_type, bytes: Buffer.from(row.bytes) },
    ]),
  );
}
