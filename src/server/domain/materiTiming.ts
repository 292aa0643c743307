/**
 * Time of a per-topic tryout (DESIGN.md "Time is the server's"): a topic runs on the wall clock from its start,
 * whatever the browser reports. Pure: every function takes the clock reading (epoch ms) as an argument.
 */

/** Seconds after the end of the time during which an answer in flight is still accepted. */
export const GRACE_SECONDS = 30;

/** Full time of a topic in seconds. */
export function durasiDetik(menit: number): number {
  return Math.max(0, Math.round(menit * 60));
}

/** Remaining seconds as the server counts them: menit·60 − elapsed, never below 0. */
export function sisaWaktuDetik(menit: number, startedAt: number, now: number): number {
  const elapsed = Math.floor(Math.max(0, now - startedAt) / 1000);
  return Math.max(0, durasiDetik(menit) - elapsed);
}

/** Epoch ms after which nothing more is accepted and the server ends the topic itself. */
export function batasAkhir(menit: number, startedAt: number): number {
  return startedAt + (durasiDetik(menit) + GRACE_SECONDS) * 1000;
}

/** True once the time and the grace are over: saves are refused and the attempt is ended by the server. */
export function waktuHabis(menit: number, startedAt: number, now: number): boolean {
  return now > batasAkhir(menit, startedAt);
}

/**
 * The remaining time to record from a client's report: a client may report less than the server counts (its own
 * countdown), never more.
 */
export function sisaWaktuTercatat(dilaporkan: number, menurutServer: number): number {
  const reported = Number.isFinite(dilaporkan) ? Math.floor(dilaporkan) : menurutServer;
  return Math.max(0, Math.min(reported, menurutServer));
}
