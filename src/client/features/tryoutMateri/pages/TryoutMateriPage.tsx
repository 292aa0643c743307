import type { ReactNode } from 'react';
import { Link } from '../../../components/Link';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { RowList } from '../../../components/ListRow';
import { Spinner } from '../../../components/Spinner';
import { useRequestOnOpen } from '../../../lib/useRequestOnOpen';
import { text } from '../../../text';
import { kategoriChosen, mapelChosen, materiPageOpened, startRequested, tabBack } from '../slice';
import { selectTryoutMateri } from '../selectors';

const t = text.tryoutMateri;

/** One level of the picker: its heading (with "Kembali" below the first level), its list, and "Data Tidak
 * Ditemukan" when it is loaded and empty. */
function Level({
  title,
  onBack,
  empty,
  children,
}: {
  title: string;
  onBack?: () => void;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {onBack ? (
        <div className="d-flex justify-content-between align-items-center mb-2">
          <h2 className="h5 mb-0">{title}</h2>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onBack}>
            {t.kembali}
          </button>
        </div>
      ) : (
        <h2 className="h5">{title}</h2>
      )}
      {children}
      {empty && <EmptyState />}
    </>
  );
}

/** The categories or a category's subjects: one button a choice. */
function ChoiceList<T>({
  items,
  choice,
  onChoose,
}: {
  items: T[];
  choice: (item: T) => { key: number; label: string };
  onChoose: (item: T) => void;
}) {
  return (
    <div className="list-group">
      {items.map((item) => {
        const { key, label } = choice(item);
        return (
          <button
            key={key}
            type="button"
            className="list-group-item list-group-item-action"
            onClick={() => onChoose(item)}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}

/** /to-permateri: categories → subjects → topics, by openTab. */
export default function TryoutMateriPage() {
  const dispatch = useAppDispatch();
  useRequestOnOpen(materiPageOpened);
  const state = useAppSelector(selectTryoutMateri);
  const { openTab, listStatus, currentKategori, currentMapel } = state;

  const loading = listStatus === 'loading' || listStatus === 'idle';

  // The level shown: its title, whether "Kembali" leads up, its items, and how they are drawn.
  let level: { title: string; up: boolean; count: number; list: ReactNode };
  if (openTab === 1 || !currentKategori) {
    const list = (
      <ChoiceList
        items={state.listKategori}
        choice={(kategori) => ({ key: kategori.id, label: kategori.name })}
        onChoose={(kategori) => dispatch(kategoriChosen(kategori))}
      />
    );
    level = { title: t.listKategori, up: false, count: state.listKategori.length, list };
  } else if (openTab === 2 || !currentMapel) {
    const list = (
      <ChoiceList
        items={state.listMapel}
        choice={(mapel) => ({ key: mapel.id_mapel, label: mapel.mapel })}
        onChoose={(mapel) => dispatch(mapelChosen(mapel))}
      />
    );
    level = { title: t.listMapel(currentKategori.name), up: true, count: state.listMapel.length, list };
  } else {
    const list = (
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
    );
    level = { title: t.listMateri(currentMapel.mapel), up: true, count: state.listMateri.length, list };
  }

  return (
    <section className="container py-4">
      <h1 className="h3 mb-4">{t.title}</h1>
      <Level
        title={level.title}
        onBack={level.up ? () => dispatch(tabBack()) : undefined}
        empty={!loading && level.count === 0}
      >
        {level.list}
      </Level>
      {loading && <Spinner />}
    </section>
  );
}
