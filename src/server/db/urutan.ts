/**
 * The listing order of what an operator orders: categories, subjects, statements and the per-topic tree are listed
 * by `urutan`, ties by id (the row written first); questions by subject, then by `nomor`, ties by id. The sheet, the
 * review, the keys a judging reads, the operator's import and the previews all order through these, so they list
 * alike.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from './executor';
import type { Database } from './types';

/** The tables whose rows carry their own place (`urutan`). */
type TabelUrut = {
  [T in keyof Database]: Database[T] extends { urutan: number } ? T : never;
}[keyof Database];

/** Orders a query by one table's listing order: `.$call(dalamUrutan('mapel'))`. */
export function dalamUrutan<T extends TabelUrut>(tabel: T) {
  // The intersection refuses, at compile time, a table the query does not read.
  return <TB extends keyof Database, O>(
    qb: SelectQueryBuilder<Database, TB, O> & (T extends TB ? unknown : { tabelBukanDariQuery: T }),
  ): SelectQueryBuilder<Database, TB, O> =>
    qb.orderBy(sql.ref(`${tabel}.urutan`)).orderBy(sql.ref(`${tabel}.id`));
}

/** Questions joined with their subject, in listing order: subjects in theirs, then by number. */
export function soalDalamUrutan(db: Executor) {
  return db
    .selectFrom('soal')
    .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
    .$call(dalamUrutan('mapel'))
    .orderBy('soal.nomor')
    .orderBy('soal.id');
}

/** Statements joined with their question, question by question, each question's in listing order. */
export function pernyataanDalamUrutan(db: Executor) {
  return db
    .selectFrom('soal_group')
    .innerJoin('soal', 'soal.id', 'soal_group.id_soal')
    .orderBy('soal_group.id_soal')
    .$call(dalamUrutan('soal_group'));
}
