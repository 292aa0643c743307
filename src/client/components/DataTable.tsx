import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { Spinner } from './Spinner';

export interface Column<T> {
  header: string;
  cell: (item: T, index: number) => ReactNode;
}

/** A list as a table, one column per `columns` entry: a spinner while `loading`, "Data Tidak Ditemukan" when
 * empty. On a phone each row becomes a card of "header: value" lines (`table-stack`), so every
 * column stays on screen without a sideways scroll. */
export function DataTable<T>({
  label,
  items,
  loading,
  columns,
  rowKey,
}: {
  /** The table's accessible name. */
  label: string;
  items: T[];
  loading: boolean;
  columns: Column<T>[];
  rowKey: (item: T, index: number) => string | number;
}) {
  if (loading) return <Spinner />;
  if (items.length === 0) return <EmptyState />;
  return (
    <div className="table-responsive">
      <table className="table table-hover align-middle mb-0 table-stack" aria-label={label}>
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
            <tr key={rowKey(item, index)}>
              {columns.map((column) => (
                <td key={column.header} data-label={column.header}>
                  {column.cell(item, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
