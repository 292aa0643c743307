import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { JADWAL_STATUS_FINISHED, JadwalItem } from '../../../../contract';
import { useAppSelector } from '../../../app/hooks';
import { useRequestOnOpen } from '../../../lib/useRequestOnOpen';
import { text } from '../../../text';
import { JadwalCard, type JadwalColumn } from '../components/JadwalCard';
import { jadwalRequested, selectJadwalList, selectJadwalStatus } from '../slice';

const FINISHED: typeof JADWAL_STATUS_FINISHED = '5';
const isFinished = (item: JadwalItem) => item.status === FINISHED;

const noColumn: JadwalColumn = { header: text.jadwal.no, cell: (_item, index) => index + 1 };
const paketCell = (item: JadwalItem) => text.jadwal.paketNumber(item.paket);

/** The action column: a finished schedule's "Pembahasan" opens its detail page, which shows the per-category
 * Pembahasan buttons; `unfinished` is the action of any other. */
const aksiColumn = (unfinished: (item: JadwalItem) => ReactNode): JadwalColumn => ({
  header: text.jadwal.aksi,
  cell: (item) =>
    isFinished(item) ? (
      <Link to={`/to/${item.id}`} className="btn btn-sm btn-success">
        {text.jadwal.pembahasan}
      </Link>
    ) : (
      unfinished(item)
    ),
});

const readyColumns: JadwalColumn[] = [
  noColumn,
  { header: text.jadwal.paketTryout, cell: paketCell },
  { header: text.jadwal.tanggalBerakhir, cell: (item) => item.tgl_akhir_str },
  aksiColumn((item) => (
    <Link to={`/to/${item.id}`} className="btn btn-sm btn-primary">
      {text.jadwal.mulai}
    </Link>
  )),
];

const upcomingColumns: JadwalColumn[] = [
  noColumn,
  { header: text.jadwal.paket, cell: paketCell },
  { header: text.jadwal.tanggalMulai, cell: (item) => item.tgl_awal_str },
];

const pastColumns: JadwalColumn[] = [
  noColumn,
  { header: text.jadwal.paket, cell: paketCell },
  { header: text.jadwal.tanggalBerakhir, cell: (item) => item.tgl_akhir_str },
  aksiColumn(() => (
    <button type="button" className="btn btn-sm btn-secondary" disabled>
      {text.jadwal.tidakDiselesaikan}
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
      <h1 className="h4 mb-4">{text.jadwal.title}</h1>
      <JadwalCard title={text.jadwal.ready} items={current} status={status.current} columns={readyColumns} />
      <JadwalCard
        title={text.jadwal.upcoming}
        items={future}
        status={status.future}
        columns={upcomingColumns}
      />
      <JadwalCard title={text.jadwal.past} items={previous} status={status.previous} columns={pastColumns} />
    </>
  );
}
