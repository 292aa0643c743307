import { useEffect, useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { SoalMateri } from '../../../../contract';
import { isEmptyHtml } from '../../../../contract/htmlSoal';
import { HURUF_OPSI } from '../../../../contract/opsi';
import { useAppDispatch, useAppSelector, type RootState } from '../../../app/hooks';
import { Countdown } from '../../../components/Countdown';
import { PendingSaves } from '../../../components/PendingSaves';
import { SheetNav } from '../../../components/SheetNav';
import { StepBar, type Step } from '../../../components/StepBar';
import { OptionList, type QuestionOption } from '../../../components/question/OptionList';
import { SafeHtml } from '../../../components/question/SafeHtml';
import { TextAnswer } from '../../../components/question/TextAnswer';
import { isAnswered } from '../../../components/question/answered';
import { decodeBase64Utf8 } from '../../../lib/base64';
import { selectPendingCount, selectSisaWaktu } from '../../../lib/run/slice';
import { text } from '../../../text';
import { questionText, stepText } from '../../../components/sheetText';
import { useMateriLeaveGuard } from '../hooks';
import { MATERI } from '../answers';
import { answerRequested, finishRequested, nomorChosen, sheetClosed, sheetOpened } from '../slice';
import { selectTryoutMateri } from '../selectors';

/** Each option shown only when its text is non-empty: a question may have fewer than five. */
export function materiOptions(soal: SoalMateri): QuestionOption[] {
  const texts = [soal.a, soal.b, soal.c, soal.d, soal.e].map(decodeBase64Utf8);
  return HURUF_OPSI.map((letter, index) => ({ letter, html: texts[index] })).filter(
    (option) => !isEmptyHtml(option.html),
  );
}

/** The countdown alone follows the clock's per-second tick, so the sheet does not render again every second. */
function SheetCountdown() {
  const seconds = useAppSelector(selectSisaWaktu);
  return <Countdown seconds={seconds} label={text.tryoutPaket.sisaWaktu} />;
}

/** /to-permateri/{id}: the per-topic exam sheet. */
export default function MateriSheetPage() {
  const idmateri = Number(useParams().id);
  const dispatch = useAppDispatch();
  useMateriLeaveGuard();
  const state = useAppSelector(selectTryoutMateri);
  const pending = useAppSelector((root: RootState) => selectPendingCount(root, MATERI));

  useEffect(() => {
    dispatch(sheetOpened({ idmateri }));
    return () => {
      dispatch(sheetClosed());
    };
  }, [idmateri, dispatch]);

  const nomor = Math.min(state.nomorAktif, Math.max(0, state.soal.length - 1));
  const soal = state.soal[nomor];
  const soalHtml = useMemo(() => (soal ? decodeBase64Utf8(soal.soal) : ''), [soal]);

  if (state.soal.length === 0) return <Navigate to="/to-permateri" replace />;

  const steps: Step[] = state.soal.map((item, index) => {
    const answered = isAnswered(item.type, item.jawaban);
    return {
      label: String(index + 1),
      tone: index === nomor ? 'current' : answered ? 'answered' : 'idle',
      answered,
    };
  });
  const save = (jawaban: string) => dispatch(answerRequested({ idsoal: soal.id_soal, jawaban }));

  return (
    <section className="container py-4">
      <header className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <h1 className="h4 mb-0">{state.detailToMateri?.materi ?? ''}</h1>
        <SheetCountdown />
      </header>
      <PendingSaves count={pending} />
      <StepBar steps={steps} label={stepText.daftarSoal} onSelect={(i) => dispatch(nomorChosen(i))} />
      {soal && (
        <article className="card shadow-sm" aria-label={text.tryoutPaket.soalKe(nomor + 1)}>
          <div className="card-body">
            <SafeHtml html={soalHtml} className="mb-3" />
            {soal.type === 1 && (
              <OptionList
                name={`materi-${soal.id_soal}`}
                options={materiOptions(soal)}
                chosen={soal.jawaban}
                onChoose={save}
              />
            )}
            {(soal.type === 2 || soal.type === 5 || soal.type === 4) && (
              <TextAnswer
                key={soal.id_soal}
                value={soal.jawaban}
                onSave={save}
                multiline={soal.type === 4}
                label={questionText.jawabanLabel}
                placeholder={soal.type === 4 ? questionText.esaiPlaceholder : questionText.isianPlaceholder}
              />
            )}
          </div>
          <SheetNav
            nomor={nomor}
            count={state.soal.length}
            prev={{ content: '←', ariaLabel: text.tryoutMateri.soalSebelumnya }}
            next={{ content: '→', ariaLabel: text.tryoutMateri.soalBerikutnya }}
            onChoose={(index) => dispatch(nomorChosen(index))}
          />
        </article>
      )}
      <div className="text-end mt-4">
        <button type="button" className="btn btn-success" onClick={() => dispatch(finishRequested())}>
          {text.tryoutMateri.selesaikanUjian}
        </button>
      </div>
    </section>
  );
}
