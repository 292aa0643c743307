/**
 * IRT scores of TO Akbar (event) schedules (DESIGN.md "Scoring"): per subject a Rasch model is calibrated from
 * every finished attempt, and each participant's subject score becomes irtNilai(θ) with θ their WLE. With fewer
 * than IRT_MIN_PESERTA participants (or fewer than two items that anyone told apart) the classical score stands.
 */
import { sql, type Transaction } from 'kysely';
import { chunks, insertRows } from '../db/batch';
import type { Db } from '../db/createDb';
import type { Database } from '../db/types';
import { abilitiesByRawScore, calibrateRasch, irtNilai, type Response } from '../domain/irt';
import { judgeAnswer, type GroupAnswer } from '../domain/scoring';
import { writeHasilMapel } from './hasilMapel';

export const IRT_MIN_PESERTA = 30;

export interface MapelCalibration {
  id_mapel: number;
  peserta: number;
  butir: number;
  calibrated: boolean;
}

export interface JadwalCalibration {
  id_jadwal: number;
  mapel: MapelCalibration[];
  /** Set when at least one subject was calibrated. */
  calibrated_at: number | null;
}

interface Attempt {
  id: number;
  id_kategori: number;
}

/** Finished attempts of the schedule lacking some subject rows get their classical rows first. */
async function completeClassicalRows(db: Db, idJadwal: number, attempts: Attempt[]): Promise<void> {
  const [rowCounts, mapelCounts] = await Promise.all([
    db.kysely
      .selectFrom('hasil_mapel')
      .select(['id_hasil_to', (eb) => eb.fn.countAll<number>().as('n')])
      .where('id_jadwal', '=', idJadwal)
      .groupBy('id_hasil_to')
      .execute(),
    db.kysely
      .selectFrom('mapel')
      .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
      .select(['mapel.id_kategori', (eb) => eb.fn.countAll<number>().as('n')])
      .where('kategori.id_jadwal', '=', idJadwal)
      .groupBy('mapel.id_kategori')
      .execute(),
  ]);
  const have = new Map(rowCounts.map((r) => [r.id_hasil_to, Number(r.n)]));
  const need = new Map(mapelCounts.map((r) => [r.id_kategori, Number(r.n)]));
  for (const attempt of attempts) {
    if ((have.get(attempt.id) ?? 0) < (need.get(attempt.id_kategori) ?? 0))
      await writeHasilMapel(db, attempt.id);
  }
}

/** 0/1 responses of every finished attempt of one category to each scorable question, in bulk queries. */
async function loadResponses(db: Db, idKategori: number, attempts: Attempt[]) {
  const soal = await db.kysely
    .selectFrom('soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .select(['soal.id', 'soal.id_mapel', 'soal.type', 'soal.kunci'])
    .where('mapel.id_kategori', '=', idKategori)
    .where('soal.type', '!=', 4) // essays are kept but never scored
    .orderBy('soal.id_mapel')
    .orderBy('soal.nomor')
    .orderBy('soal.id')
    .execute();
  const statements = await db.kysely
    .selectFrom('soal_group')
    .innerJoin('soal', 'soal.id', 'soal_group.id_soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .select(['soal_group.id', 'soal_group.id_soal', 'soal_group.kunci'])
    .where('mapel.id_kategori', '=', idKategori)
    .orderBy('soal_group.id_soal')
    .orderBy('soal_group.urutan')
    .orderBy('soal_group.id')
    .execute();
  const answers = await db.kysely
    .selectFrom('jawaban')
    .innerJoin('hasil_to', 'hasil_to.id', 'jawaban.id_hasil_to')
    .select(['jawaban.id_hasil_to', 'jawaban.id_soal', 'jawaban.jawaban'])
    .where('hasil_to.id_kategori', '=', idKategori)
    .where('hasil_to.is_selesai', '=', 1)
    .execute();
  const groupAnswers = await db.kysely
    .selectFrom('jawaban_group')
    .innerJoin('jawaban', 'jawaban.id', 'jawaban_group.id_jawaban')
    .innerJoin('hasil_to', 'hasil_to.id', 'jawaban.id_hasil_to')
    .select(['jawaban.id_hasil_to', 'jawaban_group.id_soal_group', 'jawaban_group.jawaban'])
    .where('hasil_to.id_kategori', '=', idKategori)
    .where('hasil_to.is_selesai', '=', 1)
    .execute();

  const answerOf = new Map(answers.map((a) => [`${a.id_hasil_to}:${a.id_soal}`, a.jawaban]));
  const groupAnswerOf = new Map(groupAnswers.map((a) => [`${a.id_hasil_to}:${a.id_soal_group}`, a.jawaban]));
  const statementsOf = new Map<number, { id: number; kunci: string }[]>();
  for (const s of statements) statementsOf.set(s.id_soal, [...(statementsOf.get(s.id_soal) ?? []), s]);

  // A statement question without statements has nothing to score: it is left out like an essay.
  const scorable = soal.filter((s) => s.type !== 3 || (statementsOf.get(s.id)?.length ?? 0) > 0);
  const responses = new Map<number, Map<number, Response>>(); // id_hasil_to → id_soal → 0/1
  for (const attempt of attempts) {
    const row = new Map<number, Response>();
    for (const s of scorable) {
      const jawaban = answerOf.get(`${attempt.id}:${s.id}`) ?? (s.type === 1 || s.type === 3 ? '0' : '');
      const group: GroupAnswer[] = (statementsOf.get(s.id) ?? []).map((st) => ({
        kunci: st.kunci,
        jawaban: groupAnswerOf.get(`${attempt.id}:${st.id}`) ?? '0',
      }));
      row.set(s.id, judgeAnswer({ type: s.type, jawaban, kunci: s.kunci, group }) === 'benar' ? 1 : 0);
    }
    responses.set(attempt.id, row);
  }
  return { soal: scorable, responses };
}

interface IrtScore {
  id_hasil_to: number;
  id_mapel: number;
  nilai: number;
  theta: number;
}

/**
 * Writes the IRT scores over the subjects' existing rows, a slice of rows per statement: one UPDATE ... FROM a
 * VALUES list (SQLite ≥ 3.33 and PostgreSQL alike; the casts give PostgreSQL the column types of the list).
 */
async function writeIrtScores(trx: Transaction<Database>, scores: readonly IrtScore[]): Promise<void> {
  for (const slice of chunks(scores)) {
    const values = sql.join(
      slice.map(
        (u) =>
          sql`(CAST(${u.id_hasil_to} AS integer), CAST(${u.id_mapel} AS integer), CAST(${u.nilai} AS integer), CAST(${u.theta} AS double precision))`,
      ),
    );
    await sql`
      WITH v (id_hasil_to, id_mapel, nilai, theta) AS (VALUES ${values})
      UPDATE hasil_mapel SET nilai = v.nilai, metode = 'irt', theta = v.theta
      FROM v
      WHERE hasil_mapel.id_hasil_to = v.id_hasil_to AND hasil_mapel.id_mapel = v.id_mapel
    `.execute(trx);
  }
}

/**
 * Calibrates every subject of an event schedule and rewrites its participants' subject scores. Idempotent: a
 * second run on the same attempts writes the same numbers. Non-event schedules are left alone.
 */
export async function calibrateJadwal(db: Db, idJadwal: number, now: number): Promise<JadwalCalibration> {
  const report: JadwalCalibration = { id_jadwal: idJadwal, mapel: [], calibrated_at: null };
  const jadwal = await db.kysely
    .selectFrom('jadwal')
    .select(['id', 'is_event'])
    .where('id', '=', idJadwal)
    .executeTakeFirst();
  if (!jadwal || jadwal.is_event !== 1) return report;

  const attempts = await db.kysely
    .selectFrom('hasil_to')
    .select(['id', 'id_kategori'])
    .where('id_jadwal', '=', idJadwal)
    .where('is_selesai', '=', 1)
    .orderBy('id')
    .execute();
  await completeClassicalRows(db, idJadwal, attempts);

  const updates: IrtScore[] = [];
  const items: { id_soal: number; difficulty: number; se: number }[] = [];
  const calibratedMapel: number[] = [];
  const kategoriIds = [...new Set(attempts.map((a) => a.id_kategori))];
  for (const idKategori of kategoriIds) {
    const taken = attempts.filter((a) => a.id_kategori === idKategori);
    const { soal, responses } = await loadResponses(db, idKategori, taken);
    for (const idMapel of [...new Set(soal.map((s) => s.id_mapel))]) {
      const butir = soal.filter((s) => s.id_mapel === idMapel);
      const entry: MapelCalibration = {
        id_mapel: idMapel,
        peserta: taken.length,
        butir: butir.length,
        calibrated: false,
      };
      report.mapel.push(entry);
      if (taken.length < IRT_MIN_PESERTA || butir.length < 2) continue;

      const matrix = taken.map((a) => butir.map((s) => responses.get(a.id)?.get(s.id) ?? 0));
      const calibration = calibrateRasch(matrix);
      const estimated = calibration.items
        .map((item, index) => ({ item, index }))
        .filter(({ item }) => item.status === 'estimated' && item.se !== null);
      if (estimated.length < 2) continue;

      entry.calibrated = true;
      calibratedMapel.push(idMapel);
      // irt_item keeps the items that could be calibrated; ones everyone answered alike have no estimate.
      for (const { item, index } of estimated) {
        items.push({ id_soal: butir[index].id, difficulty: item.difficulty, se: item.se as number });
      }
      // Complete data: the ability depends on the raw score only, so each score's ability is computed once.
      const abilityOfScore = abilitiesByRawScore(estimated.map(({ item }) => item.difficulty));
      taken.forEach((attempt, person) => {
        const raw = estimated.reduce((sum, { index }) => sum + matrix[person][index], 0);
        const { theta } = abilityOfScore[raw];
        updates.push({ id_hasil_to: attempt.id, id_mapel: idMapel, nilai: irtNilai(theta), theta });
      });
    }
  }
  if (calibratedMapel.length === 0) return report;

  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('irt_item')
      .where('id_soal', 'in', (eb) =>
        eb.selectFrom('soal').select('soal.id').where('soal.id_mapel', 'in', calibratedMapel),
      )
      .execute();
    await insertRows(
      trx,
      'irt_item',
      items.map((item) => ({ ...item, calibrated_at: now })),
    );
    await writeIrtScores(trx, updates);
    await trx.updateTable('jadwal').set({ irt_calibrated_at: now }).where('id', '=', idJadwal).execute();
  });
  report.calibrated_at = now;
  return report;
}

/**
 * Calibrates lazily: an event schedule that has closed (tgl_akhir ≤ now) and whose last finished attempt is newer
 * than its last calibration is calibrated before its results or rankings are read.
 */
export async function ensureIrtScores(db: Db, idJadwal: number, now: number): Promise<void> {
  const jadwal = await db.kysely
    .selectFrom('jadwal')
    .select(['is_event', 'tgl_akhir', 'irt_calibrated_at'])
    .where('id', '=', idJadwal)
    .executeTakeFirst();
  if (!jadwal || jadwal.is_event !== 1 || Number(jadwal.tgl_akhir) > now) return;
  if (await calibrationIsCurrent(db, idJadwal)) return;
  await calibrateJadwal(db, idJadwal, now);
}

/** Whether the schedule was calibrated after its last attempt ended (a new calibration would change nothing). */
export async function calibrationIsCurrent(db: Db, idJadwal: number): Promise<boolean> {
  const jadwal = await db.kysely
    .selectFrom('jadwal')
    .select('irt_calibrated_at')
    .where('id', '=', idJadwal)
    .executeTakeFirst();
  if (!jadwal || jadwal.irt_calibrated_at === null) return false;
  const last = await db.kysely
    .selectFrom('hasil_to')
    .select((eb) => eb.fn.max('ended_at').as('ended_at'))
    .where('id_jadwal', '=', idJadwal)
    .where('is_selesai', '=', 1)
    .executeTakeFirst();
  const lastEnded = last?.ended_at === null || last?.ended_at === undefined ? null : Number(last.ended_at);
  return lastEnded === null || Number(jadwal.irt_calibrated_at) >= lastEnded;
}

/**
 * IRT scores for some attempts of a calibrated event from its stored item difficulties, without calibrating
 * again (Sync rebuilding a missing summary): the same numbers a calibration would write for them.
 */
export async function scoreFromStoredItems(
  db: Db,
  attempts: readonly { id: number; id_kategori: number }[],
): Promise<void> {
  const updates: IrtScore[] = [];
  for (const idKategori of new Set(attempts.map((a) => a.id_kategori))) {
    const taken = attempts.filter((a) => a.id_kategori === idKategori);
    const { soal, responses } = await loadResponses(db, idKategori, taken);
    if (soal.length === 0) continue;
    const stored = await db.kysely
      .selectFrom('irt_item')
      .select(['id_soal', 'difficulty'])
      .where(
        'id_soal',
        'in',
        soal.map((s) => s.id),
      )
      .execute();
    const difficultyOf = new Map(stored.map((item) => [Number(item.id_soal), Number(item.difficulty)]));
    for (const idMapel of new Set(soal.map((s) => s.id_mapel))) {
      const butir = soal.filter((s) => s.id_mapel === idMapel && difficultyOf.has(s.id));
      if (butir.length < 2) continue; // not calibrated: the classical score stands
      const abilityOfScore = abilitiesByRawScore(butir.map((s) => difficultyOf.get(s.id) as number));
      for (const attempt of taken) {
        const raw = butir.reduce((sum, s) => sum + (responses.get(attempt.id)?.get(s.id) ?? 0), 0);
        const { theta } = abilityOfScore[raw];
        updates.push({ id_hasil_to: attempt.id, id_mapel: idMapel, nilai: irtNilai(theta), theta });
      }
    }
  }
  if (updates.length === 0) return;
  await db.kysely.transaction().execute((trx) => writeIrtScores(trx, updates));
}
