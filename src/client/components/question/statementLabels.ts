import { text } from '../../text';
import { questionText } from '../sheetText';

/** The two judgements of a grouped statement (type 3): Benar/Salah, or Memperkuat/Memperlemah when
 * group_text_type is 2. The answer sheet heads its columns with them; the review names Y/N with them. */
export function statementLabels(groupTextType: number | null | undefined): { Y: string; N: string } {
  return groupTextType === 2
    ? { Y: questionText.memperkuat, N: questionText.memperlemah }
    : { Y: questionText.benar, N: questionText.salah };
}

/** A statement's stored Y/N as the student reads it; anything else (blank) is "Kosong". */
export function statementValueText(value: string, groupTextType: number | null | undefined): string {
  const labels = statementLabels(groupTextType);
  if (value === 'Y' || value === 'N') return labels[value];
  return text.hasil.kosong;
}
