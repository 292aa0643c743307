import type { SoalPaket } from '../../../../contract';
import { isEmptyHtml } from '../../../../contract/htmlSoal';
import { HURUF_OPSI } from '../../../../contract/opsi';
import { OptionList, type QuestionOption } from '../../../components/question/OptionList';
import { SafeHtml } from '../../../components/question/SafeHtml';
import { StatementTable } from '../../../components/question/StatementTable';
import { TextAnswer } from '../../../components/question/TextAnswer';
import { questionText } from '../../../components/sheetText';

/** Options A–D, and E when the five-choice rule (the student's programme) allows it; an option the question does not have
 * (a four-option question for a five-choice student) is never shown, so it cannot be picked. */
export function paketOptions(soal: SoalPaket, fiveChoices: boolean): QuestionOption[] {
  const texts = [soal.a, soal.b, soal.c, soal.d, soal.e];
  return HURUF_OPSI.slice(0, fiveChoices ? 5 : 4)
    .map((letter, index) => ({ letter, html: texts[index] }))
    .filter((option) => !isEmptyHtml(option.html));
}

export interface SoalPaketHandlers {
  onAnswer: (jawaban: string) => void;
  onGroupAnswer: (idJawabanGroup: number, jawaban: 'Y' | 'N') => void;
}

/** One package question of any type (1 choice, 2/5 short text, 3 statements, 4 essay). */
export function SoalPaketView({
  soal,
  fiveChoices,
  onAnswer,
  onGroupAnswer,
}: { soal: SoalPaket; fiveChoices: boolean } & SoalPaketHandlers) {
  const name = `soal-${soal.id_jawaban}`;
  return (
    <div>
      <SafeHtml html={soal.soal} className="mb-3" />
      {soal.type === 1 && (
        <OptionList
          name={name}
          options={paketOptions(soal, fiveChoices)}
          chosen={soal.jawaban_siswa}
          onChoose={onAnswer}
        />
      )}
      {(soal.type === 2 || soal.type === 5) && (
        <TextAnswer
          key={name}
          value={soal.jawaban_siswa}
          onSave={onAnswer}
          multiline={false}
          label={questionText.jawabanLabel}
          placeholder={questionText.isianPlaceholder}
        />
      )}
      {soal.type === 3 && (
        <StatementTable
          name={name}
          statements={soal.group_soal}
          groupTextType={soal.group_text_type}
          onAnswer={onGroupAnswer}
        />
      )}
      {soal.type === 4 && (
        <TextAnswer
          key={name}
          value={soal.jawaban_siswa}
          onSave={onAnswer}
          multiline
          label={questionText.jawabanLabel}
          placeholder={questionText.esaiPlaceholder}
        />
      )}
    </div>
  );
}
