/** The subjects' clocks of one attempt, brought up to now (DESIGN.md "Time is the server's"). */
import { mapelAntrian, type MapelAntrian } from '../../domain/antrian';
import { durasiDetik, newClock, tick, type ClockRules, type SubjectClock } from '../../domain/timing';
import { writeClock, type MapelRow, type MapelWaktu, type Q } from './queries';

export interface MapelClock {
  mapel: MapelRow;
  rules: ClockRules;
  /** As stored. */
  before: SubjectClock;
  /** Brought up to now: charged, and closed when its time ran out. */
  clock: SubjectClock;
}

export function clockOfRow(row: MapelWaktu): SubjectClock {
  return {
    status: row.status,
    sisaWaktu: row.sisa_waktu,
    openedAt: row.opened_at,
    lastSeenAt: row.last_seen_at,
  };
}

/**
 * The clocks of an attempt's subjects (in the subjects' order) at `now`. A subject whose time has run out is
 * closed in the database here, whoever touches it: the browser may never report it.
 */
export async function settleClocks(
  q: Q,
  input: {
    idHasilTo: number;
    mapel: readonly MapelRow[];
    rows: readonly MapelWaktu[];
    wallClock: boolean;
    now: number;
  },
): Promise<MapelClock[]> {
  const stored = new Map(
    input.rows.filter((r) => r.id_hasil_to === input.idHasilTo).map((r) => [r.id_mapel, clockOfRow(r)]),
  );
  const clocks = input.mapel.map((mapel): MapelClock => {
    const rules = { isEvent: input.wallClock, durasi: durasiDetik(mapel.waktu) };
    const before = stored.get(mapel.id) ?? newClock(mapel.waktu);
    return { mapel, rules, before, clock: tick(before, rules, input.now) };
  });
  for (const c of clocks) {
    if (c.before.status === 0 && c.clock.status === 1)
      await saveClock(q, input.idHasilTo, c.mapel.id, c.clock);
  }
  return clocks;
}

export function saveClock(q: Q, idHasilTo: number, idMapel: number, clock: SubjectClock): Promise<void> {
  return writeClock(q, { idHasilTo, idMapel, ...clock });
}

/** `antrian` and `antrian_str` of the subjects, from their settled clocks. */
export function antrianOf(clocks: readonly MapelClock[]): MapelAntrian[] {
  return mapelAntrian(clocks.map((c) => ({ nama: c.mapel.nama, selesai: c.clock.status === 1 })));
}
