import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fetchHasilPtn, generateHasilMapel } from '../../../src/client/api/hasil';
import { confirmDialog, showFailed } from '../../../src/client/components/dialogs';
import PtnPage from '../../../src/client/features/hasil/pages/PtnPage';
import { demoStudents, loggedInState } from '../../helpers/clientFixtures';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { hasilPtn } from './fixtures';

jest.mock('../../../src/client/api/hasil', () => ({
  ...jest.requireActual('../../../src/client/api/hasil'),
  fetchHasilPtn: jest.fn(),
  generateHasilMapel: jest.fn(),
}));
jest.mock('../../../src/client/components/dialogs', () => ({
  ...jest.requireActual('../../../src/client/components/dialogs'),
  confirmDialog: jest.fn(),
  showCallError: jest.fn(async () => undefined),
  showFailed: jest.fn(async () => undefined),
}));

const mocked = (fn: unknown) => fn as jest.Mock;
const missing = { status: false, message: 'Rekapitulasi nilai per mapel tidak ditemukan' };

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/hasil/:id/ptn" element={<PtnPage />} />
      <Route path="/rangking/:id/pilihan/:id2" element={<p>ranking pilihan</p>} />
    </Routes>,
    { route: '/hasil/1/ptn', preloadedState: loggedInState(demoStudents.reguler) },
  );
}

beforeEach(() => jest.clearAllMocks());

describe('/hasil/:id/ptn', () => {
  it('shows the score with a green badge when a choice passes, the choices and the subject table', async () => {
    mocked(fetchHasilPtn).mockResolvedValue({ status: true, content: hasilPtn(1) });
    renderPage();
    expect(await screen.findByText('Skor kamu adalah')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Skor kamu adalah' })).getByText('612,5'),
    ).toBeInTheDocument();
    const badge = screen.getByTestId('ptn-badge');
    expect(badge).toHaveTextContent('Selamat! Kamu lolos di pilihan 1');
    expect(badge).toHaveClass('text-bg-success');

    const pilihan = screen.getByRole('table', { name: 'Pilihan' });
    expect(within(pilihan).getByText('Universitas Gadjah Mada')).toBeInTheDocument();
    expect(within(pilihan).getByRole('link', { name: 'Rank 12 Teknik Informatika' })).toHaveAttribute(
      'href',
      '/rangking/1/pilihan/MQ==',
    );
    expect(within(pilihan).getByRole('link', { name: 'Rank 40 Kedokteran' })).toHaveAttribute(
      'href',
      '/rangking/1/pilihan/Mg==',
    );

    const mapel = screen.getByRole('table', { name: 'Mata Pelajaran' });
    expect(
      within(mapel)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Mata Pelajaran', 'Betul', 'Salah', 'Kosong', 'Nilai']);
    // Betul/Salah/Kosong are summed; Nilai is the package score (mean of 650 and 575), as shown at the top.
    const total = within(mapel).getByText('Total').closest('tr') as HTMLElement;
    expect(
      within(total)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Total', '30', '13', '7', '612,5']);
    expect(screen.getByRole('link', { name: 'Pembahasan' })).toHaveAttribute('href', '/hasil/1/review');
  });

  it('shows a red badge when no choice passes', async () => {
    mocked(fetchHasilPtn).mockResolvedValue({ status: true, content: hasilPtn(0) });
    renderPage();
    const badge = await screen.findByTestId('ptn-badge');
    expect(badge).toHaveTextContent('Belum lolos pilihan manapun');
    expect(badge).toHaveClass('text-bg-danger');
  });

  it('shows "Data Pilihan Tidak Ditemukan" without choices', async () => {
    mocked(fetchHasilPtn).mockResolvedValue({ status: true, content: { ...hasilPtn(0), list_pilihan: [] } });
    renderPage();
    expect(await screen.findByText('Data Pilihan Tidak Ditemukan')).toBeInTheDocument();
  });

  it('offers Sync for a missing summary and shows the status once Sync succeeded', async () => {
    mocked(fetchHasilPtn)
      .mockResolvedValueOnce(missing)
      .mockResolvedValueOnce({ status: true, content: hasilPtn(1) });
    mocked(confirmDialog).mockResolvedValue(true);
    mocked(generateHasilMapel).mockResolvedValue({
      status: true,
      message: 'Rekapitulasi nilai per mapel berhasil dibuat',
    });
    renderPage();
    expect(await screen.findByText('Skor kamu adalah')).toBeInTheDocument();
    expect(confirmDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Maaf',
        text: 'Rekapitulasi nilai per mapel tidak ditemukan. Silahkan klik Sync dibawah ini!',
        confirmText: 'Sync',
      }),
    );
    expect(generateHasilMapel).toHaveBeenCalledWith({ idsiswa: 1, idjadwal: 1 });
    expect(fetchHasilPtn).toHaveBeenCalledTimes(2);
  });

  it('keeps the empty states and a Sync button when the dialog is closed; a refused Sync shows "Failed"', async () => {
    mocked(fetchHasilPtn).mockResolvedValue(missing);
    mocked(confirmDialog).mockResolvedValue(false);
    mocked(generateHasilMapel).mockResolvedValue({ status: false, message: 'Tryout ini belum dikerjakan' });
    const { user } = renderPage();
    expect(await screen.findByText('Data Detail Skor Mapel Tidak Ditemukan')).toBeInTheDocument();
    expect(screen.getByText('Data Pilihan Tidak Ditemukan')).toBeInTheDocument();
    expect(generateHasilMapel).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Sync' }));
    await waitFor(() => expect(showFailed).toHaveBeenCalledWith('Tryout ini belum dikerjakan'));
    expect(await screen.findByText('Data Detail Skor Mapel Tidak Ditemukan')).toBeInTheDocument();
  });
});
