/** A per-topic attempt's clock on the one timing engine (domain/timing): it runs on the wall clock from its start. */
import { durasiDetik, tick, type ClockRules, type SubjectClock } from '../../domain/timing';
import type { MateriHasil } from './queries';

/** A topic runs on the wall clock for its minutes; it belongs to no schedule window. */
export function materiRules(menit: number): ClockRules {
  return { wallClock: true, durasi: durasiDetik(menit), closesAt: null };
}

/**
 * The stored attempt as the engine's clock, opened at its start and counted from there. The `sisa_waktu` a save
 * reports is recorded (clamped, never above the server's count) but does not bind the count: the sheet sends 0
 * when it does not know its time yet, which must not end the topic.
 */
export function clockOfHasil(hasil: MateriHasil, menit: number): SubjectClock {
  return {
    status: hasil.status,
    sisaWaktu: materiRules(menit).durasi,
    openedAt: hasil.started_at,
    lastSeenAt: hasil.started_at,
  };
}

/** The attempt's clock brought up to `now` (closed, with the moment it ran out, once the time is over). */
export function materiClock(hasil: MateriHasil, menit: number, now: number): SubjectClock {
  return tick(clockOfHasil(hasil, menit), materiRules(menit), now);
}
