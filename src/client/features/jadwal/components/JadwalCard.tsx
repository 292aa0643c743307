import type { ReactNode } from 'react';
import type { JadwalItem } from '../../../../contract';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import type { ListStatus } from '../slice';

export interface JadwalColumn {
  header: string;
  cell: (item: JadwalItem, index: number) => ReactNode;
}

/** One schedule table with its title, spinner while loading and "Data Tidak Ditemukan" when empty. */
export function JadwalCard({
  title,
  items,
  status,
  columns,
}: {
  title: string;
  items: JadwalItem[];
  status: ListStatus;
  columns: JadwalColumn[];
}) {
  const headingId = `jadwal-${title.toLowerCase().replace(/\s+/g, '-')}`;
  let body: ReactNode;
  if (status === 'idle' || status === 'loading') body = <Spinner />;
  else if (items.length === 0) body = <EmptyState />;
  else
    body = (
      <div className="table-responsive">
        <table className="table table-hover align-middle mb-0" aria-labelledby={headingId}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={item.id}>
                {columns.map((column) => (
                  <td key={column.header}>{column.cell(item, index)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <section className="card shadow-sm mb-4" aria-labelledby={headingId}>
      <div className="card-header bg-body">
        <h2 id={headingId} className="h6 mb-0">
          {title}
        </h2>
      </div>
      <div className="card-body">{body}</div>
    </section>
  );
}
