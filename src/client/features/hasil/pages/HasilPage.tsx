import { hasilText } from '../text';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { shallowEqual, useDispatch } from 'react-redux';
import { useAppSelector } from '../../../app/hooks';
import { DataCard } from '../../../components/DataCard';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { selectCanSeePermateri, selectIsEventStudent } from '../../../lib/student';
import { useRequestOnOpen } from '../../../lib/useRequestOnOpen';
import { HasilMateriTable, HasilPaketTable, HasilPtnTable } from '../components/HasilTables';
import { NilaiChartSlot } from '../components/NilaiChartSlot';
import {
  selectChartSeries,
  selectHasilDihitung,
  selectHasilListStatus,
  selectHasilMateri,
  selectHasilPaket,
  selectSkorPaket,
} from '../selectors';
import { hasilDitinggalkan, hasilRequested } from '../slice';

const t = hasilText;
type Tab = 'paket' | 'materi' | 'ptn';
const tabs: { id: Tab; label: string }[] = [
  { id: 'paket', label: t.tabPaket },
  { id: 'materi', label: t.tabMateri },
  { id: 'ptn', label: t.tabPtn },
];

/** Results (/hasil): package results with the score chart, per-topic results and PTN status. */
export default function HasilPage() {
  useRequestOnOpen(hasilRequested);
  const dispatch = useDispatch();
  // Leaving stops the lists being asked for again while a close runs (saga tungguPenutupan).
  useEffect(() => () => void dispatch(hasilDitinggalkan()), [dispatch]);
  const dihitung = useAppSelector(selectHasilDihitung);
  const [tab, setTab] = useState<Tab>('paket');
  const status = useAppSelector(selectHasilListStatus, shallowEqual);
  const paket = useAppSelector(selectHasilPaket);
  const materi = useAppSelector(selectHasilMateri);
  const skor = useAppSelector(selectSkorPaket);
  const series = useAppSelector(selectChartSeries);
  const canTakePermateri = useAppSelector(selectCanSeePermateri);
  const isEvent = useAppSelector(selectIsEventStudent);

  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    setTab(tabs[next[event.key]].id);
    tabRefs.current[next[event.key]]?.focus();
  };

  const loading = (name: keyof typeof status) => status[name] === 'idle' || status[name] === 'loading';
  let chart;
  if (loading('skor') && series.length === 0) chart = <Spinner />;
  else if (series.length === 0) chart = <EmptyState />;
  else chart = <NilaiChartSlot series={series} />;

  const panels: Record<Tab, ReactNode> = {
    paket: (
      <>
        <DataCard id="hasil-paket" title={t.tabPaket}>
          <HasilPaketTable items={paket} status={status.paket} />
        </DataCard>
        {/* The chart's card once the table above it is drawn: it then never moves down as the table comes in (a
            layout shift), and it stands where the student will see it (below the table, on a phone) rather than
            loading for being on screen above a table still loading. */}
        {!loading('paket') && (
          <DataCard id="grafik-nilai" title={t.chartTitle}>
            {chart}
          </DataCard>
        )}
      </>
    ),
    materi: (
      <DataCard id="hasil-materi" title={t.tabMateri}>
        {/* Results kept from when per-topic tryouts were open to him are still listed. */}
        {canTakePermateri || materi.length > 0 ? (
          <HasilMateriTable items={materi} status={status.materi} />
        ) : (
          <p className="mb-0">{isEvent ? t.materiEvent : t.materiProgram}</p>
        )}
      </DataCard>
    ),
    ptn: (
      <DataCard id="hasil-ptn" title={t.tabPtn}>
        <HasilPtnTable items={skor} status={status.skor} />
      </DataCard>
    ),
  };

  return (
    <>
      <h1 className="h4 mb-4">{t.title}</h1>
      {dihitung && (
        <p className="alert alert-info" role="status">
          {t.progresDihitung(dihitung.dinilai, dihitung.jumlah)}
        </p>
      )}
      {/* On a phone the tabs wrap so that each is on screen for a tap; the arrow keys, Home and End move between
          tabs (WAI-ARIA tabs pattern), and only the selected tab is in the Tab order. */}
      <ul className="nav nav-tabs nav-tabs-wrap mb-3" role="tablist" aria-label={t.title}>
        {tabs.map(({ id, label }, index) => (
          <li className="nav-item" role="presentation" key={id}>
            <button
              type="button"
              role="tab"
              id={`tab-${id}`}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              aria-controls={`panel-${id}`}
              aria-selected={tab === id}
              tabIndex={tab === id ? 0 : -1}
              className={`nav-link${tab === id ? ' active' : ''}`}
              onClick={() => setTab(id)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
      {/* Only the selected tab's panel is drawn; `key` gives each tab its own panel element. */}
      <div role="tabpanel" key={tab} id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} tabIndex={0}>
        {panels[tab]}
      </div>
    </>
  );
}
