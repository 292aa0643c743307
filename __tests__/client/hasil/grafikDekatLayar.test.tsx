/**
 * The score chart (apexcharts, a big chunk) loads only as its card comes near the screen: the page shows its table
 * first, without waiting for the chart's chunk, and keeps the chart's height free meanwhile.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fetchHasilList, fetchHasilMateri, fetchHasilSkor } from '../../../src/client/api/hasil';
import HasilPage from '../../../src/client/features/hasil/pages/HasilPage';
import { demoStudents, loggedInState } from '../../helpers/clientFixtures';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { hasilPaketRow } from './fixtures';

jest.mock('../../../src/client/api/hasil', () => ({
  ...jest.requireActual('../../../src/client/api/hasil'),
  fetchHasilList: jest.fn(),
  fetchHasilMateri: jest.fn(),
  fetchHasilSkor: jest.fn(),
}));
/** Whether the chart's module (react-apexcharts) was loaded: its factory runs at the first import only. */
const mockChartModule = { loaded: false };
jest.mock('react-apexcharts', () => {
  mockChartModule.loaded = true;
  return { __esModule: true, default: () => <figure data-testid="apexchart" /> };
});

/** A stand-in IntersectionObserver (jsdom has none) that the test moves onto the screen. */
class FakeObserver {
  static all: FakeObserver[] = [];
  constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {
    FakeObserver.all.push(this);
  }
  observe(): void {}
  disconnect(): void {}
  static scrollIntoView(): void {
    for (const observer of FakeObserver.all) observer.report([{ isIntersecting: true }]);
  }
}

beforeEach(() => {
  FakeObserver.all = [];
  Object.assign(window, { IntersectionObserver: FakeObserver });
  (fetchHasilList as jest.Mock).mockResolvedValue({
    status: true,
    content: [hasilPaketRow],
  });
  (fetchHasilMateri as jest.Mock).mockResolvedValue({ status: true, content: [] });
  (fetchHasilSkor as jest.Mock).mockResolvedValue({
    status: true,
    content: [{ id: 1, paket: 1, tgl_selesai: '12 Mei 2025', skor: 612.5, type: 'UTBK' }],
  });
});
afterEach(() => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

function renderHasil() {
  renderWithProviders(
    <Routes>
      <Route path="/hasil" element={<HasilPage />} />
    </Routes>,
    { route: '/hasil', preloadedState: loggedInState(demoStudents.reguler) },
  );
}

it('shows the results table at once and loads the chart only when its card nears the screen', async () => {
  renderHasil();
  const table = await screen.findByRole('table', { name: 'Hasil Tryout Paket' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('612,5');
  const slot = await screen.findByTestId('grafik-tempat');
  // Below the table on a phone: its height is kept, nothing of apexcharts is loaded yet.
  expect(slot).toHaveStyle({ minHeight: '300px' });
  expect(screen.queryByTestId('apexchart')).not.toBeInTheDocument();
  expect(mockChartModule.loaded).toBe(false);

  act(() => FakeObserver.scrollIntoView());
  expect(await within(slot).findByTestId('apexchart')).toBeInTheDocument();
  expect(mockChartModule.loaded).toBe(true);
});

it('places the chart card only once the table above it is drawn (no shift, no load above a loading table)', async () => {
  let answerList = (_: unknown) => undefined as void;
  (fetchHasilList as jest.Mock).mockReturnValue(new Promise((resolve) => (answerList = resolve)));
  renderHasil();
  // The scores are in (the chart's series) but the package table is still loading.
  await waitFor(() => expect(fetchHasilSkor).toHaveBeenCalled());
  act(() => FakeObserver.scrollIntoView());
  expect(screen.queryByRole('heading', { name: 'Grafik Nilai Try Out UTBK' })).not.toBeInTheDocument();
  expect(screen.queryByTestId('grafik-tempat')).not.toBeInTheDocument();
  expect(screen.queryByTestId('apexchart')).not.toBeInTheDocument();

  act(() => answerList({ status: true, content: [hasilPaketRow] }));
  await screen.findByRole('table', { name: 'Hasil Tryout Paket' });
  expect(screen.getByRole('heading', { name: 'Grafik Nilai Try Out UTBK' })).toBeInTheDocument();
  expect(await screen.findByTestId('grafik-tempat')).toBeInTheDocument();
  expect(screen.queryByTestId('apexchart')).not.toBeInTheDocument();
});
