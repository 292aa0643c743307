import { paketText } from '../text';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { SheetNav } from '../../../components/SheetNav';
import { useAppDispatch, useAppSelector, type RootState } from '../../../app/hooks';
import { Countdown } from '../../../components/Countdown';
import { useDisclosure } from '../../../components/useDisclosure';
import { PendingSaves } from '../../../components/PendingSaves';
import { Spinner } from '../../../components/Spinner';
import { StepBar, type Step } from '../../../components/StepBar';
import { isAnswered } from '../../../components/question/answered';
import { decodeBase64Utf8 } from '../../../lib/base64';
import { selectPendingCount, selectSisaWaktu } from '../../../lib/run/slice';
import { selectFiveChoiceToE, selectIsRegularStudent } from '../../../lib/student';
import { stepText } from '../../../components/sheetText';
import { PAKET } from '../answers';
import { PetunjukKhusus } from '../components/PetunjukKhusus';
import { SoalPaketView } from '../components/SoalPaketView';
import { usePaketLeaveGuard } from '../hooks';
import { isLocked } from '../locking';
import { findKategori, findMapel, selectSoalOfMapel, selectTryoutPaket } from '../selectors';
import {
  answerCancelRequested,
  answerRequested,
  finishRequested,
  groupAnswerRequested,
  nomorChosen,
  sheetClosed,
  sheetOpened,
} from '../slice';

const t = paketText;

function decodeIdMapel(segment: string | undefined): number {
  try {
    return Number(decodeBase64Utf8(segment ?? ''));
  } catch {
    return NaN;
  }
}

/**
 * The countdown alone follows the clock's per-second tick: the sheet (its question, its 100 step buttons) does not
 * render again every second, which on a slow phone kept the main thread busy and delayed the taps.
 */
function SheetCountdown({ running }: { running: boolean }) {
  const seconds = useAppSelector(selectSisaWaktu);
  return <Countdown seconds={running ? seconds : null} label={t.sisaWaktu} />;
}

/** /to/{id}/sheet/{hash}/{idMapel base64}: the answer sheet of one subject. */
export default function SheetTryoutPage() {
  const params = useParams();
  const idJadwal = Number(params.id);
  const kategoriHash = params.hash ?? '';
  const idMapel = decodeIdMapel(params.idMapel);
  const dispatch = useAppDispatch();
  usePaketLeaveGuard();
  const [showPetunjuk, petunjukButton] = useDisclosure('petunjuk-sheet');

  const state = useAppSelector(selectTryoutPaket);
  const soalMapel = useAppSelector((root: RootState) => selectSoalOfMapel(root, idMapel));
  const regular = useAppSelector(selectIsRegularStudent);
  const fiveChoices = useAppSelector(selectFiveChoiceToE);
  const pending = useAppSelector((root: RootState) => selectPendingCount(root, PAKET));
  const mapel = findMapel(findKategori(state.detailPaket, kategoriHash), idMapel);

  useEffect(() => {
    dispatch(sheetOpened({ idJadwal, kategoriHash, idMapel }));
    return () => {
      dispatch(sheetClosed());
    };
  }, [idJadwal, kategoriHash, idMapel, dispatch]);

  // Without a running tryout there is no sheet (back to the package); its questions may still be on their way (the saga asks for them).
  if (!state.isRunning) return <Navigate to={`/to/${idJadwal}`} replace />;
  if (soalMapel.length === 0) return <Spinner />;

  const nomor = Math.min(state.nomorAktif, Math.max(0, soalMapel.length - 1));
  const soal = soalMapel[nomor];
  const lockedAt = (index: number) => isLocked(soalMapel[index], index === nomor, regular);
  const steps: Step[] = soalMapel.map((item, index) => {
    const answered = isAnswered(item.type, item.jawaban_siswa);
    return {
      label: String(index + 1),
      tone: index === nomor ? 'current' : answered ? 'answered' : 'idle',
      answered,
      disabled: lockedAt(index),
    };
  });

  return (
    <section className="container py-4">
      <header className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <h1 className="h4 mb-0">{mapel?.mapel ?? ''}</h1>
        <SheetCountdown running={state.detailMapel?.id_mapel === idMapel} />
      </header>
      <PendingSaves count={pending} />

      <StepBar steps={steps} label={stepText.daftarSoal} onSelect={(index) => dispatch(nomorChosen(index))} />

      <button className="btn btn-link px-0" {...petunjukButton}>
        {t.petunjuk}
      </button>
      {showPetunjuk && (
        <div className="alert alert-info" id="petunjuk-sheet">
          <p className="mb-1">{t.petunjukText}</p>
          {regular && <p className="mb-0">{t.petunjukReguler}</p>}
        </div>
      )}

      {soal && (
        <article className="card shadow-sm" aria-label={t.soalKe(nomor + 1)}>
          <div className="card-body">
            <h2 className="h6 text-body-secondary">{t.soalKe(nomor + 1)}</h2>
            <SoalPaketView
              soal={soal}
              fiveChoices={fiveChoices}
              onAnswer={(jawaban) => dispatch(answerRequested({ id_jawaban: soal.id_jawaban, jawaban }))}
              onGroupAnswer={(id_jawaban_group, jawaban) =>
                dispatch(groupAnswerRequested({ id_jawaban: soal.id_jawaban, id_jawaban_group, jawaban }))
              }
            />
            <button
              type="button"
              className="btn btn-outline-danger btn-sm mt-3"
              onClick={() => dispatch(answerCancelRequested({ id_jawaban: soal.id_jawaban }))}
            >
              {soal.type === 1 || soal.type === 3 ? t.batalkanPilihan : t.batalkanJawaban}
            </button>
          </div>
          <SheetNav
            nomor={nomor}
            count={soalMapel.length}
            prev={{ content: t.prev }}
            next={{ content: t.next }}
            isDisabled={lockedAt}
            onChoose={(index) => dispatch(nomorChosen(index))}
          />
        </article>
      )}

      <PetunjukKhusus />

      {regular && (
        <div className="text-end mt-4">
          <button type="button" className="btn btn-success" onClick={() => dispatch(finishRequested())}>
            {t.selesaikanUjian}
          </button>
        </div>
      )}
    </section>
  );
}
