import { paketText } from '../text';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../components/Link';
import type { KategoriPreview } from '../../../../contract';
import { useAppDispatch, useAppSelector, type RootState } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { NotFound } from '../../../components/NotFound';
import { BelumDibuka } from '../../../components/BelumDibuka';
import { Spinner } from '../../../components/Spinner';
import { idParam } from '../../../lib/routeParams';
import { text } from '../../../text';
import { paketOfJadwal, selectTryoutPaket } from '../selectors';
import { previewRequested, startRequested } from '../slice';

const t = paketText;

/**
 * A category's button, the first rule that holds: done (Pembahasan, "Sudah Dikerjakan"), queued ("Belum Bisa
 * Dikerjakan"), has subjects ("Mulai Sekarang"), else its detail failed to load (a disabled button says so).
 */
function KategoriAction({ idJadwal, kategori }: { idJadwal: number; kategori: KategoriPreview }) {
  const dispatch = useAppDispatch();
  const starting = useAppSelector((state) => state.tryoutPaket.starting);
  if (kategori.is_selesai === 1) {
    return (
      <>
        {/* A running TO Akbar event: where its Pembahasan button will be, the time it opens. */}
        {kategori.pembahasan_terkunci !== undefined && <BelumDibuka message={kategori.pembahasan_terkunci} />}
        <div className="d-flex gap-2">
          {kategori.pembahasan !== '' && (
            <Link className="btn btn-primary" to={`/to/${idJadwal}/pembahasan/${kategori.kategoriHash}`}>
              {t.pembahasan}
            </Link>
          )}
          <button type="button" className="btn btn-secondary" disabled>
            {t.sudahDikerjakan}
          </button>
        </div>
      </>
    );
  }
  if (kategori.is_antrian === 1) {
    return (
      <button type="button" className="btn btn-secondary" disabled>
        {t.belumBisaDikerjakan}
      </button>
    );
  }
  if (kategori.detailSoal.length > 0) {
    return (
      <button
        type="button"
        className="btn btn-success"
        disabled={starting}
        onClick={() => dispatch(startRequested({ idJadwal, kategoriHash: kategori.kategoriHash }))}
      >
        {starting ? text.common.processing : t.mulaiSekarang}
      </button>
    );
  }
  return (
    <button type="button" className="btn btn-secondary" disabled>
      {t.gagalDetail}
    </button>
  );
}

/** The categories of a loaded package, one card each. */
function KategoriCards({ idJadwal, detailPaket }: { idJadwal: number; detailPaket: KategoriPreview[] }) {
  return (
    <div className="row g-3">
      {detailPaket.map((kategori) => (
        <div className="col-md-6" key={kategori.kategoriHash}>
          <article className="card h-100 shadow-sm" aria-label={kategori.kategori}>
            <div className="card-body">
              <h2 className="h5 card-title">{kategori.kategori}</h2>
              <p className="text-body-secondary mb-2">
                {t.jumlahSoal(kategori.jumlah_soal)} · {t.menit(kategori.waktu)}
              </p>
              <ul>
                {kategori.detailSoal.map((mapel) => (
                  <li key={mapel.id_mapel}>{t.mapelLine(mapel.mapel, mapel.jmlh_soal, mapel.waktu)}</li>
                ))}
              </ul>
            </div>
            <div className="card-footer bg-body">
              <KategoriAction idJadwal={idJadwal} kategori={kategori} />
            </div>
          </article>
        </div>
      ))}
    </div>
  );
}

/**
 * /to/{id}: the categories of a package with their subjects. An id that is not a number,
 * or a schedule the student is not enrolled in (or that does not exist), shows the 404 page; a package without
 * categories shows "Data Tidak Ditemukan".
 */
export default function DetailTryoutPage() {
  const idJadwal = idParam(useParams().id);
  const dispatch = useAppDispatch();
  const { detailPaket, previewStatus, idJadwal: loadedFor } = useAppSelector(selectTryoutPaket);
  const paket = useAppSelector((state: RootState) => (idJadwal ? paketOfJadwal(state, idJadwal) : null));

  useEffect(() => {
    if (idJadwal !== null) dispatch(previewRequested({ idJadwal }));
  }, [idJadwal, dispatch]);

  if (idJadwal === null) return <NotFound />;
  const ready = loadedFor === idJadwal && previewStatus !== 'loading' && previewStatus !== 'idle';
  if (ready && previewStatus === 'notEnrolled') return <NotFound />;

  let body;
  if (!ready) body = <Spinner />;
  else if (previewStatus !== 'loaded' || detailPaket.length === 0) body = <EmptyState />;
  else body = <KategoriCards idJadwal={idJadwal} detailPaket={detailPaket} />;
  return (
    <section className="container py-4">
      {paket !== null && <h1 className="h3 mb-4">{t.detailTitle(paket)}</h1>}
      {body}
    </section>
  );
}
