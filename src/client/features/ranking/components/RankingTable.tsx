import type { RankingRow } from '../../../../contract';
import { EmptyState } from '../../../components/EmptyState';
import { formatNilai } from '../../../lib/format';
import { text } from '../../../text';

const t = text.ranking;

/** Rank, name and score; the student's own row is highlighted when `mine` gives its rank and score. */
export function RankingTable({
  rows,
  label,
  mine,
}: {
  rows: RankingRow[];
  label: string;
  mine?: { peringkat: number; skor: number } | null;
}) {
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
          {rows.map((row, index) => {
            const isMine = mine != null && row.peringkat === mine.peringkat && row.skor === mine.skor;
            return (
              <tr key={index} className={isMine ? 'table-primary' : undefined}>
                <td>{row.peringkat}</td>
                <td>{row.nama}</td>
                <td>{formatNilai(row.skor)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
