import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { RowList } from '../../../components/ListRow';
import { Spinner } from '../../../components/Spinner';
import { useRequestOnOpen } from '../../../lib/useRequestOnOpen';
import { text } from '../../../text';
import { kategoriChosen, mapelChosen, materiPageOpened, startRequested, tabBack } from '../slice';
import { selectTryoutMateri } from '../selectors';

const t = text.tryoutMateri;

/** /to-permateri: categories → subjects → topics, by openTab. */
export default function TryoutMateriPage() {
  const dispatch = useAppDispatch();
  useRequestOnOpen(materiPageOpened);
  const state = useAppSelector(selectTryoutMateri);
  const { openTab, listStatus, currentKategori, currentMapel } = state;

  const loading = listStatus === 'loading' || listStatus === 'idle';
  const back = (
    <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => dispatch(tabBack())}>
      {t.kembali}
    </button>
  );

  let body;
  if (openTab === 1 || !currentKategori) {
    body = (
      <>
        <h2 className="h5">{t.listKategori}</h2>
        <div className="list-group">
          {state.listKategori.map((kategori) => (
            <button
              key={kategori.id}
              type="button"
              className="list-group-item list-group-item-action"
              onClick={() => dispatch(kategoriChosen(kategori))}
            >
              {kategori.name}
            </button>
          ))}
        </div>
        {!loading && state.listKategori.length === 0 && <EmptyState />}
      </>
    );
  } else if (openTab === 2 || !currentMapel) {
    body = (
      <>
        <div className="d-flex justify-content-between align-items-center mb-2">
          <h2 className="h5 mb-0">{t.listMapel(currentKategori.name)}</h2>
          {back}
        </div>
        <div className="list-group">
          {state.listMapel.map((mapel) => (
            <button
              key={mapel.id_mapel}
              type="button"
              className="list-group-item list-group-item-action"
              onClick={() => dispatch(mapelChosen(mapel))}
            >
              {mapel.mapel}
            </button>
          ))}
        </div>
        {!loading && state.listMapel.length === 0 && <EmptyState />}
      </>
    );
  } else {
    body = (
      <>
        <div className="d-flex justify-content-between align-items-center mb-2">
          <h2 className="h5 mb-0">{t.listMateri(currentMapel.mapel)}</h2>
          {back}
        </div>
        <RowList
          items={state.listMateri}
          row={(materi) => ({
            key: materi.id,
            title: materi.materi,
            details: [t.menit(materi.menit), t.dikerjakan(materi.soal_dikerjakan, materi.jumlah_soal)],
            actions: (
              <div className="d-flex gap-2">
                {materi.status !== 1 && (
                  <button
                    type="button"
                    className="btn btn-success btn-sm"
                    onClick={() => dispatch(startRequested(materi))}
                  >
                    {t.mulai}
                  </button>
                )}
                {materi.status === 1 && (
                  <Link className="btn btn-outline-primary btn-sm" to={`/pembahasan/${materi.id}`}>
                    {t.pembahasan}
                  </Link>
                )}
              </div>
            ),
          })}
        />
        {!loading && state.listMateri.length === 0 && <EmptyState />}
      </>
    );
  }

  return (
    <section className="container py-4">
      <h1 className="h3 mb-4">{t.title}</h1>
      {body}
      {loading && <Spinner />}
    </section>
  );
}
