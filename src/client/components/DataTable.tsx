import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { EmptyState } from './EmptyState';
import { Spinner } from './Spinner';

export interface Column<T> {
  header: string;
  cell: (item: T, index: number) => ReactNode;
  /** Classes of the column's cells, the same for each row or decided by the row. */
  className?: string | ((item: T) => string);
}

/** What a row may carry besides its cells: the student's own ranking row is marked, named and scrolled to. */
type RowProps = HTMLAttributes<HTMLTableRowElement> & { ref?: Ref<HTMLTableRowElement>; 'data-me'?: string };

/** The table style of most lists: on a phone each row becomes a card of "header: value" lines (`table-stack`, read
 * from each cell's `data-label`), so every column stays on screen without a sideways scroll. */
export const STACKED_TABLE = 'table align-middle mb-0 table-stack';

/** Rows as a table, one column per `columns` entry, each cell labelled with its column's header, inside a box that
 * scrolls sideways when it must (`table-responsive`). `footer` is the rows of a `tfoot` (a total, an average). */
export function Table<T>({
  label,
  items,
  columns,
  rowKey,
  rowProps,
  footer,
  className = STACKED_TABLE,
  boxClassName = 'table-responsive',
}: {
  /** The table's accessible name. */
  label: string;
  items: T[];
  columns: Column<T>[];
  rowKey: (item: T, index: number) => string | number;
  rowProps?: (item: T) => RowProps;
  footer?: ReactNode;
  className?: string;
  boxClassName?: string;
}) {
  return (
    <div className={boxClassName}>
      <table className={className} aria-label={label}>
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
            <tr key={rowKey(item, index)} {...rowProps?.(item)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={
                    typeof column.className === 'function' ? column.className(item) : column.className
                  }
                >
                  {column.cell(item, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}

/** A loaded list as a table with hover (by default stacked on a phone): a spinner while `loading`, "Data Tidak
 * Ditemukan" when empty. */
export function DataTable<T>({
  loading = false,
  className = 'table table-hover align-middle mb-0 table-stack',
  ...table
}: {
  label: string;
  items: T[];
  loading?: boolean;
  columns: Column<T>[];
  rowKey: (item: T, index: number) => string | number;
  rowProps?: (item: T) => RowProps;
  className?: string;
}) {
  if (loading) return <Spinner />;
  if (table.items.length === 0) return <EmptyState />;
  return <Table {...table} className={className} />;
}
