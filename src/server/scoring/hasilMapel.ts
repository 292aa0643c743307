/**
 * Classical per-subject result of one package attempt, shared by the end of a tryout and
 * the Sync call. Three queries load an attempt whatever its size; one upsert per subject writes the result.
 */
import type { Executor } from '../db/executor';
import type { HasilMapelTable } from '../db/types';
import { classicalScore, judgeAnswer, tally, type GroupAnswer, type Penilaian } from '../domain/scoring';
import { kelompokkan } from '../lib/kelompok';
import { bacaKunciKategori, jawabanKosong } from './kunciKategori';

export interface AttemptAnswer {
  id_soal: number;
  id_mapel: number;
  nomor: number;
  type: number;
  kunci: string;
  /** The saved answer; '0' (types 1 and 3) or '' when the question has no answer row. */
  jawaban: string;
  /** Type 3: the statements in order with key and answer ('0' when unanswered). */
  group: GroupAnswer[];
  penilaian: Penilaian;
}

export interface AttemptInfo {
  id: number;
  id_jadwal: number;
  id_kategori: number;
  id_siswa: number;
  /** The attempt's own order (domain/acak.ts): what it shuffles and the seed. */
  acak: number;
  acak_seed: number | null;
}

/**
 * Every question of the attempt's category, subjects and numbers in order, judged against the category's keys;
 * with the category's subjects in order. Null for an unknown attempt.
 */
export async function loadAttemptAnswers(
  db: Executor,
  idHasilTo: number,
): Promise<{ attempt: AttemptInfo; mapel: number[]; answers: AttemptAnswer[] } | null> {
  const attempt = await db
    .selectFrom('hasil_to')
    .select(['id', 'id_jadwal', 'id_kategori', 'id_siswa', 'acak', 'acak_seed'])
    .where('id', '=', idHasilTo)
    .executeTakeFirst();
  if (!attempt) return null;

  const { mapel, soal, statements } = await bacaKunciKategori(db, attempt.id_kategori);
  const saved = await db
    .selectFrom('jawaban')
    .select(['id_soal', 'jawaban'])
    .where('id_hasil_to', '=', idHasilTo)
    .execute();
  const savedStatements = await db
    .selectFrom('jawaban_group')
    .innerJoin('jawaban', 'jawaban.id', 'jawaban_group.id_jawaban')
    .select(['jawaban_group.id_soal_group', 'jawaban_group.jawaban'])
    .where('jawaban.id_hasil_to', '=', idHasilTo)
    .execute();
  const jawabanOf = new Map(saved.map((row) => [row.id_soal, row.jawaban]));
  const statementAnswerOf = new Map(savedStatements.map((row) => [row.id_soal_group, row.jawaban]));
  const statementsOf = kelompokkan(statements, (st) => st.id_soal);

  const answers = soal.map((s): AttemptAnswer => {
    const jawaban = jawabanOf.get(s.id) ?? jawabanKosong(s.type);
    const group: GroupAnswer[] = (statementsOf.get(s.id) ?? []).map((st) => ({
      kunci: st.kunci,
      jawaban: statementAnswerOf.get(st.id) ?? '0',
    }));
    return {
      id_soal: s.id,
      id_mapel: s.id_mapel,
      nomor: s.nomor,
      type: s.type,
      kunci: s.kunci,
      jawaban,
      group,
      penilaian: judgeAnswer({ type: s.type, jawaban, kunci: s.kunci, group }),
    };
  });
  return { attempt, mapel: mapel.map((m) => m.id), answers };
}

/** A classical subject row, as `hasil_mapel` holds it until IRT rescores an event. */
export type HasilMapelRow = HasilMapelTable & { metode: 'klasik'; theta: null };

/** The classical row of one subject of an attempt, from the verdicts of its answers (end, Sync and bulk close). */
export function barisKlasik(
  attempt: { id: number; id_siswa: number; id_jadwal: number },
  idMapel: number,
  verdicts: readonly Penilaian[],
): HasilMapelRow {
  const counts = tally(verdicts);
  const score = classicalScore(counts);
  return {
    id_hasil_to: attempt.id,
    id_mapel: idMapel,
    id_siswa: attempt.id_siswa,
    id_jadwal: attempt.id_jadwal,
    benar: counts.benar,
    salah: counts.salah,
    kosong: counts.kosong,
    nilai: score.nilai,
    persentase: score.persentase,
    metode: 'klasik',
    theta: null,
  };
}

/**
 * Ends a running attempt at `now`, in the caller's transaction with what goes with it (its classical rows). False
 * when it had already ended: a concurrent end, or the reader that closes ended schedules, got there first.
 */
export async function tandaiSelesai(trx: Executor, idHasilTo: number, now: number): Promise<boolean> {
  const ended = await trx
    .updateTable('hasil_to')
    .set({ is_selesai: 1, ended_at: now })
    .where('id', '=', idHasilTo)
    .where('is_selesai', '=', 0)
    .executeTakeFirst();
  return Number(ended.numUpdatedRows) > 0;
}

/**
 * Computes and upserts one classical `hasil_mapel` row per subject of the attempt (subjects without questions get
 * a row of zeros). Replaces an earlier row of the same subject, IRT included: the caller decides when to rescore.
 * Pass the open transaction when it must commit together with something else.
 */
export async function writeHasilMapel(db: Executor, idHasilTo: number): Promise<HasilMapelRow[]> {
  const loaded = await loadAttemptAnswers(db, idHasilTo);
  if (!loaded) return [];
  const { attempt, mapel, answers } = loaded;

  const rows = mapel.map((id) =>
    barisKlasik(
      attempt,
      id,
      answers.filter((a) => a.id_mapel === id).map((a) => a.penilaian),
    ),
  );

  for (const row of rows) {
    await db
      .insertInto('hasil_mapel')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['id_hasil_to', 'id_mapel']).doUpdateSet({
          benar: row.benar,
          salah: row.salah,
          kosong: row.kosong,
          nilai: row.nilai,
          persentase: row.persentase,
          metode: row.metode,
          theta: null,
        }),
      )
      .execute();
  }
  return rows;
}
