/**
 * Classical per-subject result of one package attempt (DESIGN.md "Scoring"), shared by the end of a tryout and
 * the Sync call. Three queries load an attempt whatever its size; one upsert per subject writes the result.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../db/createDb';
import type { Database } from '../db/types';
import { classicalScore, judgeAnswer, tally, type GroupAnswer, type Penilaian } from '../domain/scoring';

/** A database handle or an open transaction (a Kysely `Transaction` is a `Kysely`). */
export type Executor = Db | Kysely<Database>;

function kyselyOf(executor: Executor): Kysely<Database> {
  return 'dialect' in executor && 'kysely' in executor ? executor.kysely : executor;
}

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
}

/** Every question of the attempt's category, subjects and numbers in order, judged. Null for an unknown attempt. */
export async function loadAttemptAnswers(
  executor: Executor,
  idHasilTo: number,
): Promise<{ attempt: AttemptInfo; answers: AttemptAnswer[] } | null> {
  const db = kyselyOf(executor);
  const attempt = await db
    .selectFrom('hasil_to')
    .select(['id', 'id_jadwal', 'id_kategori', 'id_siswa'])
    .where('id', '=', idHasilTo)
    .executeTakeFirst();
  if (!attempt) return null;

  const soal = await db
    .selectFrom('soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .leftJoin('jawaban', (join) =>
      join.onRef('jawaban.id_soal', '=', 'soal.id').on('jawaban.id_hasil_to', '=', idHasilTo),
    )
    .select([
      'soal.id as id_soal',
      'soal.id_mapel',
      'soal.nomor',
      'soal.type',
      'soal.kunci',
      'jawaban.jawaban',
    ])
    .where('mapel.id_kategori', '=', attempt.id_kategori)
    .orderBy('mapel.urutan')
    .orderBy('mapel.id')
    .orderBy('soal.nomor')
    .orderBy('soal.id')
    .execute();

  const statements = await db
    .selectFrom('soal_group')
    .innerJoin('soal', 'soal.id', 'soal_group.id_soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .leftJoin('jawaban', (join) =>
      join.onRef('jawaban.id_soal', '=', 'soal.id').on('jawaban.id_hasil_to', '=', idHasilTo),
    )
    .leftJoin('jawaban_group', (join) =>
      join
        .onRef('jawaban_group.id_jawaban', '=', 'jawaban.id')
        .onRef('jawaban_group.id_soal_group', '=', 'soal_group.id'),
    )
    .select(['soal_group.id_soal', 'soal_group.kunci', 'jawaban_group.jawaban'])
    .where('mapel.id_kategori', '=', attempt.id_kategori)
    .orderBy('soal_group.id_soal')
    .orderBy('soal_group.urutan')
    .orderBy('soal_group.id')
    .execute();

  const groups = new Map<number, GroupAnswer[]>();
  for (const s of statements) {
    const list = groups.get(s.id_soal) ?? [];
    list.push({ kunci: s.kunci, jawaban: s.jawaban ?? '0' });
    groups.set(s.id_soal, list);
  }

  const answers = soal.map((s): AttemptAnswer => {
    const jawaban = s.jawaban ?? (s.type === 1 || s.type === 3 ? '0' : '');
    const group = groups.get(s.id_soal) ?? [];
    return {
      id_soal: s.id_soal,
      id_mapel: s.id_mapel,
      nomor: s.nomor,
      type: s.type,
      kunci: s.kunci,
      jawaban,
      group,
      penilaian: judgeAnswer({ type: s.type, jawaban, kunci: s.kunci, group }),
    };
  });
  return { attempt, answers };
}

export interface HasilMapelRow {
  id_hasil_to: number;
  id_mapel: number;
  id_siswa: number;
  id_jadwal: number;
  benar: number;
  salah: number;
  kosong: number;
  nilai: number;
  persentase: number;
  metode: 'klasik';
  theta: null;
}

/**
 * Computes and upserts one classical `hasil_mapel` row per subject of the attempt (subjects without questions get
 * a row of zeros). Replaces an earlier row of the same subject, IRT included: the caller decides when to rescore.
 * Pass the open transaction when it must commit together with something else.
 */
export async function writeHasilMapel(executor: Executor, idHasilTo: number): Promise<HasilMapelRow[]> {
  const db = kyselyOf(executor);
  const loaded = await loadAttemptAnswers(db, idHasilTo);
  if (!loaded) return [];
  const { attempt, answers } = loaded;

  const mapel = await db
    .selectFrom('mapel')
    .select('id')
    .where('id_kategori', '=', attempt.id_kategori)
    .orderBy('urutan')
    .orderBy('id')
    .execute();

  const rows = mapel.map(({ id }): HasilMapelRow => {
    const counts = tally(answers.filter((a) => a.id_mapel === id).map((a) => a.penilaian));
    const score = classicalScore(counts);
    return {
      id_hasil_to: attempt.id,
      id_mapel: id,
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
  });

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
