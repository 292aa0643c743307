import { hasilText } from '../text';
import { useEffect } from 'react';
import { shallowEqual } from 'react-redux';
import { useParams } from 'react-router-dom';
import type { HasilMapel } from '../../../../contract';
import { hasilPdfUrl } from '../../../api/hasil';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Table, type Column } from '../../../components/DataTable';
import { EmptyState } from '../../../components/EmptyState';
import { BelumDibuka } from '../../../components/BelumDibuka';
import { Spinner } from '../../../components/Spinner';
import { text } from '../../../text';
import { formatNilai } from '../../../lib/format';
import { idParam } from '../../../lib/routeParams';
import { mapelColumns } from '../components/HasilTables';
import { selectDetail, selectHasilTerkunci } from '../selectors';
import { detailDitinggalkan, detailRequested } from '../slice';

const t = hasilText;

const kategoriColumns: Column<HasilMapel>[] = [
  { header: t.no, cell: (_row, index) => index + 1 },
  ...mapelColumns(t.benar),
];

/** Category result detail (/hasil/:id/kategori/:id2, id2 = category hash). */
export default function HasilKategoriPage() {
  const params = useParams();
  const id = idParam(params.id) ?? 0;
  const hash = params.id2 ?? '';
  const dispatch = useAppDispatch();
  const { data, loading } = useAppSelector((state) => selectDetail(state, id, hash), shallowEqual);
  const terkunci = useAppSelector((state) => selectHasilTerkunci(state, id));

  useEffect(() => {
    if (id > 0 && hash !== '') dispatch(detailRequested({ id, hash }));
    // While an event's close runs the saga asks again by itself: not once the page is left.
    return () => void dispatch(detailDitinggalkan());
  }, [dispatch, id, hash]);

  if (id === 0 || hash === '') return <EmptyState message={t.detailTidakDitemukan} />;
  if (loading && !data) return <Spinner />;
  if (!data && terkunci !== undefined)
    return <BelumDibuka title={text.common.hasilBelumDibuka} message={terkunci} />;
  if (!data || data.detail.length === 0) return <EmptyState message={t.detailTidakDitemukan} />;

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-4">
        <div>
          <h1 className="h4 mb-1">{data.nama.toUpperCase()}</h1>
          <p className="text-body-secondary mb-0">
            {data.minat} · {t.paketNumber(data.paket)} · {data.kategori}
          </p>
        </div>
        <a className="btn btn-primary" href={hasilPdfUrl(id, hash)} download>
          {t.download}
        </a>
      </div>
      <section className="card shadow-sm">
        <div className="card-body">
          <Table
            label={data.kategori}
            items={data.detail}
            columns={kategoriColumns}
            rowKey={(row) => row.mapel}
            footer={
              <tr className="fw-semibold">
                <td colSpan={5}>{t.rataRata}</td>
                <td data-label={t.nilai}>{formatNilai(data.rata_rata)}</td>
              </tr>
            }
          />
        </div>
      </section>
    </>
  );
}
