import { Link } from '../../../components/Link';
import { useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { useRequestOnOpen } from '../../../lib/useRequestOnOpen';
import { rankingText } from '../text';
import { selectRankingList, selectRankingListStatus } from '../selectors';
import { rankingListRequested } from '../slice';

const t = rankingText;

/** Ranking list (/rangking): one "Paket #n" button per finished package. */
export default function RankingListPage() {
  useRequestOnOpen(rankingListRequested);
  const list = useAppSelector(selectRankingList);
  const status = useAppSelector(selectRankingListStatus);

  let body;
  if ((status === 'idle' || status === 'loading') && list.length === 0) body = <Spinner />;
  else if (list.length === 0) body = <EmptyState />;
  else
    body = (
      <div className="d-flex flex-wrap gap-2">
        {list.map((item) => (
          <Link
            key={item.codepaket}
            to={`/rangking/${item.codepaket}/${item.paket}`}
            className="btn btn-outline-primary"
          >
            {t.paketNumber(item.paket)}
          </Link>
        ))}
      </div>
    );

  return (
    <>
      <h1 className="h4 mb-1">{t.title}</h1>
      <p className="text-body-secondary mb-4">{t.pilihPaket}</p>
      <section className="card shadow-sm">
        <div className="card-body">{body}</div>
      </section>
    </>
  );
}
