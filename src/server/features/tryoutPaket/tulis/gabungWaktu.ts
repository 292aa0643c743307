/**
 * How a subject's clock written is merged into the one stored: the remaining time only goes down, the last charged
 * moment only forward (a close records its own moment), the opening moment stays the first, a closed subject never
 * changes. Two writes of one subject in flight each write the clock they read before the other's write, so the
 * write merges instead of replacing (otherwise an answer save would put back the time a status report had just
 * lowered).
 *
 * Written once in SQL, which SQLite and PostgreSQL read alike (the save's own upsert in sendiri.ts and the turn's
 * shared statement in simpanBersama.ts both use it), and once in JavaScript for what no statement can do: two
 * clocks of one subject in one shared statement (an upsert may not change a row twice) are merged before it, the
 * later written over the earlier as the SQL would one after the other.
 */

/** A subject's clock as written: the row of mapel_waktu of (idHasilTo, idMapel). */
export interface ClockWrite {
  idHasilTo: number;
  idMapel: number;
  sisaWaktu: number;
  status: number;
  openedAt: number | null;
  lastSeenAt: number | null;
}

/**
 * The merge of `ON CONFLICT (id_hasil_to, id_mapel) DO UPDATE`: each column's value, with `excluded` the clock
 * written and `lama` the name of the stored row in the statement (the table, or its alias).
 */
export function gabungWaktuKolom(
  lama: string,
): Record<'sisa_waktu' | 'status' | 'opened_at' | 'last_seen_at', string> {
  return {
    sisa_waktu: `CASE WHEN excluded.sisa_waktu < ${lama}.sisa_waktu THEN excluded.sisa_waktu ELSE ${lama}.sisa_waktu END`,
    status: 'excluded.status',
    opened_at: `COALESCE(${lama}.opened_at, excluded.opened_at)`,
    last_seen_at: `CASE WHEN excluded.status = 1 OR ${lama}.last_seen_at IS NULL
      OR excluded.last_seen_at > ${lama}.last_seen_at THEN excluded.last_seen_at ELSE ${lama}.last_seen_at END`,
  };
}

/** The condition of that update: only a running clock changes. */
export function waktuBerjalanSql(lama: string): string {
  return `${lama}.status = 0`;
}

/** The whole `DO UPDATE …` clause, for a statement written as text. */
export function gabungWaktuSql(lama: string): string {
  const set = Object.entries(gabungWaktuKolom(lama)).map(([kolom, nilai]) => `${kolom} = ${nilai}`);
  return `DO UPDATE SET ${set.join(',\n    ')}\n  WHERE ${waktuBerjalanSql(lama)}`;
}

/** The same merge in JavaScript: `baru` written over `lama`, as the SQL above writes it over a stored row. */
export function gabungWaktu(lama: ClockWrite, baru: ClockWrite): ClockWrite {
  if (lama.status !== 0) return lama;
  const maju = baru.lastSeenAt !== null && (lama.lastSeenAt === null || baru.lastSeenAt > lama.lastSeenAt);
  return {
    ...lama,
    sisaWaktu: baru.sisaWaktu < lama.sisaWaktu ? baru.sisaWaktu : lama.sisaWaktu,
    status: baru.status,
    openedAt: lama.openedAt ?? baru.openedAt,
    lastSeenAt: baru.status === 1 || lama.lastSeenAt === null || maju ? baru.lastSeenAt : lama.lastSeenAt,
  };
}
