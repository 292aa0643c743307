/**
 * A refusal that only means "not yet": a TO Akbar event keeps its keys, reviews and results on the server until it
 * is over, and says when they open (`dibuka_pada` beside the sentence). Pages show that sentence, not an error.
 */

/** The sentence of such a refusal, else null. */
export function terkunciOf(reply: { status: boolean; message?: string }): string | null {
  if (reply.status || !('dibuka_pada' in reply) || reply.dibuka_pada === undefined) return null;
  return reply.message ?? null;
}
