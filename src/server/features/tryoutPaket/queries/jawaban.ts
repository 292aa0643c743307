/** The answer rows of an attempt (jawaban) and of its statement questions (jawaban_group). */
import { prepareQuery } from '../../../db/compiledQuery';
import type { Executor } from '../../../db/executor';
import { sql } from 'kysely';
import { penandaSql } from '../penanda';

const jawabanQuery = prepareQuery((q: Executor, p: { idHasilTo: number }) =>
  q.selectFrom('jawaban').select(['id', 'id_soal', 'jawaban']).where('id_hasil_to', '=', p.idHasilTo),
);

export function listJawaban(q: Executor, idHasilTo: number) {
  return jawabanQuery.all(q, { idHasilTo });
}

const jawabanGroupQuery = prepareQuery((q: Executor, p: { idHasilTo: number }) =>
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

export function listJawabanGroup(q: Executor, idHasilTo: number) {
  return jawabanGroupQuery.all(q, { idHasilTo });
}

const statementAnswerWrite = prepareQuery(
  (q: Executor, p: { idJawabanGroup: number; idJawaban: number; jawaban: string }) =>
    q
      .updateTable('jawaban_group')
      .set({ jawaban: p.jawaban })
      .where('id', '=', p.idJawabanGroup)
      .where('id_jawaban', '=', p.idJawaban),
);

/** One statement's answer ('Y', 'N', or '0' to clear it). */
export function writeStatementAnswer(
  q: Executor,
  input: { idJawabanGroup: number; idJawaban: number; jawaban: string },
): Promise<number> {
  return statementAnswerWrite.run(q, input);
}

const penandaWrite = prepareQuery((q: Executor, p: { idJawaban: number; now: number }) =>
  q
    .updateTable('jawaban')
    .set({
      jawaban: sql<string>`${sql.raw(penandaSql('jawaban_group g WHERE g.id_jawaban = jawaban.id', 'g.jawaban'))}`,
      updated_at: p.now,
    })
    .where('id', '=', p.idJawaban),
);

/** A statement question's answer set to the marker of its statements as stored now (penanda.ts). */
export function tulisPenanda(q: Executor, idJawaban: number, now: number): Promise<number> {
  return penandaWrite.run(q, { idJawaban, now });
}
