/** Answer saves counted by outcome: acknowledged, or refused with a short reason (a metric label of few values). */
import { answersSaved, savesRefused } from './metrics';

interface SaveAnswer {
  status: boolean;
  message?: string;
}

/** Reason label of a thrown refusal, by HTTP status. */
function reasonOfStatus(status: number | undefined): string {
  if (status === 400) return 'invalid';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  return 'error';
}

/**
 * `work`'s save counted: acknowledged (`status: true`), refused by the rules (`status: false`: `reasonOf` its
 * message, else `other`), or thrown (by HTTP status).
 */
export async function countSave<T extends SaveAnswer>(
  tryout: 'paket' | 'materi',
  reasonOf: (message: string) => string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  let answer: T;
  try {
    answer = await work();
  } catch (error) {
    savesRefused.inc({ tryout, reason: reasonOfStatus((error as { statusCode?: number }).statusCode) });
    throw error;
  }
  if (answer.status) answersSaved.inc({ tryout });
  else savesRefused.inc({ tryout, reason: reasonOf(answer.message ?? '') ?? 'other' });
  return answer;
}
