import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { useSagaNavigation } from '../../../src/client/app/sagaNavigation';
import { fetchHasilKategori, fetchPembahasan, fetchPembahasanMateri } from '../../../src/client/api/hasil';
import { confirmDialog, showError } from '../../../src/client/components/dialogs';
import HasilKategoriPage from '../../../src/client/features/hasil/pages/HasilKategoriPage';
import HasilPdfPage from '../../../src/client/features/hasil/pages/HasilPdfPage';
import PembahasanMateriPage from '../../../src/client/features/hasil/pages/PembahasanMateriPage';
import ReviewListPage from '../../../src/client/features/hasil/pages/ReviewListPage';
import { demoStudents, loggedInState } from '../../helpers/clientFixtures';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { pembahasanMateri, reviewMapel } from './fixtures';

jest.mock('../../../src/client/api/hasil', () => ({
  ...jest.requireActual('../../../src/client/api/hasil'),
  fetchHasilKategori: jest.fn(),
  fetchPembahasan: jest.fn(),
  fetchPembahasanMateri: jest.fn(),
}));
jest.mock('../../../src/client/components/dialogs', () => ({
  ...jest.requireActual('../../../src/client/components/dialogs'),
  confirmDialog: jest.fn(),
  showError: jest.fn(async () => undefined),
  showCallError: jest.fn(async () => undefined),
  showFailed: jest.fn(async () => undefined),
}));

const mocked = (fn: unknown) => fn as jest.Mock;
const state = () => loggedInState(demoStudents.reguler);

beforeEach(() => jest.clearAllMocks());

describe('/hasil/:id/kategori/:id2', () => {
  const renderDetail = () =>
    renderWithProviders(
      <Routes>
        <Route path="/hasil/:id/kategori/:id2" element={<HasilKategoriPage />} />
      </Routes>,
      { route: '/hasil/1/kategori/tps00001', preloadedState: state() },
    );

  it('heads the result with the name in upper case, minat and package, and lists the subjects', async () => {
    mocked(fetchHasilKategori).mockResolvedValue({
      status: true,
      content: {
        paket: 1,
        kategori: 'Tes Potensi Skolastik',
        nama: 'Muhammad Rizky Pratama',
        minat: 'SMA KELAS 12 IPA',
        detail: [
          { mapel: 'Penalaran Umum', benar: 20, salah: 5, kosong: 5, nilai: 650 },
          { mapel: 'Pemahaman Bacaan dan Menulis', benar: 12, salah: 6, kosong: 2, nilai: 600 },
        ],
        rata_rata: 625,
      },
    });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'MUHAMMAD RIZKY PRATAMA' })).toBeInTheDocument();
    expect(screen.getByText(/SMA KELAS 12 IPA · Paket #1 · Tes Potensi Skolastik/)).toBeInTheDocument();
    expect(fetchHasilKategori).toHaveBeenCalledWith(1, 'tps00001', 1);
    const table = screen.getByRole('table', { name: 'Tes Potensi Skolastik' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['No', 'Mata Pelajaran', 'Benar', 'Salah', 'Kosong', 'Nilai']);
    expect(within(table).getByText('Rata-Rata').closest('tr')).toHaveTextContent('625');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/pdf/hasil/1/tps00001',
    );
  });

  it('shows "Data Detail Hasil Tryout Tidak Ditemukan" when there is no result', async () => {
    mocked(fetchHasilKategori).mockResolvedValue({
      status: false,
      message: 'Data Detail Hasil Tryout Tidak Ditemukan',
    });
    renderDetail();
    expect(await screen.findByText('Data Detail Hasil Tryout Tidak Ditemukan')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
  });
});

describe('/hasil/:id/kategori/:id2/pdf', () => {
  it('embeds the result PDF and offers its download', () => {
    renderWithProviders(
      <Routes>
        <Route path="/hasil/:id/kategori/:id2/pdf" element={<HasilPdfPage />} />
      </Routes>,
      { route: '/hasil/1/kategori/tps00001/pdf', preloadedState: state(), runSaga: false },
    );
    expect(screen.getByTitle('PDF hasil tryout')).toHaveAttribute('src', '/api/pdf/hasil/1/tps00001');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/pdf/hasil/1/tps00001',
    );
  });
});

describe('/hasil/:id/review', () => {
  // App mounts the saga navigation in production; the page alone needs it here.
  function FollowSagaNavigation() {
    useSagaNavigation();
    return null;
  }
  const renderList = () =>
    renderWithProviders(
      <>
        <FollowSagaNavigation />
        <Routes>
          <Route path="/hasil/:id/review" element={<ReviewListPage />} />
          <Route path="/hasil/:id/review/:id2" element={<p>lembar pembahasan</p>} />
        </Routes>
      </>,
      { route: '/hasil/1/review', preloadedState: state() },
    );

  beforeEach(() => {
    mocked(fetchPembahasan).mockImplementation(async (body: { idmapel?: number }) =>
      body.idmapel === undefined
        ? {
            status: true,
            content: {
              paket: 1,
              mapel: [
                { idmapel: 11, mapel: 'Penalaran Matematika', status: '1' },
                { idmapel: 12, mapel: 'Literasi dalam Bahasa Inggris', status: '0' },
              ],
            },
          }
        : { status: true, content: reviewMapel },
    );
  });

  it('refuses an unfinished subject with "Gagal" / "Tryout ini belum dikerjakan"', async () => {
    const { user } = renderList();
    await user.click(
      await screen.findByRole('button', { name: 'Lihat Pembahasan Literasi dalam Bahasa Inggris' }),
    );
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Gagal', 'Tryout ini belum dikerjakan'));
    expect(confirmDialog).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Pembahasan Paket #1' })).toBeInTheDocument();
  });

  it('asks "Lanjutkan?" for a finished subject and opens its review sheet', async () => {
    mocked(confirmDialog).mockResolvedValue(true);
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Lihat Pembahasan Penalaran Matematika' }));
    expect(await screen.findByText('lembar pembahasan')).toBeInTheDocument();
    expect(confirmDialog).toHaveBeenCalledWith(expect.objectContaining({ title: 'Lanjutkan?' }));
    expect(fetchPembahasan).toHaveBeenLastCalledWith({ idsiswa: 1, idjadwal: 1, idmapel: 11 });
  });

  it('shows "Data Pembahasan Tidak Ditemukan" when the schedule has no subjects', async () => {
    mocked(fetchPembahasan).mockResolvedValue({ status: true, content: { paket: 1, mapel: [] } });
    renderList();
    expect(await screen.findByText('Data Pembahasan Tidak Ditemukan')).toBeInTheDocument();
  });
});

describe('/pembahasan/:id', () => {
  const renderMateri = () =>
    renderWithProviders(
      <Routes>
        <Route path="/pembahasan/:id" element={<PembahasanMateriPage />} />
      </Routes>,
      { route: '/pembahasan/9', preloadedState: state() },
    );

  it('decodes non-ASCII texts, shows only options with text, the key, the answer and the explanation', async () => {
    mocked(fetchPembahasanMateri).mockResolvedValue({ status: true, content: pembahasanMateri });
    renderMateri();
    expect(await screen.findByText('Sederhanakan 2³ × 2² — hasilnya …')).toBeInTheDocument();
    expect(screen.getByText('Pangkat dijumlahkan: 3 + 2 = 5, jadi 2⁵ (café-proof ✓).')).toBeInTheDocument();
    expect(fetchPembahasanMateri).toHaveBeenCalledWith(9, 1);

    const first = screen.getByRole('article', { name: 'Soal 1' });
    // A, B and C have text; D and E are empty and left out.
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-option')),
    ).toEqual(['A', 'B', 'C']);
    expect(within(first).getByTestId('jawaban')).toHaveTextContent('A');
    expect(within(first).getByTestId('jawaban')).toHaveClass('text-success');
    expect(within(first).getByTestId('kunci')).toHaveTextContent('A');
    // The question bank's HTML is sanitized: no script reaches the page.
    expect(first.querySelector('script')).toBeNull();

    const second = screen.getByRole('article', { name: 'Soal 2' });
    expect(within(second).getByTestId('jawaban')).toHaveTextContent('Kosong');
    expect(within(second).getByTestId('jawaban')).toHaveClass('text-danger');
    expect(within(second).getByTestId('kunci')).toHaveTextContent('B');
  });

  it('shows "Data Pembahasan Tidak Ditemukan" when the discussion is refused', async () => {
    mocked(fetchPembahasanMateri).mockResolvedValue({
      status: false,
      message: 'Materi belum selesai dikerjakan',
    });
    renderMateri();
    expect(await screen.findByText('Data Pembahasan Tidak Ditemukan')).toBeInTheDocument();
  });
});
