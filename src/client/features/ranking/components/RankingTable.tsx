import { useEffect, useRef } from 'react';
import type { RankingRow } from '../../../../contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatNilai } from '../../../lib/format';
import { rankingText } from '../text';

const t = rankingText;

const columns: Column<RankingRow>[] = [
  { header: t.rank, cell: (row) => row.peringkat },
  {
    header: t.nama,
    cell: (row) => (
      <>
        {row.nama}
        {row.is_me && <span className="visually-hidden"> ({t.kamu})</span>}
      </>
    ),
  },
  { header: t.skor, cell: (row) => formatNilai(row.skor) },
];

/** Rank, name and score; the student's own row (the server's `is_me`, decided by identity) is highlighted and
 * named for screen readers, and with `scrollToMe` brought into view (the "Posisi saya" jump). */
export function RankingTable(props: { rows: RankingRow[]; label: string; scrollToMe?: boolean }) {
  const { rows, label, scrollToMe = false } = props;
  const mine = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (scrollToMe) mine.current?.scrollIntoView?.({ block: 'center' });
  }, [scrollToMe, rows]);
  return (
    <DataTable
      label={label}
      items={rows}
      columns={columns}
      rowKey={(_row, index) => index}
      rowProps={(row) =>
        row.is_me
          ? { ref: mine, className: 'table-primary fw-semibold', 'aria-current': 'true', 'data-me': 'true' }
          : {}
      }
      className="table table-hover align-middle mb-0"
    />
  );
}
