import type { GroupSoal } from '../../../contract';
import { questionText } from '../sheetText';
import { SafeHtml } from './SafeHtml';
import { statementLabels } from './statementLabels';

/** Type 3: statements with Y/N radios, headed Benar/Salah, or Memperkuat/Memperlemah when group_text_type is 2. */
export function StatementTable({
  name,
  statements,
  groupTextType,
  onAnswer,
}: {
  name: string;
  statements: GroupSoal[];
  groupTextType: number | null;
  onAnswer: (idJawabanGroup: number, jawaban: 'Y' | 'N') => void;
}) {
  const { Y: yes, N: no } = statementLabels(groupTextType);
  return (
    <table className="table table-bordered align-middle">
      <thead>
        <tr>
          <th scope="col">{questionText.pernyataan}</th>
          <th scope="col" className="text-center">
            {yes}
          </th>
          <th scope="col" className="text-center">
            {no}
          </th>
        </tr>
      </thead>
      <tbody>
        {statements.map((statement, index) => (
          <tr key={statement.id_jawaban_group}>
            <td>
              <SafeHtml html={statement.soal} id={`${name}-${statement.id_jawaban_group}-text`} />
            </td>
            {(['Y', 'N'] as const).map((value) => (
              <td key={value} className="text-center">
                <input
                  className="form-check-input"
                  type="radio"
                  name={`${name}-${statement.id_jawaban_group}`}
                  aria-label={`${value === 'Y' ? yes : no} pernyataan ${index + 1}`}
                  aria-describedby={`${name}-${statement.id_jawaban_group}-text`}
                  checked={statement.jawaban === value}
                  onChange={() => onAnswer(statement.id_jawaban_group, value)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
