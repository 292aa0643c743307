import { hasilText } from '../text';
import { useEffect } from 'react';
import { shallowEqual } from 'react-redux';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { text } from '../../../text';
import { ReviewQuestion } from '../components/ReviewQuestion';
import { idParam } from '../../../lib/routeParams';
import { selectPembahasanMateri } from '../selectors';
import { pembahasanMateriRequested } from '../slice';

/** /pembahasan/:id: the discussion of a finished topic, every question with key, answer and explanation. */
export default function PembahasanMateriPage() {
  const idmateri = idParam(useParams().id) ?? 0;
  const dispatch = useAppDispatch();
  const { data, loading } = useAppSelector((state) => selectPembahasanMateri(state, idmateri), shallowEqual);

  useEffect(() => {
    if (idmateri > 0) dispatch(pembahasanMateriRequested(idmateri));
  }, [dispatch, idmateri]);

  if (idmateri > 0 && loading && !data) return <Spinner />;
  if (!data || data.soal.length === 0)
    return <EmptyState message={text.common.dataPembahasanTidakDitemukan} />;

  return (
    <>
      <h1 className="h4 mb-1">
        {hasilText.pembahasan} {data.materi}
      </h1>
      <p className="text-body-secondary mb-4">{data.mapel}</p>
      {data.soal.map((soal, index) => (
        <ReviewQuestion key={soal.id_soal} soal={soal} nomor={index + 1} />
      ))}
    </>
  );
}
