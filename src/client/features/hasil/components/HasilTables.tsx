import { hasilText } from '../text';
import type { ReactNode } from 'react';
import { Link } from '../../../components/Link';
import type {
  HasilListItem,
  HasilListTerkunci,
  HasilMapel,
  HasilMateriItem,
  SkorPaketItem,
  SkorPaketTerkunci,
} from '../../../../contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatNilai } from '../../../lib/format';
import type { LoadStatus } from '../slice';

const t = hasilText;

/** A running TO Akbar event's figures stay on the server: its row says so where they would be, and the full
 * sentence (when the result opens) is the cell's title. */
function Menunggu({ terkunci, dihitung }: { terkunci: string; dihitung: boolean }) {
  return (
    <span className="text-body-secondary fst-italic" title={terkunci}>
      {dihitung ? t.sedangDihitung : t.menungguTOAkbar}
    </span>
  );
}

/** A figure of an open row, or the waiting text of a locked one (or of one whose schedule is being closed). */
function angka<T extends object>(
  item: T | { terkunci: string; dihitung?: unknown },
  show: (item: T) => string,
): ReactNode {
  if ('terkunci' in item && typeof item.terkunci === 'string')
    return <Menunggu terkunci={item.terkunci} dihitung={'dihitung' in item && item.dihitung !== undefined} />;
  // Only the locked rows carry `terkunci` (HasilListTerkunci, SkorPaketTerkunci): this one is open.
  return show(item as T);
}

const paketColumns: Column<HasilListItem | HasilListTerkunci>[] = [
  { header: t.no, cell: (_item, index) => index + 1 },
  { header: t.paket, cell: (item) => t.paketNumber(item.paket) },
  {
    header: t.kategori,
    cell: (item) => <Link to={`/hasil/${item.idjadwal}/kategori/${item.kategoriHash}`}>{item.kategori}</Link>,
  },
  { header: t.tanggal, cell: (item) => item.date },
  {
    header: t.persentaseNilai,
    cell: (item) => angka(item, (open: HasilListItem) => `${formatNilai(open.persentase)}%`),
  },
  { header: t.nilai, cell: (item) => angka(item, (open: HasilListItem) => formatNilai(open.nilai)) },
  { header: t.rataRata, cell: (item) => angka(item, (open: HasilListItem) => formatNilai(open.rata_rata)) },
  {
    header: t.pdf,
    cell: (item) =>
      'terkunci' in item ? null : (
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

/** One list of /hasil as a table: the spinner only until the list first arrives (a reload keeps the rows on
 * screen), "Data Tidak Ditemukan" when it is empty. */
function hasilListTable<T>(
  label: string,
  columns: Column<T>[],
  rowKey: (item: T) => string,
): (props: { items: T[]; status: LoadStatus }) => ReactNode {
  return function HasilListTable({ items, status }) {
    return (
      <DataTable
        label={label}
        items={items}
        loading={(status === 'idle' || status === 'loading') && items.length === 0}
        columns={columns}
        rowKey={rowKey}
      />
    );
  };
}

export const HasilPaketTable = hasilListTable(
  t.tabPaket,
  paketColumns,
  (item) => `${item.idjadwal}/${item.kategoriHash}`,
);

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

export const HasilMateriTable = hasilListTable(t.tabMateri, materiColumns, (item) => String(item.idmateri));

const ptnColumns: Column<SkorPaketItem | SkorPaketTerkunci>[] = [
  { header: t.no, cell: (_item, index) => index + 1 },
  { header: t.paket, cell: (item) => t.paketNumber(item.paket) },
  { header: t.tanggal, cell: (item) => item.tgl_selesai },
  { header: t.nilai, cell: (item) => angka(item, (open: SkorPaketItem) => formatNilai(open.skor)) },
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

export const HasilPtnTable = hasilListTable(t.tabPtn, ptnColumns, (item) => String(item.id));

/** The per-subject result columns (subject, right, wrong, blank, score); the PTN page names the right answers
 * "Betul", the category result "Benar". */
export function mapelColumns(benar: string): Column<HasilMapel>[] {
  return [
    { header: t.mataPelajaran, cell: (m) => m.mapel },
    { header: benar, cell: (m) => m.benar },
    { header: t.salah, cell: (m) => m.salah },
    { header: t.kosong, cell: (m) => m.kosong },
    { header: t.nilai, cell: (m) => formatNilai(m.nilai) },
  ];
}
