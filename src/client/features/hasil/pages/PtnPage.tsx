import { hasilText } from '../text';
import { useEffect } from 'react';
import { shallowEqual } from 'react-redux';
import { useParams } from 'react-router-dom';
import { Link } from '../../../components/Link';
import type { HasilMapel, PilihanPtn } from '../../../../contract';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataCard } from '../../../components/DataCard';
import { Table, type Column } from '../../../components/DataTable';
import { EmptyState } from '../../../components/EmptyState';
import { BelumDibuka } from '../../../components/BelumDibuka';
import { Spinner } from '../../../components/Spinner';
import { encodeBase64Utf8 } from '../../../lib/base64';
import { text } from '../../../text';
import { formatNilai } from '../../../lib/format';
import { idParam } from '../../../lib/routeParams';
import { mapelColumns } from '../components/HasilTables';
import { selectHasilTerkunci, selectPtn } from '../selectors';
import { ptnRequested, ptnSyncRequested } from '../slice';

const t = hasilText;

function pilihanColumns(idjadwal: number): Column<PilihanPtn>[] {
  return [
    { header: t.pilihan, cell: (p) => p.num_option },
    { header: t.universitas, cell: (p) => p.universitas },
    { header: t.jurusan, cell: (p) => p.jurusan },
    { header: t.jenjang, cell: (p) => p.jenjang },
    {
      header: t.rank,
      // The choice ranking's id2 is the base64 of the choice number.
      cell: (p) => (
        <Link
          to={`/rangking/${idjadwal}/pilihan/${encodeBase64Utf8(String(p.num_option))}`}
          aria-label={`${t.rank} ${p.rank_jurusan} ${p.jurusan}`}
        >
          {p.rank_jurusan}
        </Link>
      ),
    },
    { header: t.nilaiMinimum, cell: (p) => formatNilai(p.grade) },
    {
      header: t.status,
      cell: (p) => (
        <span className={`badge text-wrap ${p.status === 1 ? 'text-bg-success' : 'text-bg-danger'}`}>
          {p.status_str}
        </span>
      ),
    },
  ];
}

function PilihanTable({ idjadwal, pilihan }: { idjadwal: number; pilihan: PilihanPtn[] }) {
  if (pilihan.length === 0) return <EmptyState message={text.common.dataPilihanTidakDitemukan} />;
  return (
    <Table
      label={t.pilihan}
      items={pilihan}
      columns={pilihanColumns(idjadwal)}
      rowKey={(p) => p.num_option}
    />
  );
}

/** Per-subject scores. The total row sums Betul/Salah/Kosong; its Nilai is the package score (the mean of the
 * subject scores, the same number as "Skor kamu adalah"), not a sum of scores. */
function MapelTable({ mapel, skor }: { mapel: HasilMapel[]; skor: number }) {
  const sum = (pick: (m: HasilMapel) => number) => mapel.reduce((total, m) => total + pick(m), 0);
  return (
    <Table
      label={t.mataPelajaran}
      items={mapel}
      columns={mapelColumns(t.betul)}
      rowKey={(m) => m.mapel}
      footer={
        <tr className="fw-semibold">
          <td>{t.total}</td>
          <td data-label={t.betul}>{sum((m) => m.benar)}</td>
          <td data-label={t.salah}>{sum((m) => m.salah)}</td>
          <td data-label={t.kosong}>{sum((m) => m.kosong)}</td>
          <td data-label={t.nilai}>{formatNilai(skor)}</td>
        </tr>
      }
    />
  );
}

/** PTN status (/hasil/:id/ptn): the score, pass/fail, the university choices and the subject scores. */
export default function PtnPage() {
  const idjadwal = idParam(useParams().id) ?? 0;
  const dispatch = useAppDispatch();
  const { data, loading, missing, syncing } = useAppSelector(
    (state) => selectPtn(state, idjadwal),
    shallowEqual,
  );
  const terkunci = useAppSelector((state) => selectHasilTerkunci(state, idjadwal));

  useEffect(() => {
    if (idjadwal > 0) dispatch(ptnRequested(idjadwal));
  }, [dispatch, idjadwal]);

  if (idjadwal === 0) return <EmptyState />;
  if ((loading && !data) || syncing) return <Spinner />;
  // A running TO Akbar event: neither score nor choices, only when they open.
  if (!data && terkunci !== undefined)
    return (
      <>
        <h1 className="h4 mb-4">{t.tabPtn}</h1>
        <BelumDibuka title={text.common.hasilBelumDibuka} message={terkunci} />
      </>
    );

  return (
    <>
      <h1 className="h4 mb-4">
        {t.tabPtn}
        {data ? ` — ${t.paketNumber(data.paket)}` : ''}
      </h1>
      {data && (
        <section className="card shadow-sm mb-4 text-center" aria-label={t.skorKamu}>
          <div className="card-body">
            <p className="mb-1">{t.skorKamu}</p>
            <p className="display-5 fw-bold mb-2">{formatNilai(data.my_ptn.skor)}</p>
            <span
              className={`badge fs-6 text-wrap mw-100 ${data.my_ptn.hasil === 1 ? 'text-bg-success' : 'text-bg-danger'}`}
              data-testid="ptn-badge"
            >
              {data.my_ptn.hasil_str}
            </span>
          </div>
        </section>
      )}
      <DataCard id="ptn-pilihan" title={t.pilihan}>
        <PilihanTable idjadwal={idjadwal} pilihan={data?.list_pilihan ?? []} />
      </DataCard>
      <DataCard id="ptn-mapel" title={t.mataPelajaran}>
        {data && data.mapel.length > 0 ? (
          <MapelTable mapel={data.mapel} skor={data.my_ptn.skor} />
        ) : (
          <>
            <EmptyState message={text.common.dataDetailSkorMapelTidakDitemukan} />
            {missing && (
              <div className="text-center">
                <button
                  type="button"
                  className="btn btn-warning"
                  onClick={() => dispatch(ptnSyncRequested(idjadwal))}
                >
                  {t.sync}
                </button>
              </div>
            )}
          </>
        )}
      </DataCard>
      <Link to={`/hasil/${idjadwal}/review`} className="btn btn-success">
        {t.pembahasan}
      </Link>
    </>
  );
}
