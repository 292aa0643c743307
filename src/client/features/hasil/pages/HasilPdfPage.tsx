import { hasilText } from '../text';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { hasilPdfUrl } from '../../../api/hasil';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { BelumDibuka } from '../../../components/BelumDibuka';
import { text } from '../../../text';
import { idParam } from '../../../lib/routeParams';
import { selectHasilTerkunci } from '../selectors';
import { detailRequested } from '../slice';

const t = hasilText;

/** /hasil/:id/kategori/:id2/pdf: the result PDF, embedded, with a download link. The PDF is a plain link
 * (the session cookie authenticates it), so the browser's own viewer shows it. The category's result is asked for
 * too: while a TO Akbar event runs the server refuses both, and the page says when they open instead. */
export default function HasilPdfPage() {
  const params = useParams();
  const id = idParam(params.id);
  const hash = params.id2 ?? '';
  const dispatch = useAppDispatch();
  const terkunci = useAppSelector((state) => (id === null ? undefined : selectHasilTerkunci(state, id)));

  useEffect(() => {
    if (id !== null && hash !== '') dispatch(detailRequested({ id, hash }));
  }, [dispatch, id, hash]);

  if (id === null || hash === '') return <EmptyState message={t.detailTidakDitemukan} />;
  if (terkunci !== undefined) return <BelumDibuka title={text.common.hasilBelumDibuka} message={terkunci} />;
  const url = hasilPdfUrl(id, hash);
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">{t.pdfFrameTitle}</h1>
        <a className="btn btn-primary" href={url} download>
          {t.download}
        </a>
      </div>
      <iframe title={t.pdfFrameTitle} src={url} className="w-100 border rounded" style={{ height: '80vh' }} />
    </>
  );
}
