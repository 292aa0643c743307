/**
 * IRT scores of TO Akbar (event) schedules: per subject a Rasch model is calibrated from
 * every finished attempt, and each participant's subject score becomes irtNilai(θ) with θ their WLE. With fewer
 * than IRT_MIN_PESERTA participants (or fewer than two items that anyone told apart) the classical score stands.
 */
import { sql, type Insertable, type Transaction } from 'kysely';
import { chunks, insertRows, unnestRows, type KolomPg } from '../db/batch';
import { dialectOf } from '../db/createDb';
import { scoringDuration, timed } from '../lib/metrics';
import type { Executor } from '../db/executor';
import type { Database } from '../db/types';
import { abilitiesByRawScore, calibrateRasch, irtNilai } from '../domain/irt';
import { writeHasilMapel } from './hasilMapel';
import { bacaLembarKategori } from './lembarKategori';

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

type BarisHasilMapel = Insertable<Database['hasil_mapel']>;

const KOLOM_HASIL_MAPEL: KolomPg<'hasil_mapel'> = {
  id_hasil_to: 'integer',
  id_mapel: 'integer',
  id_siswa: 'integer',
  id_jadwal: 'integer',
  benar: 'integer',
  salah: 'integer',
  kosong: 'integer',
  nilai: 'integer',
  persentase: 'double precision',
  metode: 'text',
  theta: 'double precision',
};

/**
 * Writes subject rows: new rows whole; for existing rows the columns of `replace`. PostgreSQL takes them all in one
 * statement (db/batch.ts unnestRows: an event's 70,000 rows took 5 s as 140 VALUES slices); SQLite, in-process,
 * in slices.
 */
async function upsertHasilMapel(
  trx: Transaction<Database>,
  rows: readonly BarisHasilMapel[],
  replace: 'score' | 'all',
): Promise<void> {
  const postgres = dialectOf(trx) === 'postgres';
  if (rows.length === 0) return;
  for (const slice of postgres ? [rows] : chunks(rows)) {
    await trx
      .insertInto('hasil_mapel')
      .$call((qb) =>
        postgres
          ? qb
              .columns(Object.keys(KOLOM_HASIL_MAPEL) as (keyof BarisHasilMapel)[])
              .expression(sql`SELECT * FROM ${unnestRows(KOLOM_HASIL_MAPEL, slice).relation} AS v`)
          : qb.values(slice),
      )
      .onConflict((oc) =>
        oc.columns(['id_hasil_to', 'id_mapel']).doUpdateSet((eb) => ({
          nilai: eb.ref('excluded.nilai'),
          metode: eb.ref('excluded.metode'),
          theta: eb.ref('excluded.theta'),
          ...(replace === 'all'
            ? {
                benar: eb.ref('excluded.benar'),
                salah: eb.ref('excluded.salah'),
                kosong: eb.ref('excluded.kosong'),
                persentase: eb.ref('excluded.persentase'),
              }
            : {}),
        })),
      )
      .execute();
  }
}

/** Attempts (by id) lacking some of their subject rows. */
async function attemptsMissingRows(db: Executor, idJadwal: number): Promise<Set<number>> {
  const [rowCounts, mapelCounts, attempts] = await Promise.all([
    db
      .selectFrom('hasil_mapel')
      .select(['id_hasil_to', (eb) => eb.fn.countAll<number>().as('n')])
      .where('id_jadwal', '=', idJadwal)
      .groupBy('id_hasil_to')
      .execute(),
    db
      .selectFrom('mapel')
      .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
      .select(['mapel.id_kategori', (eb) => eb.fn.countAll<number>().as('n')])
      .where('kategori.id_jadwal', '=', idJadwal)
      .groupBy('mapel.id_kategori')
      .execute(),
    db
      .selectFrom('hasil_to')
      .select(['id', 'id_kategori'])
      .where('id_jadwal', '=', idJadwal)
      .where('is_selesai', '=', 1)
      .execute(),
  ]);
  const have = new Map(rowCounts.map((r) => [r.id_hasil_to, Number(r.n)]));
  const need = new Map(mapelCounts.map((r) => [r.id_kategori, Number(r.n)]));
  return new Set(
    attempts.filter((a) => (have.get(a.id) ?? 0) < (need.get(a.id_kategori) ?? 0)).map((a) => a.id),
  );
}

export interface NilaiUlangOpsi {
  /** Every finished attempt's classical rows written again (the operator's close); otherwise only missing ones. */
  semuaKlasik?: boolean;
  /** Calibrate an event schedule (default true). */
  kalibrasi?: boolean;
  /** Attempts judged so far, of all. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Scores a schedule's finished attempts in bulk, one category at a time (scoring/lembarKategori.ts): classical rows
 * (every attempt's, or only those missing), then — for an event — the Rasch calibration of each subject and its
 * participants' IRT scores, all written in one transaction. Idempotent: a second run on the same attempts writes the
 * same numbers.
 */
export async function nilaiUlangJadwal(
  db: Executor,
  idJadwal: number,
  now: number,
  opsi: NilaiUlangOpsi = {},
): Promise<JadwalCalibration & { dinilai: number }> {
  const report: JadwalCalibration & { dinilai: number } = {
    id_jadwal: idJadwal,
    mapel: [],
    calibrated_at: null,
    dinilai: 0,
  };
  const jadwal = await db
    .selectFrom('jadwal')
    .select(['id', 'is_event'])
    .where('id', '=', idJadwal)
    .executeTakeFirst();
  if (!jadwal) return report;
  const kalibrasi = (opsi.kalibrasi ?? true) && jadwal.is_event === 1;
  const semuaKlasik = opsi.semuaKlasik === true;
  if (!kalibrasi && !semuaKlasik) {
    // Only the missing classical rows.
    const missing = await attemptsMissingRows(db, idJadwal);
    for (const id of missing) await writeHasilMapel(db, id);
    report.dinilai = missing.size;
    return report;
  }

  const attempts = await db
    .selectFrom('hasil_to')
    .select(['id', 'id_kategori', 'id_siswa', 'id_jadwal'])
    .where('id_jadwal', '=', idJadwal)
    .where('is_selesai', '=', 1)
    .orderBy('id')
    .execute();
  const missing = semuaKlasik ? new Set<number>() : await attemptsMissingRows(db, idJadwal);

  const rows: BarisHasilMapel[] = [];
  const items: { id_soal: number; difficulty: number; se: number }[] = [];
  const calibratedMapel: number[] = [];
  let judged = 0;
  for (const idKategori of [...new Set(attempts.map((a) => a.id_kategori))]) {
    const taken = attempts.filter((a) => a.id_kategori === idKategori);
    const lembar = await bacaLembarKategori(db, idKategori, taken, (done) =>
      opsi.onProgress?.(judged + done, attempts.length),
    );
    judged += taken.length;
    // id_mapel → id_hasil_to → IRT score.
    const irtOf = new Map<number, Map<number, { nilai: number; theta: number }>>();
    if (kalibrasi) {
      for (const idMapel of [...new Set(lembar.butir.map((b) => b.id_mapel))]) {
        const columns = lembar.butir.flatMap((b, i) => (b.id_mapel === idMapel ? [i] : []));
        const entry: MapelCalibration = {
          id_mapel: idMapel,
          peserta: taken.length,
          butir: columns.length,
          calibrated: false,
        };
        report.mapel.push(entry);
        if (taken.length < IRT_MIN_PESERTA || columns.length < 2) continue;

        const width = lembar.butir.length;
        const matrix = taken.map((_, person) =>
          columns.map((i) => lembar.respons[person * width + i] as 0 | 1),
        );
        const calibration = calibrateRasch(matrix);
        const estimated = calibration.items
          .map((item, index) => ({ item, index }))
          .filter(({ item }) => item.status === 'estimated' && item.se !== null);
        if (estimated.length < 2) continue;

        entry.calibrated = true;
        calibratedMapel.push(idMapel);
        // irt_item keeps the items that could be calibrated; ones everyone answered alike have no estimate.
        for (const { item, index } of estimated) {
          items.push({
            id_soal: lembar.butir[columns[index]].id,
            difficulty: item.difficulty,
            se: item.se as number,
          });
        }
        // Complete data: the ability depends on the raw score only, so each score's ability is computed once.
        const abilityOfScore = abilitiesByRawScore(estimated.map(({ item }) => item.difficulty));
        const scoreOf = abilityOfScore.map(({ theta }) => ({ nilai: irtNilai(theta), theta }));
        const perAttempt = new Map<number, { nilai: number; theta: number }>();
        taken.forEach((attempt, person) => {
          const raw = estimated.reduce((sum, { index }) => sum + matrix[person][index], 0);
          perAttempt.set(attempt.id, scoreOf[raw]);
        });
        irtOf.set(idMapel, perAttempt);
      }
    }
    for (const row of lembar.klasik) {
      const irt = irtOf.get(row.id_mapel)?.get(row.id_hasil_to);
      // Without `semuaKlasik` a complete attempt keeps its counts: only its calibrated scores are written.
      if (!semuaKlasik && !irt && !missing.has(row.id_hasil_to)) continue;
      rows.push(irt ? { ...row, nilai: irt.nilai, metode: 'irt', theta: irt.theta } : row);
    }
  }
  report.dinilai = semuaKlasik ? attempts.length : missing.size;

  await db.transaction().execute(async (trx) => {
    // First the schedule's row: it locks it, so two processes calibrating at once replace the items one after the
    // other instead of both deleting the old ones and inserting theirs side by side.
    if (calibratedMapel.length > 0)
      await trx.updateTable('jadwal').set({ irt_calibrated_at: now }).where('id', '=', idJadwal).execute();
    // Missing rows are written whole; existing ones get their scores (or, re-scoring everything, every column).
    await upsertHasilMapel(trx, rows, semuaKlasik ? 'all' : 'score');
    if (calibratedMapel.length === 0) return;
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
      { id_soal: 'integer', difficulty: 'double precision', se: 'double precision', calibrated_at: 'bigint' },
    );
  });
  if (calibratedMapel.length > 0) report.calibrated_at = now;
  return report;
}

/**
 * Calibrates every subject of an event schedule and rewrites its participants' subject scores (missing classical
 * rows written first). Idempotent: a second run on the same attempts writes the same numbers. Non-event schedules
 * are left alone.
 */
export async function calibrateJadwal(
  db: Executor,
  idJadwal: number,
  now: number,
  onProgress?: (done: number, total: number) => void,
): Promise<JadwalCalibration> {
  const jadwal = await db
    .selectFrom('jadwal')
    .select('is_event')
    .where('id', '=', idJadwal)
    .executeTakeFirst();
  if (!jadwal || jadwal.is_event !== 1) return { id_jadwal: idJadwal, mapel: [], calibrated_at: null };
  const { dinilai: _dinilai, ...report } = await timed(scoringDuration, 'irt', () =>
    nilaiUlangJadwal(db, idJadwal, now, { onProgress }),
  );
  return report;
}

/**
 * Calibrates lazily: an event schedule that has closed (tgl_akhir ≤ now) and whose last finished attempt is newer
 * than its last calibration is calibrated before its results or rankings are read.
 */
export async function ensureIrtScores(db: Executor, idJadwal: number, now: number): Promise<void> {
  const jadwal = await db
    .selectFrom('jadwal')
    .select(['is_event', 'tgl_akhir', 'irt_calibrated_at'])
    .where('id', '=', idJadwal)
    .executeTakeFirst();
  if (!jadwal || jadwal.is_event !== 1 || Number(jadwal.tgl_akhir) > now) return;
  if (await calibrationIsCurrent(db, idJadwal)) return;
  await calibrateJadwal(db, idJadwal, now);
}

/** Whether the schedule was calibrated after its last attempt ended (a new calibration would change nothing). */
export async function calibrationIsCurrent(db: Executor, idJadwal: number): Promise<boolean> {
  const jadwal = await db
    .selectFrom('jadwal')
    .select('irt_calibrated_at')
    .where('id', '=', idJadwal)
    .executeTakeFirst();
  if (!jadwal || jadwal.irt_calibrated_at === null) return false;
  const last = await db
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
  db: Executor,
  attempts: readonly { id: number; id_kategori: number }[],
): Promise<void> {
  const updates: IrtScore[] = [];
  for (const idKategori of new Set(attempts.map((a) => a.id_kategori))) {
    const taken = attempts
      .filter((a) => a.id_kategori === idKategori)
      .map((a) => ({ id: a.id, id_siswa: 0, id_jadwal: 0 }));
    const lembar = await bacaLembarKategori(db, idKategori, taken);
    if (lembar.butir.length === 0) continue;
    const stored = await db
      .selectFrom('irt_item')
      .select(['id_soal', 'difficulty'])
      .where(
        'id_soal',
        'in',
        lembar.butir.map((b) => b.id),
      )
      .execute();
    const difficultyOf = new Map(stored.map((item) => [Number(item.id_soal), Number(item.difficulty)]));
    const width = lembar.butir.length;
    for (const idMapel of new Set(lembar.butir.map((b) => b.id_mapel))) {
      const columns = lembar.butir.flatMap((b, i) =>
        b.id_mapel === idMapel && difficultyOf.has(b.id) ? [i] : [],
      );
      if (columns.length < 2) continue; // not calibrated: the classical score stands
      const abilityOfScore = abilitiesByRawScore(
        columns.map((i) => difficultyOf.get(lembar.butir[i].id) as number),
      );
      taken.forEach((attempt, person) => {
        const raw = columns.reduce((sum, i) => sum + (lembar.respons[person * width + i] ?? 0), 0);
        const { theta } = abilityOfScore[raw];
        updates.push({ id_hasil_to: attempt.id, id_mapel: idMapel, nilai: irtNilai(theta), theta });
      });
    }
  }
  if (updates.length === 0) return;
  await db.transaction().execute((trx) => writeIrtScores(trx, updates));
}
