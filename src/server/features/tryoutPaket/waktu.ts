/** The subjects' clocks of one attempt, brought up to now on the one timing engine (domain/timing). */
import { mapelAntrian, type MapelAntrian } from '../../domain/antrian';
import {
  durasiDetik,
  newClock,
  openClock,
  settleSubjects,
  type ClockRules,
  type SubjectClock,
} from '../../domain/timing';
import { listClocks, type MapelWaktu } from './queries/mapelWaktu';
import { type JadwalRow } from '../../db/jadwal';
import { type MapelRow } from './queries/mapel';
import { type Executor } from '../../db/executor';
import { simpanWaktu } from './tulis';

export interface MapelClock {
  mapel: MapelRow;
  rules: ClockRules;
  /** As stored. */
  before: SubjectClock;
  /** Brought up to now: charged, opened after the previous one on the wall clock, closed when time ran out. */
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

/** The rules of a subject's clock: wall clock or pausable, its full time, and the schedule window's end. */
export function rulesOf(mapel: MapelRow, jadwal: JadwalRow, wallClock: boolean): ClockRules {
  return { wallClock, durasi: durasiDetik(mapel.waktu), closesAt: jadwal.tgl_akhir };
}

/**
 * The clocks of an attempt's subjects (in the subjects' order) at `now`. What the engine changed by itself (a
 * subject whose time ran out, the next event subject opened, the schedule window closed) is written here, whoever
 * touches the attempt: the browser may never report it.
 */
export async function settleClocks(
  q: Executor,
  input: {
    idHasilTo: number;
    jadwal: JadwalRow;
    mapel: readonly MapelRow[];
    rows: readonly MapelWaktu[];
    wallClock: boolean;
    now: number;
  },
): Promise<MapelClock[]> {
  const stored = new Map(
    input.rows.filter((r) => r.id_hasil_to === input.idHasilTo).map((r) => [r.id_mapel, clockOfRow(r)]),
  );
  const subjects = input.mapel.map((mapel) => {
    const rules = rulesOf(mapel, input.jadwal, input.wallClock);
    return { mapel, rules, clock: stored.get(mapel.id) ?? newClock(rules.durasi) };
  });
  // A category not started has no clock running: its subjects are shown fresh.
  const settled = stored.size > 0 ? settleSubjects(subjects, input.now) : subjects.map((s) => s.clock);
  const clocks = subjects.map((s, i): MapelClock => ({
    mapel: s.mapel,
    rules: s.rules,
    before: s.clock,
    clock: settled[i],
  }));
  if (stored.size > 0) {
    for (const c of clocks) {
      const opened = c.before.openedAt === null && c.clock.openedAt !== null;
      const closed = c.before.status === 0 && c.clock.status === 1;
      if (opened || closed) await saveClock(q, input.idHasilTo, c.mapel.id, c.clock);
    }
  }
  return clocks;
}

/** Whether two readings of a clock are the same: writing one over the other would change nothing. */
export function sameClock(a: SubjectClock, b: SubjectClock): boolean {
  return (
    a.status === b.status &&
    a.sisaWaktu === b.sisaWaktu &&
    a.openedAt === b.openedAt &&
    a.lastSeenAt === b.lastSeenAt
  );
}

/**
 * Whether a running clock's charge (its time counted down to now) has to be written for later calls to count it.
 * A practice clock pauses between calls (each gap is charged at most 125 s), so the moment of every call counts. A
 * wall-clock one runs from its opening whatever happens: its reading at any moment follows from the stored one (the
 * charge moves `lastSeenAt` by whole seconds, so charging in steps or at once comes to the same), and writing it
 * changes nothing that a later settle would not compute. Opening and closing are always written (settleClocks).
 */
export function chargeIsKept(clock: MapelClock): boolean {
  return !clock.rules.wallClock;
}

/**
 * Writes a subject's clock, committed with the other writes of the same turn of the event loop (a status report is
 * one upsert: alone it was a commit of its own, and with a second worker on SQLite a wait for the write lock). On
 * PostgreSQL it joins the answer saves' shared statement, on SQLite the turn's shared commit (tulis/).
 */
export function saveClock(
  q: Executor,
  idHasilTo: number,
  idMapel: number,
  clock: SubjectClock,
): Promise<void> {
  return simpanWaktu(q, { idHasilTo, idMapel, ...clock });
}

/** `antrian` and `antrian_str` of the subjects, from their settled clocks. */
export function antrianOf(clocks: readonly MapelClock[]): MapelAntrian[] {
  return mapelAntrian(clocks.map((c) => ({ nama: c.mapel.nama, selesai: c.clock.status === 1 })));
}

/**
 * The reveal rule (README "Rules of the tryout"): a subject's questions may leave
 * the server once its clock has been opened, and until the category ends. Before that the student knows its name,
 * its number of questions and its time (the preview), never its questions.
 */
export function isRevealed(clock: SubjectClock): boolean {
  return clock.openedAt !== null;
}

/** What opening a subject found: closed already, not its turn yet, or open with its clock running. */
export type Pembukaan =
  | {
      kind: 'ditutup';
      /** As stored before this call: still running means its time ran out just now. */ before: SubjectClock;
    }
  | { kind: 'mengantri'; antrian_str: string }
  | {
      kind: 'terbuka';
      clock: SubjectClock;
      /** Opened by this call: the clock must be written. */ baruDibuka: boolean;
    };

/**
 * Opening a subject, the one step behind "Kerjakan" (its first status report) and its question PDF: the attempt's
 * clocks are brought up to now, then the subject's clock starts unless it is closed or not its turn. The opened
 * clock is returned for the caller to change further (a report) and write.
 */
export async function bukaMapel(
  q: Executor,
  input: {
    idHasilTo: number;
    jadwal: JadwalRow;
    mapel: readonly MapelRow[];
    idMapel: number;
    wallClock: boolean;
    now: number;
    /** The attempt's clocks when already read (with the attempt); else they are read here. */
    rows?: readonly MapelWaktu[];
  },
): Promise<Pembukaan> {
  const rows = input.rows ?? (await listClocks(q, [input.idHasilTo]));
  const clocks = await settleClocks(q, { ...input, rows });
  const index = clocks.findIndex((c) => c.mapel.id === input.idMapel);
  const target = clocks[index];
  if (target.clock.status === 1) return { kind: 'ditutup', before: target.before };
  const queue = antrianOf(clocks)[index];
  if (queue.antrian !== 0) return { kind: 'mengantri', antrian_str: queue.antrian_str };
  const clock = openClock(target.clock, input.now);
  return { kind: 'terbuka', clock, baruDibuka: clock !== target.clock };
}
