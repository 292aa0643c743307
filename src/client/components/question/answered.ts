import type { QuestionType } from '../../../contract';

/** "0" is the blank of choices (type 1) and grouped statements (type 3). */
export const BLANK_CHOICE = '0';

/** The marker saved for a type-3 question once one of its statements is answered. */
export const GROUP_ANSWER_MARKER = 'Z';

/** Answered state: types 1 and 3 when not "0"; other types when not empty. */
export function isAnswered(type: QuestionType, jawaban: string): boolean {
  if (type === 1 || type === 3) return jawaban !== BLANK_CHOICE && jawaban !== '';
  return jawaban.trim() !== '';
}

/** What "Batalkan" leaves behind: "0" for choices and statements, empty for texts. */
export function blankAnswer(type: QuestionType): string {
  return type === 1 || type === 3 ? BLANK_CHOICE : '';
}
