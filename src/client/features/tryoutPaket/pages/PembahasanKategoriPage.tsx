import { paketText } from '../text';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { NotFound } from '../../../components/NotFound';
import { BelumDibuka } from '../../../components/BelumDibuka';
import { Spinner } from '../../../components/Spinner';
import { idParam } from '../../../lib/routeParams';
import { text } from '../../../text';
import { findKategori, selectTryoutPaket } from '../selectors';
import { previewRequested } from '../slice';

/** /to/{id}/pembahasan/{hash}: the category's discussion PDF, embedded. */
export default function PembahasanKategoriPage() {
  const params = useParams();
  const idJadwal = idParam(params.id);
  const kategoriHash = params.hash ?? '';
  const dispatch = useAppDispatch();
  const { detailPaket, previewStatus, idJadwal: loadedFor } = useAppSelector(selectTryoutPaket);
  const kategori = loadedFor === idJadwal ? findKategori(detailPaket, kategoriHash) : undefined;

  useEffect(() => {
    // Opened by a link or a reload: the link comes with the package detail.
    if (!kategori && idJadwal !== null) dispatch(previewRequested({ idJadwal }));
  }, [kategori, idJadwal, dispatch]);

  if (idJadwal === null) return <NotFound />;
  if (!kategori) {
    return previewStatus === 'loading' || previewStatus === 'idle' ? (
      <Spinner />
    ) : (
      <EmptyState message={text.common.dataPembahasanTidakDitemukan} />
    );
  }
  if (kategori.pembahasan_terkunci !== undefined)
    return <BelumDibuka message={kategori.pembahasan_terkunci} />;
  if (kategori.pembahasan === '') return <EmptyState message={text.common.dataPembahasanTidakDitemukan} />;
  return (
    <section className="container-fluid py-3">
      <h1 className="h4 mb-3">{paketText.pembahasanFrame(kategori.kategori)}</h1>
      <iframe
        title={paketText.pembahasanFrame(kategori.kategori)}
        src={kategori.pembahasan}
        className="w-100 border rounded"
        style={{ height: '80vh' }}
      />
    </section>
  );
}
