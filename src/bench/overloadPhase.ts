/**
 * The overload phase's saves (every started student's multiple-choice questions, answered otherwise than before) and
 * the rate it offers.
 */
import type { StartedAttempt, LoadRequest, LoadResult } from './load';
import { saveRequest, type Save } from './answers';

/**
 * Connections the overload generator opens for a rate (requests per second): enough that it never waits for one
 * while the server answers within 100 ms, with room to spare (the rate × 0.2 s, as many students' browsers would
 * be), 512 at least. At SQLite's 13,000 saves a second 512 were too few: the generator queued thousands of saves
 * for a connection, a wait the server cannot see.
 */
export function overloadSockets(rate: number): number {
  return Math.max(512, Math.ceil(rate * 0.2));
}

/** The letter of this phase: the answer-save phase chose C (answers.ts), so a D found later was saved here. */
const JAWABAN_OVERLOAD = 'D';

/** Round robin over the students, as in the answer-save phase; only multiple-choice questions (type 1). */
export function overloadSaves(
  attempts: readonly StartedAttempt[],
  tokenOf: (n: number) => string,
  idJadwal: number,
): { saves: Save[]; requests: LoadRequest[] } {
  const saves: Save[] = [];
  const requests: LoadRequest[] = [];
  const choices = attempts.map((a) => a.soal.filter((s) => s.type === 1));
  const longest = Math.max(0, ...choices.map((c) => c.length));
  for (let q = 0; q < longest; q++) {
    choices.forEach((soal, n) => {
      if (!soal[q]) return;
      const save: Save = {
        id_jawaban: soal[q].id_jawaban,
        id_jawaban_group: null,
        jawaban: JAWABAN_OVERLOAD,
        type: 1,
      };
      saves.push(save);
      requests.push(saveRequest(idJadwal, attempts[n].id_hasil_to, save, tokenOf(n)));
    });
  }
  return { saves, requests };
}

/** What the answer-save phase says of the save rate the server sustains. */
export interface SaveRate {
  /** Saves it acknowledged per second of the phase. */
  perSecond: number;
  /** Calls the server shed (503, or 429), each then sat out as Retry-After asked. */
  shed: number;
  /** Share (0–1) of the connections' time spent sitting out a refusal's Retry-After: asking nothing. */
  satOutShare: number;
}

export function saveRateOf(phase: LoadResult, connections: number): SaveRate {
  const askedMs = connections * phase.seconds * 1000;
  return {
    perSecond: phase.seconds > 0 ? phase.acknowledged.length / phase.seconds : 0,
    shed: (phase.errorsBy['503'] ?? 0) + (phase.errorsBy['429'] ?? 0),
    satOutShare: askedMs > 0 ? Math.min(1, phase.satOutMs / askedMs) : 0,
  };
}

/**
 * Overload runs at most: on PostgreSQL, whose group commits take more saves the more arrive, each run accepted more
 * than the one before (1,382, 1,504 and 1,822 saves a second at 19:50 UTC, against the answer-save phase's 966), so
 * three runs were not enough for a true 2×.
 */
export const OVERLOAD_RUNS_AT_MOST = 4;

/**
 * The rate to offer the overload again at, or null when its first run was a true 2×. The sustainable rate is what
 * the server acknowledges while it is not shedding; the answer-save phase's closed loop shows it only if it shed
 * nothing: a refused connection sits out Retry-After (2 s) asking nothing, so the phase then measures fewer
 * connections than it had (on PostgreSQL its 64 connections sat out most of the phase while the save limit kept the
 * saves waiting for the pool out). Counting only their busy time would assume the server answers 64 as fast as the
 * few busy ones, which it does not (it would offer PostgreSQL more than its bare upsert floor); restarting the server
 * with the limit at its ceiling would measure saves that wait. What the server itself says is what it accepted
 * under the first run: accepting more than half of a "2×" shows the base was too low, so the run is repeated at
 * twice what it accepted. That rate is the server's own under load, refusals included (a refusal costs the server
 * some CPU), so on a server bound by its CPU it is a little under what it sustains without shedding.
 */
export function reofferedRate(
  first: { sent: number; acknowledged: readonly unknown[] },
  seconds: number,
): number | null {
  if (first.acknowledged.length * 2 <= first.sent) return null;
  return (2 * first.acknowledged.length) / seconds;
}
