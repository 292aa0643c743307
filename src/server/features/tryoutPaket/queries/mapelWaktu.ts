/** The clocks (mapel_waktu) of an attempt's subjects: read, and written without ever going back. */
import { sql, type Selectable } from 'kysely';
import { prepareQuery } from '../../../db/compiledQuery';
import type { Executor } from '../../../db/executor';
import type { MapelWaktuTable } from '../../../db/types';

export type MapelWaktu = Selectable<MapelWaktuTable>;

const clocksOfAttemptQuery = prepareQuery((q: Executor, p: { idHasilTo: number }) =>
  q.selectFrom('mapel_waktu').selectAll().where('id_hasil_to', '=', p.idHasilTo),
);

export async function listClocks(q: Executor, attemptIds: readonly number[]): Promise<MapelWaktu[]> {
  if (attemptIds.length === 0) return [];
  if (attemptIds.length === 1) return clocksOfAttemptQuery.all(q, { idHasilTo: attemptIds[0] });
  return q.selectFrom('mapel_waktu').selectAll().where('id_hasil_to', 'in', attemptIds).execute();
}

export interface ClockWrite {
  idHasilTo: number;
  idMapel: number;
  sisaWaktu: number;
  status: number;
  openedAt: number | null;
  lastSeenAt: number | null;
}

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
export async function writeClock(q: Executor, clock: ClockWrite): Promise<void> {
  await writeClockQuery.run(q, clock);
}
