import { hasilText } from '../text';
import { useEffect } from 'react';
import { shallowEqual } from 'react-redux';
import { useParams } from 'react-router-dom';
import type { PembahasanMapelItem } from '../../../../contract';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Table, type Column } from '../../../components/DataTable';
import { EmptyState } from '../../../components/EmptyState';
import { BelumDibuka } from '../../../components/BelumDibuka';
import { Spinner } from '../../../components/Spinner';
import { text } from '../../../text';
import { idParam } from '../../../lib/routeParams';
import { selectPembahasanTerkunci, selectReviewList } from '../selectors';
import { reviewListRequested, reviewMapelChosen } from '../slice';

const t = hasilText;

function reviewColumns(choose: (mapel: PembahasanMapelItem) => void): Column<PembahasanMapelItem>[] {
  return [
    { header: t.no, cell: (_mapel, index) => index + 1 },
    { header: t.mataPelajaran, cell: (mapel) => mapel.mapel },
    {
      header: t.status,
      cell: (mapel) =>
        mapel.status === '1' ? (
          <span className="badge text-bg-success">{t.selesai}</span>
        ) : (
          <span className="badge text-bg-secondary">{t.belumDikerjakan}</span>
        ),
    },
    {
      header: t.aksi,
      cell: (mapel) => (
        <button
          type="button"
          className="btn btn-sm btn-success"
          aria-label={`${t.lihatPembahasan} ${mapel.mapel}`}
          onClick={() => choose(mapel)}
        >
          {t.lihatPembahasan}
        </button>
      ),
    },
  ];
}

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
  if (!data && terkunci !== undefined) return <BelumDibuka message={terkunci} />;
  if (!data || data.mapel.length === 0)
    return <EmptyState message={text.common.dataPembahasanTidakDitemukan} />;

  return (
    <>
      <h1 className="h4 mb-4">{t.reviewListTitle(data.paket)}</h1>
      <section className="card shadow-sm">
        <div className="card-body">
          <Table
            label={t.reviewListTitle(data.paket)}
            items={data.mapel}
            columns={reviewColumns((mapel) => dispatch(reviewMapelChosen({ idjadwal, mapel })))}
            rowKey={(mapel) => mapel.idmapel}
          />
        </div>
      </section>
    </>
  );
}
