import { useEffect, useRef } from 'react';
import type { RankingRow } from '../../../../contract';
import { EmptyState } from '../../../components/EmptyState';
import { formatNilai } from '../../../lib/format';
import { text } from '../../../text';

const t = text.ranking;

/** Rank, name and score; the student's own row (the server's `is_me`, decided by identity) is highlighted and
 * named for screen readers, and with `scrollToMe` brought into view (the "Posisi saya" jump). */
export function RankingTable(props: { rows: RankingRow[]; label: string; scrollToMe?: boolean }) {
  const { rows, label, scrollToMe = false } = props;
  const mine = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (scrollToMe) mine.current?.scrollIntoView?.({ block: 'center' });
  }, [scrollToMe, rows]);
  if (rows.length === 0) return <EmptyState />;
  return (
    <div className="table-responsive">
      <table className="table table-hover align-middle mb-0" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t.rank}</th>
            <th scope="col">{t.nama}</th>
            <th scope="col">{t.skor}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={index}
              ref={row.is_me ? mine : undefined}
              className={row.is_me ? 'table-primary fw-semibold' : undefined}
              aria-current={row.is_me ? 'true' : undefined}
              data-me={row.is_me ? 'true' : undefined}
            >
              <td>{row.peringkat}</td>
              <td>
                {row.nama}
                {row.is_me && <span className="visually-hidden"> ({t.kamu})</span>}
              </td>
              <td>{formatNilai(row.skor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
