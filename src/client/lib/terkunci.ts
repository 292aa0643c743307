/**
 * A refusal that only means "not yet": a TO Akbar event keeps its keys, reviews and results on the server until it
 * is over, and says when they open (`dibuka_pada` beside the sentence). Pages show that sentence, not an error.
 */
import axios from 'axios';

/** The sentence of such a refusal, else null. */
export function terkunciOf(reply: { status: boolean; message?: string }): string | null {
  if (reply.status || !('dibuka_pada' in reply) || reply.dibuka_pada === undefined) return null;
  return reply.message ?? null;
}

/** The server's "Hasil sedang dihitung…" (503 while an event's close runs) as a read's failure. */
export function isSedangDihitung(error: unknown): boolean {
  return sedangDihitungOf(error) !== null;
}

/** The sentence of a 503 "Hasil sedang dihitung…" (with how far the close is), else null. */
export function sedangDihitungOf(error: unknown): string | null {
  if (!axios.isAxiosError(error) || error.response?.status !== 503) return null;
  const message = (error.response.data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.startsWith('Hasil sedang dihitung') ? message : null;
}
