/**
 * Each write of the hot path on its own, with Kysely's compiled queries: SQLite's way (committed with the other
 * writes of the same turn of the event loop by the group commit, db/batching/groupCommit.ts), and PostgreSQL's when
 * a write cannot join the turn's shared statement (inside a transaction, or written again alone after that
 * statement failed).
 */
import { sql } from 'kysely';
import { batchedStatement, batchedTransaction } from '../../../db/batching/groupCommit';
import { prepareQuery } from '../../../db/compiledQuery';
import type { Executor } from '../../../db/executor';
import { tulisPenanda, writeStatementAnswer } from '../queries/jawaban';
import { gabungWaktuKolom, waktuBerjalanSql, type ClockWrite } from './gabungWaktu';
import type { TulisanJawaban } from './simpanBersama';

const kolom = gabungWaktuKolom('mapel_waktu');

const writeClockQuery = prepareQuery((q: Executor, p: ClockWrite) =>
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
          sisa_waktu: sql.raw<number>(kolom.sisa_waktu),
          status: sql.raw<number>(kolom.status),
          opened_at: sql.raw<number | null>(kolom.opened_at),
          last_seen_at: sql.raw<number | null>(kolom.last_seen_at),
        })
        .where(sql.raw<boolean>(waktuBerjalanSql('mapel_waktu'))),
    ),
);

/** Writes a subject's clock, merged into the stored one (gabungWaktu.ts). */
async function writeClock(q: Executor, clock: ClockWrite): Promise<void> {
  await writeClockQuery.run(q, clock);
}

/** A subject's clock alone: one upsert, committed with the turn's other writes. */
export function tulisWaktuSendiri(q: Executor, clock: ClockWrite): Promise<void> {
  return batchedStatement(q, (w) => writeClock(w, clock));
}

const updateJawabanQuery = prepareQuery(
  (q: Executor, p: { idJawaban: number; jawaban: string; now: number }) =>
    q.updateTable('jawaban').set({ jawaban: p.jawaban, updated_at: p.now }).where('id', '=', p.idJawaban),
);

/**
 * An answer save's writes: its clock when it charged time, then a statement question's statements and its marker
 * from them as stored (penanda.ts), or the answer. An answer alone is one statement, atomic by itself; a changed
 * clock or a statement question are several, undone together should one fail.
 */
export function tulisJawabanSendiri(q: Executor, tulisan: TulisanJawaban): Promise<void> {
  const { idJawaban, clock, pernyataan, now } = tulisan;
  const commit = clock || pernyataan ? batchedTransaction : batchedStatement;
  return commit(q, async (trx) => {
    if (clock) await writeClock(trx, clock);
    if (pernyataan) {
      // Only the statements asked for are written, so two saves of one question in flight do not undo each other.
      for (const p of pernyataan) await writeStatementAnswer(trx, { ...p, idJawaban });
      await tulisPenanda(trx, idJawaban, now);
    } else {
      await updateJawabanQuery.run(trx, { idJawaban, jawaban: tulisan.jawaban, now });
    }
  });
}
