import { useEffect } from 'react';
import { shallowEqual } from 'react-redux';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { BelumDibuka } from '../../../components/BelumDibuka';
import { Spinner } from '../../../components/Spinner';
import { formatNilai } from '../../../lib/format';
import { text } from '../../../text';
import { rankingText } from '../text';
import { RankingPager, type JumpState } from '../components/RankingPager';
import { RankingTable } from '../components/RankingTable';
import { idParam } from '../../../lib/routeParams';
import { halamanParam } from '../params';
import { selectRankingPaket, selectRankingTerkunci } from '../selectors';
import { rankingPaketRequested } from '../slice';

const t = rankingText;

/** Package ranking (/rangking/:id/:id2; id = codepaket, id2 = package number): "Rank Saya", the score,
 * "dari N Peserta" and the ranking, one page (`?halaman=N`) at a time. */
export default function RankingPaketPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const jump = useLocation().state as JumpState | null;
  const codepaket = idParam(params.id) ?? 0;
  const halaman = halamanParam(search.get('halaman'));
  const paket = params.id2 ?? '';
  const dispatch = useAppDispatch();
  const { data, loading } = useAppSelector((state) => selectRankingPaket(state, codepaket), shallowEqual);

  const terkunci = useAppSelector((state) => selectRankingTerkunci(state, codepaket));

  useEffect(() => {
    if (codepaket > 0) dispatch(rankingPaketRequested({ codepaket, halaman }));
  }, [dispatch, codepaket, halaman]);

  if (codepaket > 0 && loading && !data) return <Spinner />;
  if (!data && terkunci !== undefined)
    return <BelumDibuka title={text.common.hasilBelumDibuka} message={terkunci} />;
  if (!data) return <EmptyState />;

  const title = t.rankingPaket(paket);
  return (
    <>
      <h1 className="h4 mb-4">{title}</h1>
      <section className="card shadow-sm mb-4 text-center" aria-label={t.rankSaya}>
        <div className="card-body">
          <p className="mb-1">{t.rankSaya}</p>
          <p className="display-5 fw-bold mb-1" data-testid="rank-saya">
            {data.my_rangking ? data.my_rangking.peringkat : '-'}
          </p>
          <p className="mb-0">
            {t.skor} <strong>{data.my_rangking ? formatNilai(data.my_rangking.skor) : '-'}</strong> ·{' '}
            {t.dariPeserta(data.jumlah_peserta)}
          </p>
        </div>
      </section>
      <section className="card shadow-sm" aria-busy={loading}>
        <div className="card-body">
          <RankingPager
            halaman={data.halaman}
            jumlahPeserta={data.jumlah_peserta}
            posisiSaya={data.posisi_saya ?? null}
          />
          <RankingTable rows={data.list_rangking} label={title} scrollToMe={jump?.saya === true} />
        </div>
      </section>
    </>
  );
}
