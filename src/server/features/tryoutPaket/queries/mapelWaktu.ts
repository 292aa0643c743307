/** The clocks (mapel_waktu) of an attempt's subjects, read (written by tulis/: simpanWaktu, mulaiPercobaan). */
import type { Selectable } from 'kysely';
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
