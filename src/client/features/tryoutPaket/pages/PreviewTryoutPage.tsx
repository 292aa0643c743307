import { paketText } from '../text';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { MapelDetail } from '../../../../contract';
import { soalPdfUrl } from '../../../api/tryoutPaket';
import { RowList } from '../../../components/ListRow';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { NotFound } from '../../../components/NotFound';
import { Spinner } from '../../../components/Spinner';
import { idParam } from '../../../lib/routeParams';
import { selectIsRegularStudent } from '../../../lib/student';
import { usePaketLeaveGuard } from '../hooks';
import { findKategori, selectTryoutPaket } from '../selectors';
import { endRequested, kerjakanRequested, previewRequested } from '../slice';

const t = paketText;

function MapelAction({
  idJadwal,
  kategoriHash,
  mapel,
}: {
  idJadwal: number;
  kategoriHash: string;
  mapel: MapelDetail;
}) {
  const dispatch = useAppDispatch();
  const regular = useAppSelector(selectIsRegularStudent);
  if (mapel.status === '0' && mapel.antrian === 0) {
    return (
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        <button
          type="button"
          className="btn btn-success btn-sm"
          onClick={() => dispatch(kerjakanRequested({ idJadwal, kategoriHash, idMapel: mapel.id_mapel }))}
        >
          {t.kerjakan}
        </button>
        {regular && (
          <a
            className="btn btn-outline-primary btn-sm"
            href={soalPdfUrl(idJadwal, kategoriHash, mapel.id_mapel)}
            target="_blank"
            rel="noreferrer"
          >
            {t.pdfSoal}
          </a>
        )}
      </div>
    );
  }
  if (mapel.status === '0') {
    return (
      <button type="button" className="btn btn-secondary btn-sm" disabled>
        {mapel.antrian_str}
      </button>
    );
  }
  return (
    <button type="button" className="btn btn-outline-secondary btn-sm" disabled>
      {t.selesai}
    </button>
  );
}

/** /to/{id}/preview/{hash}: the subjects of the running category. */
export default function PreviewTryoutPage() {
  const params = useParams();
  const idJadwal = idParam(params.id);
  const kategoriHash = params.hash ?? '';
  const dispatch = useAppDispatch();
  usePaketLeaveGuard();
  const { detailPaket, previewStatus, idJadwal: loadedFor } = useAppSelector(selectTryoutPaket);
  const kategori = loadedFor === idJadwal ? findKategori(detailPaket, kategoriHash) : undefined;

  useEffect(() => {
    // The statuses move while the student works (a subject closed by time): always show the server's.
    if (idJadwal !== null) dispatch(previewRequested({ idJadwal }));
  }, [idJadwal, dispatch]);

  if (idJadwal === null) return <NotFound />;
  // An ended category is never offered again (Back after "Akhiri Tryout" lands here): its detail page shows it
  // as "Sudah Dikerjakan".
  if (kategori?.is_selesai === 1) return <Navigate to={`/to/${idJadwal}`} replace />;
  if (!kategori) {
    // Only a category of the package detail has a preview; wait for the detail to load before deciding.
    if (previewStatus === 'loading' || previewStatus === 'idle') return <Spinner />;
    return <Navigate to={`/to/${idJadwal}`} replace />;
  }
  return (
    <section className="container py-4">
      <h1 className="h3 mb-3">{t.previewTitle(kategori.kategori)}</h1>
      <dl className="row mb-3">
        <dt className="col-sm-3">{t.totalSoal}</dt>
        <dd className="col-sm-9">{t.jumlahSoal(kategori.jumlah_soal)}</dd>
        <dt className="col-sm-3">{t.totalWaktu}</dt>
        <dd className="col-sm-9">{t.menit(kategori.waktu)}</dd>
      </dl>
      <RowList
        className="list-group mb-4"
        items={kategori.detailSoal}
        row={(mapel) => ({
          key: mapel.id_mapel,
          title: mapel.mapel,
          details: [t.jumlahSoal(mapel.jmlh_soal), t.menit(mapel.waktu)],
          actions: <MapelAction idJadwal={idJadwal} kategoriHash={kategoriHash} mapel={mapel} />,
        })}
      />
      <button
        type="button"
        className="btn btn-danger"
        onClick={() => dispatch(endRequested({ idJadwal, kategoriHash }))}
      >
        {t.akhiriTryout}
      </button>
    </section>
  );
}
