import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { HasilListItem, HasilMateriItem, SkorPaketItem } from '../../../../contract';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { text } from '../../../text';
import { formatNilai } from '../../../lib/format';
import type { LoadStatus } from '../slice';

const t = text.hasil;

interface Column<T> {
  header: string;
  cell: (item: T, index: number) => ReactNode;
}

function Table<T>({
  label,
  items,
  status,
  columns,
  rowKey,
}: {
  label: string;
  items: T[];
  status: LoadStatus;
  columns: Column<T>[];
  rowKey: (item: T, index: number) => string;
}) {
  if ((status === 'idle' || status === 'loading') && items.length === 0) return <Spinner />;
  if (items.length === 0) return <EmptyState />;
  return (
    <div className="table-responsive">
      <table className="table table-hover align-middle mb-0" aria-label={label}>
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
                <td key={column.header}>{column.cell(item, index)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const paketColumns: Column<HasilListItem>[] = [
  { header: t.no, cell: (_item, index) => index + 1 },
  { header: t.paket, cell: (item) => t.paketNumber(item.paket) },
  {
    header: t.kategori,
    cell: (item) => <Link to={`/hasil/${item.idjadwal}/kategori/${item.kategoriHash}`}>{item.kategori}</Link>,
  },
  { header: t.tanggal, cell: (item) => item.date },
  { header: t.persentaseNilai, cell: (item) => `${formatNilai(item.persentase)}%` },
  { header: t.nilai, cell: (item) => formatNilai(item.nilai) },
  { header: t.rataRata, cell: (item) => formatNilai(item.rata_rata) },
  {
    header: t.pdf,
    cell: (item) => (
      <Link
        to={`/hasil/${item.idjadwal}/kategori/${item.kategoriHash}/pdf`}
        className="btn btn-sm btn-outline-danger"
        aria-label={`${t.unduhPdf} ${t.paketNumber(item.paket)} ${item.kategori}`}
      >
        {t.pdf}
      </Link>
    ),
  },
];

export function HasilPaketTable({ items, status }: { items: HasilListItem[]; status: LoadStatus }) {
  return (
    <Table
      label={t.tabPaket}
      items={items}
      status={status}
      columns={paketColumns}
      rowKey={(item) => `${item.idjadwal}/${item.kategoriHash}`}
    />
  );
}

const materiColumns: Column<HasilMateriItem>[] = [
  { header: t.no, cell: (_item, index) => index + 1 },
  { header: t.mataPelajaran, cell: (item) => item.mapel },
  { header: t.materi, cell: (item) => item.materi },
  { header: t.skor, cell: (item) => formatNilai(item.skor) },
  {
    header: t.pembahasan,
    cell: (item) => (
      <Link to={`/pembahasan/${item.idmateri}`} className="btn btn-sm btn-success">
        {t.pembahasan}
      </Link>
    ),
  },
];

export function HasilMateriTable({ items, status }: { items: HasilMateriItem[]; status: LoadStatus }) {
  return (
    <Table
      label={t.tabMateri}
      items={items}
      status={status}
      columns={materiColumns}
      rowKey={(item) => String(item.idmateri)}
    />
  );
}

const ptnColumns: Column<SkorPaketItem>[] = [
  { header: t.no, cell: (_item, index) => index + 1 },
  { header: t.paket, cell: (item) => t.paketNumber(item.paket) },
  { header: t.tanggal, cell: (item) => item.tgl_selesai },
  { header: t.nilai, cell: (item) => formatNilai(item.skor) },
  {
    header: t.aksi,
    cell: (item) => (
      <Link
        to={`/hasil/${item.id}/ptn`}
        className="btn btn-sm btn-primary"
        aria-label={`${t.lihat} ${t.tabPtn} ${t.paketNumber(item.paket)}`}
      >
        {t.lihat}
      </Link>
    ),
  },
];

export function HasilPtnTable({ items, status }: { items: SkorPaketItem[]; status: LoadStatus }) {
  return (
    <Table
      label={t.tabPtn}
      items={items}
      status={status}
      columns={ptnColumns}
      rowKey={(item) => String(item.id)}
    />
  );
}
