/**
 * While a TO Akbar event runs, every place where its review or discussion would be shows the server's sentence
 * with the opening time, never an error dialog.
 */
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fetchPembahasan } from '../../../src/client/api/hasil';
import { fetchJadwal } from '../../../src/client/api/jadwal';
import { fetchPreviewPaket } from '../../../src/client/api/tryoutPaket';
import { showError, showFailed } from '../../../src/client/components/dialogs';
import ReviewListPage from '../../../src/client/features/hasil/pages/ReviewListPage';
import ReviewSheetPage from '../../../src/client/features/hasil/pages/ReviewSheetPage';
import DetailTryoutPage from '../../../src/client/features/tryoutPaket/pages/DetailTryoutPage';
import PembahasanKategoriPage from '../../../src/client/features/tryoutPaket/pages/PembahasanKategoriPage';
import { demoStudents, jadwalItem, loggedInState } from '../../helpers/clientFixtures';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { kategori } from '../../helpers/tryoutPaketFixtures';
import { reviewMapel } from './fixtures';

jest.mock('../../../src/client/api/hasil', () => ({
  ...jest.requireActual('../../../src/client/api/hasil'),
  fetchPembahasan: jest.fn(),
}));
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
  showError: jest.fn(async () => undefined),
  showFailed: jest.fn(async () => undefined),
  showCallError: jest.fn(async () => undefined),
}));

const mocked = (fn: unknown) => fn as jest.Mock;
const SENTENCE = 'Pembahasan dibuka setelah TO Akbar berakhir pada 1 Desember 2026 21.00 WIB';
const LOCKED = { status: false, message: SENTENCE, dibuka_pada: '2026-12-01T14:00:30.000Z' };

beforeEach(() => jest.clearAllMocks());

function renderReview(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/hasil/:id/review" element={<ReviewListPage />} />
      <Route path="/hasil/:id/review/:id2" element={<ReviewSheetPage />} />
    </Routes>,
    { route, preloadedState: loggedInState(demoStudents.akbar) },
  );
}

describe('the review of a running TO Akbar event', () => {
  it('the subject list shows when it opens, in place of the list, without a dialog', async () => {
    mocked(fetchPembahasan).mockResolvedValue(LOCKED);
    renderReview('/hasil/9/review');
    expect(await screen.findByText(SENTENCE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pembahasan belum dibuka' })).toBeInTheDocument();
    expect(screen.queryByText('Data Pembahasan Tidak Ditemukan')).not.toBeInTheDocument();
    expect(showFailed).not.toHaveBeenCalled();
    expect(showError).not.toHaveBeenCalled();
  });

  it('a review sheet opened by its address shows the same sentence instead of the questions', async () => {
    mocked(fetchPembahasan).mockResolvedValue(LOCKED);
    renderReview('/hasil/9/review/11');
    expect(await screen.findByText(SENTENCE)).toBeInTheDocument();
    expect(fetchPembahasan).toHaveBeenCalledWith({ idsiswa: 3, idjadwal: 9, idmapel: 11 });
    expect(screen.queryByRole('navigation', { name: 'Daftar Soal' })).not.toBeInTheDocument();
    expect(showError).not.toHaveBeenCalled();
  });

  it('once the event is over the same sheet shows the review', async () => {
    mocked(fetchPembahasan).mockResolvedValue({ status: true, content: reviewMapel });
    renderReview('/hasil/9/review/11');
    expect(await screen.findByRole('heading', { name: 'Penalaran Matematika' })).toBeInTheDocument();
    expect(screen.queryByText(SENTENCE)).not.toBeInTheDocument();
  });

  it('another refusal still shows "Gagal" with its message', async () => {
    mocked(fetchPembahasan).mockResolvedValue({ status: false, message: 'Tryout ini belum dikerjakan' });
    renderReview('/hasil/9/review/11');
    expect(await screen.findByText('Data Pembahasan Tidak Ditemukan')).toBeInTheDocument();
    expect(showError).toHaveBeenCalledWith('Gagal', 'Tryout ini belum dikerjakan');
  });
});

describe('the discussion of a finished category of a running event', () => {
  beforeEach(() => {
    mocked(fetchJadwal).mockImplementation(async (list: string) => ({
      status: true,
      content: list === 'current' ? [jadwalItem(9, 10, '5')] : [],
    }));
    mocked(fetchPreviewPaket).mockResolvedValue({
      status: true,
      content: {
        paket: 10,
        detailPaket: [kategori({ is_selesai: 1, pembahasan: '', pembahasan_terkunci: SENTENCE })],
      },
    });
  });

  function renderAt(route: string) {
    return renderWithProviders(
      <Routes>
        <Route path="/to/:id" element={<DetailTryoutPage />} />
        <Route path="/to/:id/pembahasan/:hash" element={<PembahasanKategoriPage />} />
      </Routes>,
      { route, preloadedState: loggedInState(demoStudents.akbar) },
    );
  }

  it('Detail Tryout shows when it opens where the Pembahasan button will be', async () => {
    renderAt('/to/9');
    expect(await screen.findByText(SENTENCE)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pembahasan' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sudah Dikerjakan' })).toBeDisabled();
  });

  it('the discussion page opened by its address shows the sentence, not an empty frame', async () => {
    renderAt(`/to/9/pembahasan/${kategori().kategoriHash}`);
    expect(await screen.findByText(SENTENCE)).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
