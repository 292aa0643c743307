import { hasilText } from '../text';
import { useEffect, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useParams } from 'react-router-dom';
import { Link } from '../../../components/Link';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { BelumDibuka } from '../../../components/BelumDibuka';
import { Spinner } from '../../../components/Spinner';
import { StepBar, type Step } from '../../../components/StepBar';
import { text } from '../../../text';
import { ReviewQuestion } from '../components/ReviewQuestion';
import { idParam } from '../../../lib/routeParams';
import { selectPembahasanTerkunci, selectReview } from '../selectors';
import { reviewRequested } from '../slice';

const t = hasilText;

/** Review sheet (/hasil/:id/review/:id2): the subject, right/total, steps and one question at a time. */
export default function ReviewSheetPage() {
  const params = useParams();
  const idjadwal = idParam(params.id) ?? 0;
  const idmapel = idParam(params.id2) ?? 0;
  const dispatch = useAppDispatch();
  const { data, loading } = useAppSelector((state) => selectReview(state, idjadwal, idmapel), shallowEqual);
  const terkunci = useAppSelector((state) => selectPembahasanTerkunci(state, idjadwal));
  const [current, setCurrent] = useState(0);
  const needsLoad = idjadwal > 0 && idmapel > 0 && data === null && loading;

  // Opened from the list the review is already stored; after a reload (or a typed URL) it is asked for here.
  useEffect(() => {
    if (needsLoad) dispatch(reviewRequested({ idjadwal, idmapel }));
    // Only on arrival: a refused review must not be asked for again and again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, idjadwal, idmapel]);

  if (idjadwal === 0 || idmapel === 0)
    return <EmptyState message={text.common.dataPembahasanTidakDitemukan} />;
  if (loading && !data) return <Spinner />;
  if (!data && terkunci !== undefined) return <BelumDibuka message={terkunci} />;
  if (!data || data.soal.length === 0)
    return <EmptyState message={text.common.dataPembahasanTidakDitemukan} />;

  const index = Math.min(current, data.soal.length - 1);
  const soal = data.soal[index];
  // Green when right, red when wrong, orange when current.
  const steps = data.soal.map((item, i): Step => ({
    label: String(i + 1),
    tone: i === index ? 'current' : item.is_benar === 1 ? 'benar' : 'salah',
    result: item.is_benar === 1 ? 'benar' : 'salah',
    color: i === index ? 'orange' : undefined,
  }));
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">{data.mapel}</h1>
        <span className="badge text-bg-primary fs-6" data-testid="benar-dari">
          {t.benarDari(data.benar, data.jumlah_soal)}
        </span>
      </div>
      <StepBar steps={steps} label={t.daftarSoal} onSelect={setCurrent} />
      <ReviewQuestion key={soal.id_soal} soal={soal} nomor={index + 1} />
      <div className="d-flex justify-content-between">
        {index > 0 ? (
          <button type="button" className="btn btn-outline-secondary" onClick={() => setCurrent(index - 1)}>
            {t.prev}
          </button>
        ) : (
          <span />
        )}
        {index < data.soal.length - 1 && (
          <button type="button" className="btn btn-primary" onClick={() => setCurrent(index + 1)}>
            {t.next}
          </button>
        )}
      </div>
      <Link to={`/hasil/${idjadwal}/review`} className="btn btn-link mt-3 px-0">
        {text.common.kembali}
      </Link>
    </>
  );
}
