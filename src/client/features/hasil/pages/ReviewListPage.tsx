import { useEffect } from 'react';
import { shallowEqual } from 'react-redux';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { PembahasanTerkunci } from '../../../components/PembahasanTerkunci';
import { Spinner } from '../../../components/Spinner';
import { text } from '../../../text';
import { idParam } from '../../../lib/routeParams';
import { selectPembahasanTerkunci, selectReviewList } from '../selectors';
import { reviewListRequested, reviewMapelChosen } from '../slice';

const t = text.hasil;

/** /hasil/:id/review: the subjects of a finished schedule; a finished one opens its review sheet. */
export default function ReviewListPage() {
  const idjadwal = idParam(useParams().id) ?? 0;
  const dispatch = useAppDispatch();
  const { data, loading } = useAppSelector((state) => selectReviewList(state, idjadwal), shallowEqual);
  const terkunci = useAppSelector((state) => selectPembahasanTerkunci(state, idjadwal));

  useEffect(() => {
    if (idjadwal > 0) dispatch(reviewListRequested(idjadwal));
  }, [dispatch, idjadwal]);

  if (idjadwal === 0) return <EmptyState message={text.common.dataPembahasanTidakDitemukan} />;
  if (loading && !data) return <Spinner />;
  if (!data && terkunci !== undefined) return <PembahasanTerkunci message={terkunci} />;
  if (!data || data.mapel.length === 0)
    return <EmptyState message={text.common.dataPembahasanTidakDitemukan} />;

  return (
    <>
      <h1 className="h4 mb-4">{t.reviewListTitle(data.paket)}</h1>
      <section className="card shadow-sm">
        <div className="card-body table-responsive">
          <table className="table align-middle mb-0 table-stack" aria-label={t.reviewListTitle(data.paket)}>
            <thead>
              <tr>
                <th scope="col">{t.no}</th>
                <th scope="col">{t.mataPelajaran}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.aksi}</th>
              </tr>
            </thead>
            <tbody>
              {data.mapel.map((mapel, index) => (
                <tr key={mapel.idmapel}>
                  <td data-label={t.no}>{index + 1}</td>
                  <td data-label={t.mataPelajaran}>{mapel.mapel}</td>
                  <td data-label={t.status}>
                    {mapel.status === '1' ? (
                      <span className="badge text-bg-success">{t.selesai}</span>
                    ) : (
                      <span className="badge text-bg-secondary">{t.belumDikerjakan}</span>
                    )}
                  </td>
                  <td data-label={t.aksi}>
                    <button
                      type="button"
                      className="btn btn-sm btn-success"
                      aria-label={`${t.lihatPembahasan} ${mapel.mapel}`}
                      onClick={() => dispatch(reviewMapelChosen({ idjadwal, mapel }))}
                    >
                      {t.lihatPembahasan}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
