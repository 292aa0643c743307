/**
 * A start's writes on their own, with Kysely's compiled queries: SQLite's way (committed with the other writes of the
 * same turn by the group commit, db/batching/groupCommit.ts), and PostgreSQL's when a first start cannot join the
 * turn's shared statement (mulaiSekaligus.ts: a race, a transaction). Also the answer rows of a subject shown later.
 */
import { sql } from 'kysely';
import { batchedTransaction } from '../../../db/batching/groupCommit';
import { prepareQuery, type PreparedQuery } from '../../../db/compiledQuery';
import type { Executor } from '../../../db/executor';
import { attemptsStarted } from '../../../lib/metrics';
import { findAttempt } from '../queries/hasilTo';
import type { MapelWaktu } from '../queries/mapelWaktu';
import type { AttemptBaru } from './mulaiSekaligus';

const insertAttemptQuery = prepareQuery(
  (
    q: Executor,
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
      .onConflict((oc) => oc.columns(['id_kategori', 'id_siswa']).doNothing())
      // No row back: the attempt existed (a repeated or racing start).
      .returning('id'),
);

// Blank is '0' for choices and statement groups, '' for text: what the client shows as not yet answered.
const insertJawabanQuery = prepareQuery(
  (q: Executor, p: { idHasilTo: number; idMapel: number; now: number }) =>
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
      .onConflict((oc) => oc.columns(['id_hasil_to', 'id_soal']).doNothing())
      .returning(['id', 'id_soal', 'jawaban']),
);

const insertJawabanGroupQuery = prepareQuery((q: Executor, p: { idHasilTo: number }) =>
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
    .onConflict((oc) => oc.columns(['id_jawaban', 'id_soal_group']).doNothing())
    .returning(['id', 'id_jawaban', 'id_soal_group', 'jawaban']),
);

/** A new attempt: whose, its subjects with their full time, and its order. */
export interface AttemptBaruInput {
  idJadwal: number;
  idKategori: number;
  idSiswa: number;
  mapel: readonly { id: number; durasi: number }[];
  now: number;
  /** The attempt's order (domain/acak.ts), drawn once here; a repeated start keeps the first one's. */
  acak: number;
  acakSeed: number | null;
}

/**
 * Creates the attempt once, with one clock per subject, the first subject's clock opened at `now`, and the answer
 * rows of that first subject (its questions are shown with the start). The other subjects' rows come when their
 * questions are first shown (createAnswerRows): a start writes a subject's rows, not the whole category's. Every
 * insert skips what exists, so a repeated or concurrent start changes nothing. Returns the attempt id and, when
 * this call created the attempt, the rows it wrote as the start shows them (`baru`): the inserts return them
 * (RETURNING), so a first start reads none of them back. Undefined `baru`: the attempt existed (a repeated or
 * racing start), and the caller reads what is stored.
 */
export async function buatAttempt(
  q: Executor,
  input: AttemptBaruInput,
): Promise<{ id: number; baru?: AttemptBaru }> {
  const result = await batchedTransaction(q, async (trx): Promise<{ id: number; baru?: AttemptBaru }> => {
    const [inserted] = await insertAttemptQuery.all(trx, input);
    if (!inserted) {
      const attempt = await findAttempt(trx, input.idKategori, input.idSiswa);
      if (!attempt) throw new Error(`attempt of kategori ${input.idKategori} not created`);
      // Its clocks, should the attempt have been written without them; nothing else of a start is redone.
      await insertClocks(trx, attempt.id, input);
      return { id: attempt.id };
    }
    const idHasilTo = inserted.id;
    // The first subject opens with the start: its rows go in the same transaction.
    const first = input.mapel[0];
    const jawaban = first
      ? await insertJawabanQuery.all(trx, { idHasilTo, idMapel: first.id, now: input.now })
      : [];
    const jawabanGroup = first ? await insertJawabanGroupQuery.all(trx, { idHasilTo }) : [];
    const clocks = await insertClocks(trx, idHasilTo, input);
    return { id: idHasilTo, baru: { id: idHasilTo, clocks, jawaban, jawabanGroup } };
  });
  // Counted once committed, and only by the start that created it.
  if (result.baru) attemptsStarted.inc();
  return result;
}

/** The clocks of a new attempt, as written (none written: none back). */
async function insertClocks(
  trx: Executor,
  idHasilTo: number,
  input: AttemptBaruInput,
): Promise<MapelWaktu[]> {
  if (input.mapel.length === 0) return [];
  const clocks: Record<string, number> = { idHasilTo, now: input.now };
  input.mapel.forEach((m, i) => {
    clocks[`mapel${i}`] = m.id;
    clocks[`durasi${i}`] = m.durasi;
  });
  return clockInsertFor(input.mapel.length).all(trx, clocks);
}

/** The clocks of a new attempt, the first subject opened: one compiled insert per number of subjects. */
const clockInserts = new Map<number, PreparedQuery<Record<string, number>, MapelWaktu>>();

function clockInsertFor(count: number): PreparedQuery<Record<string, number>, MapelWaktu> {
  let query = clockInserts.get(count);
  if (query === undefined) {
    query = prepareQuery((q: Executor, p: Record<string, number>) =>
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
        .onConflict((oc) => oc.columns(['id_hasil_to', 'id_mapel']).doNothing())
        .returningAll(),
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
  q: Executor,
  input: { idHasilTo: number; idMapel: readonly number[]; now: number },
): Promise<void> {
  await batchedTransaction(q, async (trx) => {
    for (const idMapel of input.idMapel) {
      await insertJawabanQuery.run(trx, { idHasilTo: input.idHasilTo, idMapel, now: input.now });
    }
    await insertJawabanGroupQuery.run(trx, { idHasilTo: input.idHasilTo });
  });
}
