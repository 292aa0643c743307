/** Kysely queries of the package tryout. Each takes the Kysely instance (or a transaction) it runs on. */
import { attemptsStarted } from '../../lib/metrics';
import { sql, type Kysely, type Selectable } from 'kysely';
import { prepareQuery, type PreparedQuery } from '../../db/compiledQuery';
import { batchedTransaction } from '../../db/transaction';
import type { Database, HasilToTable, MapelWaktuTable } from '../../db/types';
import { hurufBerteks } from '../../domain/acak';

export type Q = Kysely<Database>;
export type HasilTo = Selectable<HasilToTable>;
export type MapelWaktu = Selectable<MapelWaktuTable>;

export interface JadwalRow {
  id: number;
  paket: number;
  tgl_awal: number;
  tgl_akhir: number;
  is_event: number;
  acak_soal: number;
  acak_opsi: number;
}

export interface KategoriRow {
  id: number;
  nama: string;
  hash: string;
  urutan: number;
  pembahasan: string;
}

export interface MapelRow {
  id: number;
  id_kategori: number;
  nama: string;
  waktu: number;
}

// The queries of every call of a running tryout (preview, start, status report, save) are compiled once
// (db/compiledQuery); those taking a list of ids compile the usual case of one id once and build the others.

const jadwalQuery = prepareQuery((q: Q, p: { id: number }) =>
  q
    .selectFrom('jadwal')
    .select(['id', 'paket', 'tgl_awal', 'tgl_akhir', 'is_event', 'acak_soal', 'acak_opsi'])
    .where('id', '=', p.id),
);

export function findJadwal(q: Q, id: number): Promise<JadwalRow | undefined> {
  return jadwalQuery.first(q, { id });
}

const pesertaQuery = prepareQuery((q: Q, p: { idJadwal: number; idSiswa: number }) =>
  q
    .selectFrom('jadwal_peserta')
    .select('id_siswa')
    .where('id_jadwal', '=', p.idJadwal)
    .where('id_siswa', '=', p.idSiswa),
);

export async function isPeserta(q: Q, idJadwal: number, idSiswa: number): Promise<boolean> {
  return (await pesertaQuery.first(q, { idJadwal, idSiswa })) !== undefined;
}

const kategoriQuery = prepareQuery((q: Q, p: { idJadwal: number }) =>
  q
    .selectFrom('kategori')
    .select(['id', 'nama', 'hash', 'urutan', 'pembahasan'])
    .where('id_jadwal', '=', p.idJadwal)
    .orderBy('urutan')
    .orderBy('id'),
);

/** Categories of a schedule in their order. */
export function listKategori(q: Q, idJadwal: number): Promise<KategoriRow[]> {
  return kategoriQuery.all(q, { idJadwal });
}

const mapelOfKategoriQuery = prepareQuery((q: Q, p: { idKategori: number }) =>
  q
    .selectFrom('mapel')
    .select(['id', 'id_kategori', 'nama', 'waktu'])
    .where('id_kategori', '=', p.idKategori)
    .orderBy('urutan')
    .orderBy('id'),
);

/** Subjects of the given categories, each category's in order. */
export async function listMapel(q: Q, kategoriIds: readonly number[]): Promise<MapelRow[]> {
  if (kategoriIds.length === 0) return [];
  if (kategoriIds.length === 1) return mapelOfKategoriQuery.all(q, { idKategori: kategoriIds[0] });
  return q
    .selectFrom('mapel')
    .select(['id', 'id_kategori', 'nama', 'waktu'])
    .where('id_kategori', 'in', kategoriIds)
    .orderBy('id_kategori')
    .orderBy('urutan')
    .orderBy('id')
    .execute();
}

/** Number of questions per subject. */
export async function countSoal(q: Q, mapelIds: readonly number[]): Promise<Map<number, number>> {
  if (mapelIds.length === 0) return new Map();
  const rows = await q
    .selectFrom('soal')
    .select(['id_mapel', (eb) => eb.fn.countAll<number>().as('jumlah')])
    .where('id_mapel', 'in', mapelIds)
    .groupBy('id_mapel')
    .execute();
  return new Map(rows.map((r) => [r.id_mapel, Number(r.jumlah)]));
}

// One row at most: whether any exists, not how many.
const soalOfKategoriQuery = prepareQuery((q: Q, p: { idKategori: number }) =>
  q
    .selectFrom('soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .select('soal.id')
    .where('mapel.id_kategori', '=', p.idKategori)
    .limit(1),
);

/** Whether a category has any question at all (a start of one without is refused). */
export async function kategoriPunyaSoal(q: Q, idKategori: number): Promise<boolean> {
  return (await soalOfKategoriQuery.first(q, { idKategori })) !== undefined;
}

const attemptQuery = prepareQuery((q: Q, p: { idKategori: number; idSiswa: number }) =>
  q
    .selectFrom('hasil_to')
    .selectAll()
    .where('id_kategori', '=', p.idKategori)
    .where('id_siswa', '=', p.idSiswa),
);

export function findAttempt(q: Q, idKategori: number, idSiswa: number): Promise<HasilTo | undefined> {
  return attemptQuery.first(q, { idKategori, idSiswa });
}

const saveTargetQuery = prepareQuery((q: Q, p: { idHasilTo: number; idJawaban: number }) =>
  q
    .selectFrom('hasil_to')
    .leftJoin('jadwal', 'jadwal.id', 'hasil_to.id_jadwal')
    .leftJoin('jawaban', (join) =>
      join.on('jawaban.id', '=', p.idJawaban).onRef('jawaban.id_hasil_to', '=', 'hasil_to.id'),
    )
    .leftJoin('soal', 'soal.id', 'jawaban.id_soal')
    .leftJoin('mapel', 'mapel.id_kategori', 'hasil_to.id_kategori')
    .leftJoin('mapel_waktu', (join) =>
      join
        .onRef('mapel_waktu.id_mapel', '=', 'mapel.id')
        .onRef('mapel_waktu.id_hasil_to', '=', 'hasil_to.id'),
    )
    .select([
      'hasil_to.id',
      'hasil_to.id_jadwal',
      'hasil_to.id_kategori',
      'hasil_to.id_siswa',
      'hasil_to.is_selesai',
      'hasil_to.acak',
      'hasil_to.acak_seed',
      'jadwal.id as jadwal_id',
      'jadwal.paket as jadwal_paket',
      'jadwal.tgl_awal as jadwal_tgl_awal',
      'jadwal.tgl_akhir as jadwal_tgl_akhir',
      'jadwal.is_event as jadwal_is_event',
      'jadwal.acak_soal as jadwal_acak_soal',
      'jadwal.acak_opsi as jadwal_acak_opsi',
      'jawaban.id as jawaban_id',
      'jawaban.id_soal as jawaban_id_soal',
      'soal.type as soal_type',
      'soal.id_mapel as soal_id_mapel',
      // Which options the question shows (hurufBerteks): what a save needs to map a shuffled letter back.
      'soal.a as soal_a',
      'soal.b as soal_b',
      'soal.c as soal_c',
      'soal.d as soal_d',
      'soal.e as soal_e',
      'soal.opsi_tetap as soal_opsi_tetap',
      'mapel.id as mapel_id',
      'mapel.nama as mapel_nama',
      'mapel.waktu as mapel_waktu',
      'mapel_waktu.id_hasil_to as waktu_id_hasil_to',
      'mapel_waktu.sisa_waktu',
      'mapel_waktu.status',
      'mapel_waktu.opened_at',
      'mapel_waktu.last_seen_at',
    ])
    .where('hasil_to.id', '=', p.idHasilTo)
    .orderBy('mapel.urutan')
    .orderBy('mapel.id'),
);

/**
 * What an answer save checks, in one look-up: the attempt, its schedule (null when missing), the answer row with
 * its question (null when it is not a row of this attempt), and the category's subjects in order with the
 * attempt's clocks of them. Undefined when the attempt does not exist.
 */
export async function findSaveTarget(q: Q, idHasilTo: number, idJawaban: number) {
  const rows = await saveTargetQuery.all(q, { idHasilTo, idJawaban });
  const row = rows[0];
  if (!row) return undefined;
  const jadwal: JadwalRow | null =
    row.jadwal_id === null
      ? null
      : {
          id: row.jadwal_id,
          paket: row.jadwal_paket as number,
          tgl_awal: row.jadwal_tgl_awal as number,
          tgl_akhir: row.jadwal_tgl_akhir as number,
          is_event: row.jadwal_is_event as number,
          acak_soal: row.jadwal_acak_soal as number,
          acak_opsi: row.jadwal_acak_opsi as number,
        };
  const jawaban =
    row.jawaban_id === null || row.soal_type === null
      ? null
      : {
          id: row.jawaban_id,
          id_hasil_to: row.id,
          id_soal: row.jawaban_id_soal as number,
          type: row.soal_type,
          id_mapel: row.soal_id_mapel as number,
          /** The letters of the options it shows, e.g. 'ABCD'. */
          opsi: hurufBerteks({
            a: row.soal_a ?? '',
            b: row.soal_b ?? '',
            c: row.soal_c ?? '',
            d: row.soal_d ?? '',
            e: row.soal_e ?? '',
          }),
          opsi_tetap: (row.soal_opsi_tetap ?? '') as string,
        };
  const mapel: MapelRow[] = [];
  const clocks: MapelWaktu[] = [];
  for (const r of rows) {
    // A category without subjects still gives the attempt's row, with no subject in it.
    if (r.mapel_id === null) continue;
    mapel.push({
      id: r.mapel_id,
      id_kategori: r.id_kategori,
      nama: r.mapel_nama as string,
      waktu: r.mapel_waktu as number,
    });
    if (r.waktu_id_hasil_to !== null) {
      clocks.push({
        id_hasil_to: r.waktu_id_hasil_to,
        id_mapel: r.mapel_id,
        sisa_waktu: r.sisa_waktu as number,
        status: r.status as number,
        opened_at: r.opened_at,
        last_seen_at: r.last_seen_at,
      });
    }
  }
  return {
    attempt: {
      id: row.id,
      id_jadwal: row.id_jadwal,
      id_kategori: row.id_kategori,
      id_siswa: row.id_siswa,
      is_selesai: row.is_selesai,
      acak: row.acak,
      acak_seed: row.acak_seed,
    },
    jadwal,
    jawaban,
    mapel,
    clocks,
  };
}

const attemptsQuery = prepareQuery((q: Q, p: { idJadwal: number; idSiswa: number }) =>
  q.selectFrom('hasil_to').selectAll().where('id_jadwal', '=', p.idJadwal).where('id_siswa', '=', p.idSiswa),
);

/** The student's attempts at the categories of a schedule. */
export function listAttempts(q: Q, idJadwal: number, idSiswa: number): Promise<HasilTo[]> {
  return attemptsQuery.all(q, { idJadwal, idSiswa });
}

const clocksOfAttemptQuery = prepareQuery((q: Q, p: { idHasilTo: number }) =>
  q.selectFrom('mapel_waktu').selectAll().where('id_hasil_to', '=', p.idHasilTo),
);

export async function listClocks(q: Q, attemptIds: readonly number[]): Promise<MapelWaktu[]> {
  if (attemptIds.length === 0) return [];
  if (attemptIds.length === 1) return clocksOfAttemptQuery.all(q, { idHasilTo: attemptIds[0] });
  return q.selectFrom('mapel_waktu').selectAll().where('id_hasil_to', 'in', attemptIds).execute();
}

/**
 * Whether a multiple-choice question of the category is keyed E: such a category cannot be served to a student who
 * sees only A–D (DESIGN.md "Choices").
 */
export async function hasKunciE(q: Q, idKategori: number): Promise<boolean> {
  return (await kunciEQuery.first(q, { idKategori })) !== undefined;
}

const kunciEQuery = prepareQuery((q: Q, p: { idKategori: number }) =>
  q
    .selectFrom('soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .select('soal.id')
    .where('mapel.id_kategori', '=', p.idKategori)
    .where('soal.type', '=', 1)
    .where(sql<string>`upper(trim(soal.kunci))`, '=', 'E')
    .limit(1),
);

const jawabanQuery = prepareQuery((q: Q, p: { idHasilTo: number }) =>
  q.selectFrom('jawaban').select(['id', 'id_soal', 'jawaban']).where('id_hasil_to', '=', p.idHasilTo),
);

export function listJawaban(q: Q, idHasilTo: number) {
  return jawabanQuery.all(q, { idHasilTo });
}

const jawabanGroupQuery = prepareQuery((q: Q, p: { idHasilTo: number }) =>
  q
    .selectFrom('jawaban_group')
    .innerJoin('jawaban', 'jawaban.id', 'jawaban_group.id_jawaban')
    .select([
      'jawaban_group.id',
      'jawaban_group.id_jawaban',
      'jawaban_group.id_soal_group',
      'jawaban_group.jawaban',
    ])
    .where('jawaban.id_hasil_to', '=', p.idHasilTo),
);

export function listJawabanGroup(q: Q, idHasilTo: number) {
  return jawabanGroupQuery.all(q, { idHasilTo });
}

const insertAttemptQuery = prepareQuery(
  (
    q: Q,
    p: {
      idJadwal: number;
      idKategori: number;
      idSiswa: number;
      now: number;
      acak: number;
      acakSeed: number | null;
    },
  ) =>
    q
      .insertInto('hasil_to')
      .values({
        id_jadwal: p.idJadwal,
        id_kategori: p.idKategori,
        id_siswa: p.idSiswa,
        started_at: p.now,
        ended_at: null,
        is_selesai: 0,
        acak: p.acak,
        acak_seed: p.acakSeed,
      })
      .onConflict((oc) => oc.columns(['id_kategori', 'id_siswa']).doNothing()),
);

// Blank is '0' for choices and statement groups, '' for text (spec §4 "Answered state").
const insertJawabanQuery = prepareQuery((q: Q, p: { idHasilTo: number; idMapel: number; now: number }) =>
  q
    .insertInto('jawaban')
    .columns(['id_hasil_to', 'id_soal', 'jawaban', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('soal')
        .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
        .select([
          sql<number>`${p.idHasilTo}`.as('id_hasil_to'),
          'soal.id',
          sql<string>`CASE WHEN soal.type IN (1, 3) THEN '0' ELSE '' END`.as('jawaban'),
          sql<number>`${p.now}`.as('updated_at'),
        ])
        .where('soal.id_mapel', '=', p.idMapel),
    )
    .onConflict((oc) => oc.columns(['id_hasil_to', 'id_soal']).doNothing()),
);

const insertJawabanGroupQuery = prepareQuery((q: Q, p: { idHasilTo: number }) =>
  q
    .insertInto('jawaban_group')
    .columns(['id_jawaban', 'id_soal_group', 'jawaban'])
    .expression((eb) =>
      eb
        .selectFrom('soal_group')
        .innerJoin('jawaban', 'jawaban.id_soal', 'soal_group.id_soal')
        .select(['jawaban.id', 'soal_group.id as id_soal_group', sql<string>`'0'`.as('jawaban')])
        .where('jawaban.id_hasil_to', '=', p.idHasilTo),
    )
    .onConflict((oc) => oc.columns(['id_jawaban', 'id_soal_group']).doNothing()),
);

/**
 * Creates the attempt once, with one clock per subject, the first subject's clock opened at `now`, and the answer
 * rows of that first subject (its questions are shown with the start). The other subjects' rows come when their
 * questions are first shown (createAnswerRows): a start writes a subject's rows, not the whole category's. Every
 * insert skips what exists, so a repeated or concurrent start changes nothing. Returns the attempt id.
 */
export async function createAttempt(
  q: Q,
  input: {
    idJadwal: number;
    idKategori: number;
    idSiswa: number;
    mapel: readonly { id: number; durasi: number }[];
    now: number;
    /** The attempt's order (domain/acak.ts), drawn once here; a repeated start keeps the first one's. */
    acak: number;
    acakSeed: number | null;
  },
): Promise<number> {
  let created = 0;
  const id = await batchedTransaction(q, async (trx) => {
    created = await insertAttemptQuery.run(trx, input);
    const attempt = await attemptQuery.first(trx, input);
    if (!attempt) throw new Error(`attempt of kategori ${input.idKategori} not created`);
    if (created > 0 && input.mapel.length > 0) {
      // The first subject opens with the start: its rows go in the same transaction.
      await insertJawabanQuery.run(trx, {
        idHasilTo: attempt.id,
        idMapel: input.mapel[0].id,
        now: input.now,
      });
      await insertJawabanGroupQuery.run(trx, { idHasilTo: attempt.id });
    }

    if (input.mapel.length > 0) {
      const clocks: Record<string, number> = { idHasilTo: attempt.id, now: input.now };
      input.mapel.forEach((m, i) => {
        clocks[`mapel${i}`] = m.id;
        clocks[`durasi${i}`] = m.durasi;
      });
      await clockInsertFor(input.mapel.length).run(trx, clocks);
    }
    return attempt.id;
  });
  // Counted once committed, and only by the start that created it.
  if (created > 0) attemptsStarted.inc();
  return id;
}

/** The clocks of a new attempt, the first subject opened: one compiled insert per number of subjects. */
const clockInserts = new Map<number, PreparedQuery<Record<string, number>, unknown>>();

function clockInsertFor(count: number): PreparedQuery<Record<string, number>, unknown> {
  let query = clockInserts.get(count);
  if (query === undefined) {
    query = prepareQuery((q: Q, p: Record<string, number>) =>
      q
        .insertInto('mapel_waktu')
        .values(
          Array.from({ length: count }, (_, i) => ({
            id_hasil_to: p.idHasilTo,
            id_mapel: p[`mapel${i}`],
            sisa_waktu: p[`durasi${i}`],
            status: 0,
            opened_at: i === 0 ? p.now : null,
            last_seen_at: i === 0 ? p.now : null,
          })),
        )
        .onConflict((oc) => oc.columns(['id_hasil_to', 'id_mapel']).doNothing()),
    );
    clockInserts.set(count, query);
  }
  return query;
}

/**
 * The answer rows (blank) of the given subjects of an attempt, with their statements' rows: written when a
 * subject's questions are first shown, so the questions of a subject never opened have no rows (and no ids to
 * save to) and scoring counts them blank. INSERT … SELECT, a statement per subject whatever its size; rows that
 * exist are skipped, so two concurrent starts write each row once.
 */
export async function createAnswerRows(
  q: Q,
  input: { idHasilTo: number; idMapel: readonly number[]; now: number },
): Promise<void> {
  await batchedTransaction(q, async (trx) => {
    for (const idMapel of input.idMapel) {
      await insertJawabanQuery.run(trx, { idHasilTo: input.idHasilTo, idMapel, now: input.now });
    }
    await insertJawabanGroupQuery.run(trx, { idHasilTo: input.idHasilTo });
  });
}

export interface ClockWrite {
  idHasilTo: number;
  idMapel: number;
  sisaWaktu: number;
  status: number;
  openedAt: number | null;
  lastSeenAt: number | null;
}

const writeClockQuery = prepareQuery((q: Q, p: ClockWrite) =>
  q
    .insertInto('mapel_waktu')
    .values({
      id_hasil_to: p.idHasilTo,
      id_mapel: p.idMapel,
      sisa_waktu: p.sisaWaktu,
      status: p.status,
      opened_at: p.openedAt,
      last_seen_at: p.lastSeenAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['id_hasil_to', 'id_mapel'])
        .doUpdateSet({
          sisa_waktu: sql<number>`CASE WHEN excluded.sisa_waktu < mapel_waktu.sisa_waktu
            THEN excluded.sisa_waktu ELSE mapel_waktu.sisa_waktu END`,
          status: sql<number>`excluded.status`,
          opened_at: sql<number | null>`COALESCE(mapel_waktu.opened_at, excluded.opened_at)`,
          last_seen_at: sql<number | null>`CASE WHEN excluded.status = 1 OR mapel_waktu.last_seen_at IS NULL
            OR excluded.last_seen_at > mapel_waktu.last_seen_at
            THEN excluded.last_seen_at ELSE mapel_waktu.last_seen_at END`,
        })
        .where('mapel_waktu.status', '=', 0),
    ),
);

/**
 * Writes a subject's clock; a subject already closed is never reopened or changed. Two calls of one subject in
 * flight each write the clock they read before the other's write, so the update merges instead of replacing: the
 * remaining time only goes down, the last charged moment only forward (a close records its own moment), the
 * opening moment stays the first. (Otherwise an answer save would put back the time a status report had just lowered.)
 */
export async function writeClock(q: Q, clock: ClockWrite): Promise<void> {
  await writeClockQuery.run(q, clock);
}

const statementAnswersQuery = prepareQuery((q: Q, p: { idSoal: number; idJawaban: number }) =>
  q
    .selectFrom('soal_group')
    .leftJoin('jawaban_group', (join) =>
      join
        .onRef('jawaban_group.id_soal_group', '=', 'soal_group.id')
        .on('jawaban_group.id_jawaban', '=', p.idJawaban),
    )
    .select([
      'soal_group.id as id_soal_group',
      'jawaban_group.id as id_jawaban_group',
      'jawaban_group.jawaban',
    ])
    .where('soal_group.id_soal', '=', p.idSoal)
    .orderBy('soal_group.urutan')
    .orderBy('soal_group.id'),
);

/** The statements of one question with the student's answers (rows created at start, '0' when missing). */
export function listStatementAnswers(q: Q, idSoal: number, idJawaban: number) {
  return statementAnswersQuery.all(q, { idSoal, idJawaban });
}

const statementAnswerWrite = prepareQuery(
  (q: Q, p: { idJawabanGroup: number; idJawaban: number; jawaban: string }) =>
    q
      .updateTable('jawaban_group')
      .set({ jawaban: p.jawaban })
      .where('id', '=', p.idJawabanGroup)
      .where('id_jawaban', '=', p.idJawaban),
);

/** One statement's answer ('Y', 'N', or '0' to clear it). */
export function writeStatementAnswer(
  q: Q,
  input: { idJawabanGroup: number; idJawaban: number; jawaban: string },
): Promise<number> {
  return statementAnswerWrite.run(q, input);
}

const statementsClear = prepareQuery((q: Q, p: { idJawaban: number }) =>
  q.updateTable('jawaban_group').set({ jawaban: '0' }).where('id_jawaban', '=', p.idJawaban),
);

/** Every statement of a question cleared. */
export function clearStatementAnswers(q: Q, idJawaban: number): Promise<number> {
  return statementsClear.run(q, { idJawaban });
}

const statementValuesQuery = prepareQuery((q: Q, p: { idJawaban: number }) =>
  q.selectFrom('jawaban_group').select('jawaban').where('id_jawaban', '=', p.idJawaban),
);

/** The answers of a question's statements as stored (for its marker). */
export async function statementValues(q: Q, idJawaban: number): Promise<string[]> {
  return (await statementValuesQuery.all(q, { idJawaban })).map((row) => row.jawaban);
}
