import type { ReactNode } from 'react';
import { Link } from '../../../components/Link';
import type { JADWAL_STATUS_FINISHED, JadwalItem } from '../../../../contract';
import { useAppSelector } from '../../../app/hooks';
import { useRequestOnOpen } from '../../../lib/useRequestOnOpen';
import { jadwalText } from '../text';
import { JadwalCard, type JadwalColumn } from '../components/JadwalCard';
import { jadwalRequested, selectJadwalList, selectJadwalStatus } from '../slice';

const FINISHED: typeof JADWAL_STATUS_FINISHED = '5';
const isFinished = (item: JadwalItem) => item.status === FINISHED;

const noColumn: JadwalColumn = { header: jadwalText.no, cell: (_item, index) => index + 1 };
const paketCell = (item: JadwalItem) => jadwalText.paketNumber(item.paket);

/** The action column: a finished schedule's "Pembahasan" opens its detail page, which shows the per-category
 * Pembahasan buttons; `unfinished` is the action of any other. */
const aksiColumn = (unfinished: (item: JadwalItem) => ReactNode): JadwalColumn => ({
  header: jadwalText.aksi,
  cell: (item) =>
    isFinished(item) ? (
      <Link to={`/to/${item.id}`} className="btn btn-sm btn-success">
        {jadwalText.pembahasan}
      </Link>
    ) : (
      unfinished(item)
    ),
});

const readyColumns: JadwalColumn[] = [
  noColumn,
  { header: jadwalText.paketTryout, cell: paketCell },
  { header: jadwalText.tanggalBerakhir, cell: (item) => item.tgl_akhir_str },
  aksiColumn((item) => (
    <Link to={`/to/${item.id}`} className="btn btn-sm btn-primary">
      {jadwalText.mulai}
    </Link>
  )),
];

const upcomingColumns: JadwalColumn[] = [
  noColumn,
  { header: jadwalText.paket, cell: paketCell },
  { header: jadwalText.tanggalMulai, cell: (item) => item.tgl_awal_str },
];

const pastColumns: JadwalColumn[] = [
  noColumn,
  { header: jadwalText.paket, cell: paketCell },
  { header: jadwalText.tanggalBerakhir, cell: (item) => item.tgl_akhir_str },
  aksiColumn(() => (
    <button type="button" className="btn btn-sm btn-secondary" disabled>
      {jadwalText.tidakDiselesaikan}
    </button>
  )),
];

/** Schedule list (/to): ready, upcoming and past tryouts. */
export default function JadwalPage() {
  // The saga loads only the lists not cached yet.
  useRequestOnOpen(jadwalRequested);
  const status = useAppSelector(selectJadwalStatus);
  const current = useAppSelector(selectJadwalList('current'));
  const future = useAppSelector(selectJadwalList('future'));
  const previous = useAppSelector(selectJadwalList('previous'));

  return (
    <>
      <h1 className="h4 mb-4">{jadwalText.title}</h1>
      <JadwalCard title={jadwalText.ready} items={current} status={status.current} columns={readyColumns} />
      <JadwalCard
        title={jadwalText.upcoming}
        items={future}
        status={status.future}
        columns={upcomingColumns}
      />
      <JadwalCard title={jadwalText.past} items={previous} status={status.previous} columns={pastColumns} />
    </>
  );
}
