import type { JadwalItem } from '../../../../contract';
import { DataCard } from '../../../components/DataCard';
import { DataTable, type Column } from '../../../components/DataTable';
import type { ListStatus } from '../slice';

export type JadwalColumn = Column<JadwalItem>;

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
  return (
    <DataCard id={`jadwal-${title.toLowerCase().replace(/\s+/g, '-')}`} title={title}>
      <DataTable
        label={title}
        items={items}
        loading={status === 'idle' || status === 'loading'}
        columns={columns}
        rowKey={(item) => item.id}
      />
    </DataCard>
  );
}
