/**
 * Look-ups read together, on either database (SQLite's way is in bacaSeTransaksi.ts). On PostgreSQL the look-ups of
 * one kind asked for in one turn of the event loop go as one statement over their keys' arrays (`unnest(…) WITH
 * ORDINALITY`), whose rows carry `n`, the place (from 1) of the key they answer, and are split back per look-up. One
 * round trip for the turn instead of one each, as the group commits do for the writes (sePutaran.ts). Measured on
 * saves, PostgreSQL's own cost was mostly per statement (protocol, wake-up, snapshot), not the look-ups' execution.
 *
 * Should the statement fail, each look-up of the batch is read again alone, so a key that fails (out of range) fails
 * only its own call.
 */
import type { PreparedQuery } from '../compiledQuery';
import { directPostgresOf, directSqliteOf, type DirectPostgres } from '../createDb';
import type { Executor } from '../executor';
import { bacaSeTransaksi } from './bacaSeTransaksi';
import { antrianPutaran, bersamaAtauSendiri, dalamJalanPerProses, sePutaran } from './sePutaran';
import { readBatchRows } from '../../lib/metrics';

export interface BacaanBersama<K, R> {
  /**
   * The rows of one key, in the look-up's order: read with the turn's other look-ups on PostgreSQL and on SQLite's
   * root connection, alone inside a transaction.
   */
  baca(q: Executor, key: K): Promise<R[]>;
}

interface Menunggu<K, R> {
  key: K;
  resolve: (rows: R[]) => void;
  reject: (error: unknown) => void;
}

export function bacaanBersama<K extends object, R>(options: {
  /** The look-up of one key, as SQLite and a transaction read it. */
  sendiri: PreparedQuery<K, R>;
  /** The statement's name on a connection, and the metric's label. */
  nama: string;
  /** SELECT over the keys' arrays; each row has `n`, its key's place from 1. */
  sql: string;
  /** The arrays of the keys, one per parameter of `sql`. */
  parameter: (keys: readonly K[]) => unknown[];
  /** Statements in flight at once, by all the server processes of the machine together. */
  dalamJalan: number;
}): BacaanBersama<K, R> {
  const antrian = antrianPutaran<DirectPostgres, Menunggu<K, R>>();
  const statement = `siaptes_baca_${options.nama}`;

  async function baca(pg: DirectPostgres, batch: readonly Menunggu<K, R>[]): Promise<(R & { n: number })[]> {
    const keys = batch.map((m) => m.key);
    const { rows } = await pg.query(statement, options.sql, options.parameter(keys));
    return rows as (R & { n: number })[];
  }

  /** Each look-up's rows, split by their place; callers get the rows a look-up alone gives. */
  function bagikan(batch: readonly Menunggu<K, R>[], rows: (R & { n: number })[]): void {
    const byN = new Map<number, R[]>();
    for (const { n, ...row } of rows) {
      const own = byN.get(n);
      if (own) own.push(row as R);
      else byN.set(n, [row as R]);
    }
    batch.forEach((m, i) => m.resolve(byN.get(i + 1) ?? []));
  }

  const bacaSemua = (pg: DirectPostgres, batch: readonly Menunggu<K, R>[]) =>
    bersamaAtauSendiri(
      batch,
      (all) => baca(pg, all),
      (all, rows) => {
        readBatchRows.observe({ read: options.nama }, all.length);
        bagikan(all, rows);
      },
      (m) => baca(pg, [m]).then((rows) => bagikan([m], rows)),
    );

  const bacaPostgres = (pg: DirectPostgres, key: K) =>
    new Promise<R[]>((resolve, reject) => {
      sePutaran(
        antrian,
        pg,
        { key, resolve, reject },
        (batch) => bacaSemua(pg, batch),
        dalamJalanPerProses(options.dalamJalan, pg.processes),
      );
    });

  return {
    baca: (q, key) => {
      const pg = directPostgresOf(q);
      if (pg) return bacaPostgres(pg, key);
      const sqlite = directSqliteOf(q);
      return sqlite ? bacaSeTransaksi(q, sqlite, options.sendiri, key) : options.sendiri.all(q, key);
    },
  };
}
