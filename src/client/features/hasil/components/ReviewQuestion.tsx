import { hasilText } from '../text';
import type { GroupSoalReview, SoalMateriReview, SoalReview } from '../../../../contract';
import { isEmptyHtml } from '../../../../contract/htmlSoal';
import { HURUF_OPSI, KOLOM_OPSI } from '../../../../contract/opsi';
import { Table, type Column } from '../../../components/DataTable';
import { SafeHtml } from '../../../components/question/SafeHtml';
import { statementValueText } from '../../../components/question/statementLabels';
import { decodeBase64Utf8 } from '../../../lib/base64';

const t = hasilText;

type Soal = SoalReview | SoalMateriReview;

/** Question-bank texts (question, options, explanation) travel as base64 of UTF-8 HTML; they are decoded here and
 * sanitized by SafeHtml before they are rendered. */
function Html({ base64, className }: { base64: string; className?: string }) {
  return <SafeHtml html={decodeBase64Utf8(base64)} className={className} />;
}

/** True when a base64 text decodes to nothing visible (an option the question does not have). */
const isEmptyText = (base64: string): boolean => isEmptyHtml(decodeBase64Utf8(base64));

const shown = (answer: string) => (answer.trim() === '' || answer === '0' ? t.kosong : answer);

/** The options of a type-1 question: only those with text; the key in green, the student's answer green when
 * right and red when wrong. */
function Options({ soal }: { soal: Soal }) {
  const kunci = soal.kunci.toUpperCase();
  const jawaban = soal.jawaban.toUpperCase();
  return (
    <ul className="list-unstyled mb-3">
      {HURUF_OPSI.filter((letter) => !isEmptyText(soal[KOLOM_OPSI[letter]])).map((letter) => {
        const isKunci = letter === kunci;
        const isJawaban = letter === jawaban;
        let tone = 'border';
        if (isKunci) tone = 'border border-success bg-success-subtle';
        if (isJawaban && !isKunci) tone = 'border border-danger bg-danger-subtle';
        const marks = [isJawaban ? t.jawabanKamu : null, isKunci ? t.kunciJawaban : null].filter(Boolean);
        return (
          <li
            key={letter}
            className={`d-flex gap-2 align-items-start rounded p-2 mb-2 ${tone}`}
            data-option={letter}
            data-state={isKunci ? 'kunci' : isJawaban ? 'salah' : 'biasa'}
          >
            <span className="fw-bold">{letter}.</span>
            <Html base64={soal[KOLOM_OPSI[letter]]} className="flex-grow-1" />
            {marks.length > 0 && <span className="small fw-semibold text-nowrap">{marks.join(' · ')}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function statementColumns(groupTextType: number | null | undefined): Column<GroupSoalReview>[] {
  const judged = (item: GroupSoalReview) => item.jawaban !== '' && item.jawaban === item.kunci;
  return [
    { header: t.pernyataan, cell: (item) => <Html base64={item.soal} /> },
    {
      header: t.jawabanKamu,
      className: (item) => (judged(item) ? 'text-success fw-semibold' : 'text-danger fw-semibold'),
      cell: (item) => statementValueText(item.jawaban, groupTextType),
    },
    {
      header: t.kunciJawaban,
      className: 'text-success fw-semibold',
      cell: (item) => statementValueText(item.kunci, groupTextType),
    },
  ];
}

/** Type 3: each statement with the student's judgement and the key, named Benar/Salah or Memperkuat/Memperlemah
 * as on the sheet (never the stored Y/N). */
function Statements({
  group,
  groupTextType,
}: {
  group: GroupSoalReview[];
  groupTextType: number | null | undefined;
}) {
  return (
    <Table
      label={t.pernyataan}
      items={group}
      columns={statementColumns(groupTextType)}
      rowKey={(_item, index) => index}
      className="table table-sm align-middle table-stack"
      boxClassName="table-responsive mb-3"
    />
  );
}

/** The student's answer as shown: for statements (type 3) the verdict of the whole group, else the answer, with
 * "Kosong" for a blank one. */
function answerText(soal: Soal, group: GroupSoalReview[] | undefined): string {
  if (soal.type !== 3) return shown(soal.jawaban);
  if (soal.is_benar === 1) return t.benar;
  return (group ?? []).every((item) => item.jawaban === '') ? t.kosong : t.salah;
}

/** One reviewed question: text, options or statements with the student's answer and the key, and the
 * explanation. */
export function ReviewQuestion({ soal, nomor }: { soal: Soal; nomor: number }) {
  const group = 'group_soal' in soal ? soal.group_soal : undefined;
  const right = soal.is_benar === 1;
  return (
    <article className="card shadow-sm mb-3" aria-label={t.soalNomor(nomor)}>
      <div className="card-body">
        <h2 className="h6 text-body-secondary">{t.soalNomor(nomor)}</h2>
        <Html base64={soal.soal} className="mb-3" />
        {soal.type === 1 && <Options soal={soal} />}
        {soal.type === 3 && group && (
          <Statements group={group} groupTextType={'group_text_type' in soal ? soal.group_text_type : null} />
        )}
        <dl className="row mb-0">
          <dt className="col-sm-3">{t.jawabanKamu}</dt>
          <dd
            className={`col-sm-9 fw-semibold ${right ? 'text-success' : 'text-danger'}`}
            data-testid="jawaban"
          >
            {answerText(soal, group)}
          </dd>
          {soal.type !== 3 && (
            <>
              <dt className="col-sm-3">{t.kunciJawaban}</dt>
              <dd className="col-sm-9 fw-semibold text-success" data-testid="kunci">
                {shown(soal.kunci)}
              </dd>
            </>
          )}
        </dl>
        {!isEmptyText(soal.pembahasan) && (
          <div className="mt-3 border-top pt-3">
            <h3 className="h6">{t.pembahasan}</h3>
            <Html base64={soal.pembahasan} />
          </div>
        )}
      </div>
    </article>
  );
}
