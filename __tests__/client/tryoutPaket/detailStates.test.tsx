import { screen } from '@testing-library/react';
import { expectSaga } from 'redux-saga-test-plan';
import { Route, Routes } from 'react-router-dom';
import { fetchJadwal } from '../../../src/client/api/jadwal';
import { fetchPreviewPaket } from '../../../src/client/api/tryoutPaket';
import { cacheSyncSaga } from '../../../src/client/app/cacheSync';
import { rootReducer } from '../../../src/client/app/rootReducer';
import DetailTryoutPage from '../../../src/client/features/tryoutPaket/pages/DetailTryoutPage';
import PembahasanKategoriPage from '../../../src/client/features/tryoutPaket/pages/PembahasanKategoriPage';
import { previewLoaded } from '../../../src/client/features/tryoutPaket/slice';
import JadwalPage from '../../../src/client/features/jadwal/pages/JadwalPage';
import { demoStudents, jadwalItem, loggedInState } from '../../helpers/clientFixtures';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { kategori } from '../../helpers/tryoutPaketFixtures';

import { setClock } from '../../../src/client/lib/clock';
import { virtualClock } from '../../helpers/tryoutPaketFixtures';
// A failed read is asked again after a backoff (lib/readRetry.ts): the virtual clock's sleeps pass at once.
let restoreClock = () => undefined as void;
afterEach(() => restoreClock());

jest.mock('../../../src/client/api/jadwal', () => ({
  ...jest.requireActual('../../../src/client/api/jadwal'),
  fetchJadwal: jest.fn(),
}));
jest.mock('../../../src/client/api/tryoutPaket', () => ({
  ...jest.requireActual('../../../src/client/api/tryoutPaket'),
  fetchPreviewPaket: jest.fn(),
}));
jest.mock('../../../src/client/components/dialogs', () => ({
  ...jest.requireActual('../../../src/client/components/dialogs'),
  showCallError: jest.fn(async () => undefined),
  showFailed: jest.fn(async () => undefined),
}));

const mocked = (fn: unknown) => fn as jest.Mock;

beforeEach(() => {
  jest.clearAllMocks();
  // reguler is enrolled in schedule 3 (Paket #2) only.
  mocked(fetchJadwal).mockImplementation(async (list: string) => ({
    status: true,
    content: list === 'current' ? [jadwalItem(3, 2, '0')] : [],
  }));
  mocked(fetchPreviewPaket).mockResolvedValue({
    status: true,
    content: { paket: 2, detailPaket: [kategori()] },
  });
});

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/to/:id" element={<DetailTryoutPage />} />
      <Route path="/to/:id/pembahasan/:hash" element={<PembahasanKategoriPage />} />
    </Routes>,
    { route, preloadedState: loggedInState(demoStudents.reguler) },
  );
}

describe('Detail Tryout for an id that names nothing the student can open', () => {
  it('an enrolled schedule shows its title and categories', async () => {
    renderAt('/to/3');
    expect(await screen.findByRole('heading', { name: 'Detail Tryout Paket #2' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'TPS' })).toBeInTheDocument();
  });

  it.each([
    ['a schedule the student is not enrolled in', '/to/6'],
    ['an unknown schedule', '/to/999'],
  ])('%s shows the 404 page, not a bare title', async (_case, route) => {
    renderAt(route);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Detail Tryout Paket #/)).not.toBeInTheDocument();
    expect(screen.queryByText('Processing...')).not.toBeInTheDocument();
    expect(fetchPreviewPaket).not.toHaveBeenCalled();
  });

  it.each(['/to/abc', '/to/0', '/to/1e3', '/to/abc/pembahasan/kat-abc123'])(
    'a malformed id (%s) shows the 404 page at once, never an endless spinner',
    (route) => {
      renderAt(route);
      expect(screen.getByText('Page not found')).toBeInTheDocument();
      expect(screen.queryByText('Processing...')).not.toBeInTheDocument();
      expect(fetchJadwal).not.toHaveBeenCalled();
    },
  );

  it('a package without categories shows "Data Tidak Ditemukan"', async () => {
    mocked(fetchPreviewPaket).mockResolvedValue({ status: true, content: { paket: 2, detailPaket: [] } });
    renderAt('/to/3');
    expect(await screen.findByText('Data Tidak Ditemukan')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Detail Tryout Paket #2' })).toBeInTheDocument();
  });

  it('a failed preview call shows "Data Tidak Ditemukan" under the title, not a blank page', async () => {
    restoreClock = setClock(virtualClock());
    mocked(fetchPreviewPaket).mockRejectedValue(new Error('Network Error'));
    renderAt('/to/3');
    expect(await screen.findByText('Data Tidak Ditemukan')).toBeInTheDocument();
    expect(screen.queryByText('Processing...')).not.toBeInTheDocument();
  });
});

describe('the schedule lists after a category is ended', () => {
  it('a package whose every category is ended turns "Pembahasan" in the cached list at once', async () => {
    const state = rootReducer(undefined, { type: '@@test/init' });
    const jadwal = {
      ...state.jadwal,
      current: [jadwalItem(3, 2, '0'), jadwalItem(4, 3, '0')],
      status: { current: 'loaded', future: 'loaded', previous: 'loaded' } as const,
    };
    const ended = [kategori({ is_selesai: 1 }), kategori({ kategoriHash: 'lain', is_selesai: 1 })];
    const { storeState } = await expectSaga(cacheSyncSaga)
      .withReducer(rootReducer, { ...state, jadwal })
      .dispatch(previewLoaded({ idJadwal: 3, paket: 2, detailPaket: ended }))
      // One category still open: schedule 4 stays as it was.
      .dispatch(
        previewLoaded({ idJadwal: 4, paket: 3, detailPaket: [kategori({ is_selesai: 1 }), kategori()] }),
      )
      .silentRun(50);
    expect(storeState.jadwal.current.map((item: { status: string }) => item.status)).toEqual(['5', '0']);
    // No list is asked for again: the cache stays loaded.
    expect(fetchJadwal).not.toHaveBeenCalled();
  });

  it('the Jadwal page shows the ended package with "Pembahasan" without a reload', async () => {
    const { store } = renderWithProviders(<JadwalPage />, {
      route: '/to',
      preloadedState: loggedInState(demoStudents.reguler),
    });
    expect(await screen.findByRole('link', { name: 'Mulai' })).toHaveAttribute('href', '/to/3');
    store.dispatch(previewLoaded({ idJadwal: 3, paket: 2, detailPaket: [kategori({ is_selesai: 1 })] }));
    expect(await screen.findByRole('link', { name: 'Pembahasan' })).toHaveAttribute('href', '/to/3');
    expect(screen.queryByRole('link', { name: 'Mulai' })).not.toBeInTheDocument();
    expect(fetchJadwal).toHaveBeenCalledTimes(3);
  });
});
