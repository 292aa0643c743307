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
import { choiceParam, halamanParam } from '../params';
import { selectRankingJurusan, selectRankingTerkunci } from '../selectors';
import { rankingJurusanRequested } from '../slice';

const t = rankingText;

/** Choice ranking (/rangking/:id/pilihan/:id2; id2 = base64 of the choice number): the choice, its
 * minimum score and everyone who chose it, one page (`?halaman=N`) at a time from the top. */
export default function RankingPilihanPage() {
  const params = useParams();
  const idjadwal = idParam(params.id) ?? 0;
  const numoption = choiceParam(params.id2) ?? 0;
  const [search] = useSearchParams();
  const jump = useLocation().state as JumpState | null;
  const halaman = halamanParam(search.get('halaman'));
  const dispatch = useAppDispatch();
  const { data, loading } = useAppSelector(
    (state) => selectRankingJurusan(state, idjadwal, numoption),
    shallowEqual,
  );

  const terkunci = useAppSelector((state) => selectRankingTerkunci(state, idjadwal));

  useEffect(() => {
    if (idjadwal > 0 && numoption > 0) dispatch(rankingJurusanRequested({ idjadwal, numoption, halaman }));
  }, [dispatch, idjadwal, numoption, halaman]);

  if (idjadwal === 0 || numoption === 0)
    return <EmptyState message={text.common.dataPilihanTidakDitemukan} />;
  if (loading && !data) return <Spinner />;
  if (!data && terkunci !== undefined)
    return <BelumDibuka title={text.common.hasilBelumDibuka} message={terkunci} />;
  if (!data) return <EmptyState message={text.common.dataPilihanTidakDitemukan} />;

  const { option_student: pilihan } = data;
  return (
    <>
      <h1 className="h4 mb-1">
        {t.pilihanKe(pilihan.num_option)} · {t.paketNumber(data.data_tryout.paket)}
      </h1>
      <p className="text-body-secondary mb-4">
        {pilihan.universitas} — {pilihan.jurusan} ({pilihan.jenjang})
      </p>
      <section className="card shadow-sm mb-4">
        <div className="card-body d-flex flex-wrap gap-4">
          <div>
            <div className="small text-body-secondary">{t.nilaiMinimum}</div>
            <div className="fs-4 fw-bold">{formatNilai(pilihan.grade)}</div>
          </div>
          {data.my_rangking && (
            <div>
              <div className="small text-body-secondary">{t.rankSaya}</div>
              <div className="fs-4 fw-bold">
                {data.my_rangking.peringkat} ({formatNilai(data.my_rangking.skor)})
              </div>
            </div>
          )}
        </div>
      </section>
      <section className="card shadow-sm" aria-labelledby="peringkat-pilihan" aria-busy={loading}>
        <div className="card-header bg-body">
          <h2 id="peringkat-pilihan" className="h6 mb-0">
            {t.peringkatPilihan}
          </h2>
        </div>
        <div className="card-body">
          <RankingPager
            halaman={data.halaman}
            jumlahPeserta={data.jumlah_peserta ?? data.list_rangking.length}
            posisiSaya={data.posisi_saya ?? null}
          />
          <RankingTable
            rows={data.list_rangking}
            label={t.peringkatPilihan}
            scrollToMe={jump?.saya === true}
          />
        </div>
      </section>
    </>
  );
}
