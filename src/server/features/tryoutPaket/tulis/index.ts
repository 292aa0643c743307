/**
 * The hot path's writes, in one place: an answer save, a subject's clock and a first start, each on an `Executor`.
 * Here, and only here, the database is chosen:
 *
 * - PostgreSQL: the writes of one turn of the event loop go as one statement (simpanBersama.ts for saves and
 *   clocks, mulaiSekaligus.ts for first starts), one round trip and one commit for them all. A write that cannot
 *   join (inside a transaction) or whose shared statement failed goes on its own.
 * - SQLite: each write on its own (sendiri.ts, mulaiSendiri.ts), committed with the turn's others by the group commit
 *   (db/batching/groupCommit.ts).
 *
 * The rules each write follows are written once per database side by side: the clock merge once in SQL for both
 * (gabungWaktu.ts), a statement question's marker once in SQL (penanda.ts).
 */
import { directPostgresOf } from '../../../db/createDb';
import type { Executor } from '../../../db/executor';
import type { ClockWrite } from './gabungWaktu';
import { mulaiSekaligus, type AttemptBaru } from './mulaiSekaligus';
import { buatAttempt, type AttemptBaruInput } from './mulaiSendiri';
import { simpanBersama, simpanWaktuBersama, type TulisanJawaban } from './simpanBersama';
import { tulisJawabanSendiri, tulisWaktuSendiri } from './sendiri';

export type { ClockWrite } from './gabungWaktu';
export type { AttemptBaru } from './mulaiSekaligus';
export { createAnswerRows, type AttemptBaruInput } from './mulaiSendiri';
export type { TulisanJawaban } from './simpanBersama';
export { findSaveTarget } from './saveTarget';

/** Writes an answer save (its answer or statements, and the clock it charged). Resolves once committed. */
export function simpanJawaban(q: Executor, tulisan: TulisanJawaban): Promise<void> {
  const sendiri = () => tulisJawabanSendiri(q, tulisan);
  const pg = directPostgresOf(q);
  return pg ? simpanBersama(pg, tulisan, sendiri) : sendiri();
}

/** Writes a subject's clock, merged into the stored one. Resolves once committed. */
export function simpanWaktu(q: Executor, clock: ClockWrite): Promise<void> {
  const sendiri = () => tulisWaktuSendiri(q, clock);
  const pg = directPostgresOf(q);
  return pg ? simpanWaktuBersama(pg, clock, sendiri) : sendiri();
}

/**
 * A first start: its attempt id, and its rows when this start wrote them (none when a racing start won, whose
 * attempt the caller reads). On PostgreSQL the first starts of a turn go as one statement first; what it did not
 * write (a race, a transaction, a category without subjects) takes buatAttempt's inserts, as every start on SQLite
 * does.
 */
export async function mulaiPercobaan(
  q: Executor,
  baru: AttemptBaruInput,
): Promise<{ id: number; baru?: AttemptBaru }> {
  const pg = directPostgresOf(q);
  const sekaligus = pg && baru.mapel.length > 0 ? await mulaiSekaligus(pg, baru) : undefined;
  return sekaligus ? { id: sekaligus.id, baru: sekaligus } : buatAttempt(q, baru);
}
