import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fetchHasilList, fetchHasilMateri, fetchHasilSkor } from '../../../src/client/api/hasil';
import { showCallError } from '../../../src/client/components/dialogs';
import HasilPage from '../../../src/client/features/hasil/pages/HasilPage';
import { demoStudents, loggedInState, networkError } from '../../helpers/clientFixtures';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { hasilPaketRow } from './fixtures';

import { setClock } from '../../../src/client/lib/clock';
import { virtualClock } from '../../helpers/tryoutPaketFixtures';
// A failed read is asked again after a backoff (lib/readRetry.ts): the virtual clock's sleeps pass at once.
let restoreClock = () => undefined as void;
afterEach(() => restoreClock());

jest.mock('../../../src/client/api/hasil', () => ({
  ...jest.requireActual('../../../src/client/api/hasil'),
  fetchHasilList: jest.fn(),
  fetchHasilMateri: jest.fn(),
  fetchHasilSkor: jest.fn(),
}));
jest.mock('../../../src/client/components/dialogs', () => ({
  ...jest.requireActual('../../../src/client/components/dialogs'),
  showCallError: jest.fn(async () => undefined),
  showFailed: jest.fn(async () => undefined),
}));
// apexcharts needs a real layout engine; the stand-in shows what the page hands to the chart.
jest.mock('react-apexcharts', () => ({
  __esModule: true,
  default: (props: { series: { name: string; data: [number, number][] }[]; height: number }) => (
    <figure data-testid="apexchart" data-height={props.height}>
      {props.series.map((s) => (
        <figcaption key={s.name}>{`${s.name}: ${s.data.map(([x, y]) => `${x}→${y}`).join(', ')}`}</figcaption>
      ))}
    </figure>
  ),
}));

const mocked = <T extends (...args: never[]) => unknown>(fn: T) => fn as unknown as jest.Mock;

function renderPage(student = demoStudents.reguler) {
  return renderWithProviders(
    <Routes>
      <Route path="/hasil" element={<HasilPage />} />
      <Route path="/hasil/:id/ptn" element={<p>halaman ptn</p>} />
      <Route path="/pembahasan/:id" element={<p>halaman pembahasan</p>} />
    </Routes>,
    { route: '/hasil', preloadedState: loggedInState(student) },
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  mocked(fetchHasilList).mockResolvedValue({
    status: true,
    content: [hasilPaketRow],
  });
  mocked(fetchHasilMateri).mockResolvedValue({
    status: true,
    content: [{ idmateri: 9, mapel: 'Matematika', materi: 'Bilangan Berpangkat', skor: 80 }],
  });
  mocked(fetchHasilSkor).mockResolvedValue({
    status: true,
    content: [
      { id: 1, paket: 1, tgl_selesai: '12 Mei 2025', skor: 612.5, type: 'UTBK' },
      { id: 9, paket: 9, tgl_selesai: '18 Mei 2025', skor: 700, type: 'TO Akbar' },
      { id: 2, paket: 2, tgl_selesai: '15 Mei 2025', skor: 580, type: 'UTBK' },
    ],
  });
});

describe('/hasil', () => {
  it('shows the package results with a PDF link and the chart grouped by type', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Hasil Tryout Paket' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'No',
      'Paket',
      'Kategori',
      'Tanggal',
      'Persentase Nilai',
      'Nilai',
      'Rata-Rata',
      'PDF',
    ]);
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Paket #1');
    expect(row).toHaveTextContent('612,5');
    expect(row).toHaveTextContent('540,25');
    expect(within(row).getByRole('link', { name: /Unduh PDF/ })).toHaveAttribute(
      'href',
      '/hasil/1/kategori/tps00001/pdf',
    );
    expect(within(row).getByRole('link', { name: 'Tes Potensi Skolastik' })).toHaveAttribute(
      'href',
      '/hasil/1/kategori/tps00001',
    );

    expect(screen.getByRole('heading', { name: 'Grafik Nilai Try Out UTBK' })).toBeInTheDocument();
    const chart = await screen.findByTestId('apexchart');
    expect(chart).toHaveAttribute('data-height', '300');
    expect(within(chart).getByText('UTBK: 1→612.5, 2→580')).toBeInTheDocument();
    expect(within(chart).getByText('TO Akbar: 9→700')).toBeInTheDocument();
  });

  it('shows the per-topic results with a discussion link', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Hasil Tryout Permateri' }));
    const table = await screen.findByRole('table', { name: 'Hasil Tryout Permateri' });
    expect(within(table).getByText('Bilangan Berpangkat')).toBeInTheDocument();
    await user.click(within(table).getByRole('link', { name: 'Pembahasan' }));
    expect(await screen.findByText('halaman pembahasan')).toBeInTheDocument();
  });

  it('tells an event student in a sentence why his Permateri tab has no results', async () => {
    mocked(fetchHasilMateri).mockResolvedValue({ status: true, content: [] });
    const { user } = renderPage(demoStudents.akbar);
    await user.click(screen.getByRole('tab', { name: 'Hasil Tryout Permateri' }));
    expect(
      await screen.findByText(
        'Peserta TO Akbar tidak mengerjakan Tryout Permateri, jadi tidak ada hasil Tryout Permateri di sini.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Data Tidak Ditemukan')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Hasil Tryout Permateri' })).not.toBeInTheDocument();
  });

  it('tells a student whose programme has no per-topic tryouts why the Permateri tab is empty', async () => {
    mocked(fetchHasilMateri).mockResolvedValue({ status: true, content: [] });
    const { user } = renderPage({ ...demoStudents.umum, id_program: 3 });
    await user.click(screen.getByRole('tab', { name: 'Hasil Tryout Permateri' }));
    expect(
      await screen.findByText(
        'Program kamu tidak termasuk Tryout Permateri, jadi tidak ada hasil Tryout Permateri di sini.',
      ),
    ).toBeInTheDocument();
  });

  it('lists the packages with their score on the PTN tab and opens the PTN status', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Status PTN' }));
    const table = await screen.findByRole('table', { name: 'Status PTN' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    await user.click(within(table).getByRole('link', { name: 'Lihat Status PTN Paket #9' }));
    expect(await screen.findByText('halaman ptn')).toBeInTheDocument();
  });

  it('shows "Data Tidak Ditemukan" for empty results and no chart', async () => {
    mocked(fetchHasilList).mockResolvedValue({ status: true, content: [] });
    mocked(fetchHasilSkor).mockResolvedValue({ status: true, content: [] });
    renderPage();
    expect(await screen.findAllByText('Data Tidak Ditemukan')).toHaveLength(2);
    expect(screen.queryByTestId('apexchart')).not.toBeInTheDocument();
  });

  it('names the failed call "Get Hasil Tryout" in the error dialog', async () => {
    restoreClock = setClock(virtualClock());
    mocked(fetchHasilList).mockRejectedValue(networkError);
    renderPage();
    expect(await screen.findAllByText('Data Tidak Ditemukan')).not.toHaveLength(0);
    expect(showCallError).toHaveBeenCalledWith(networkError, 'Get Hasil Tryout');
  });
});
