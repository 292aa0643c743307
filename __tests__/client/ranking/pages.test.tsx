import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import {
  fetchRankingJurusan,
  fetchRankingPaket,
  fetchRankingPaketList,
} from '../../../src/client/api/ranking';
import { showCallError } from '../../../src/client/components/dialogs';
import RankingListPage from '../../../src/client/features/ranking/pages/RankingListPage';
import RankingPaketPage from '../../../src/client/features/ranking/pages/RankingPaketPage';
import RankingPilihanPage from '../../../src/client/features/ranking/pages/RankingPilihanPage';
import { demoStudents, loggedInState, serverError } from '../../helpers/clientFixtures';
import { renderWithProviders } from '../../helpers/renderWithProviders';

import { setClock } from '../../../src/client/lib/clock';
import { virtualClock } from '../../helpers/tryoutPaketFixtures';
// A failed read is asked again after a backoff (lib/readRetry.ts): the virtual clock's sleeps pass at once.
let restoreClock = () => undefined as void;
afterEach(() => restoreClock());

jest.mock('../../../src/client/api/ranking');
jest.mock('../../../src/client/components/dialogs', () => ({
  ...jest.requireActual('../../../src/client/components/dialogs'),
  showCallError: jest.fn(async () => undefined),
  showFailed: jest.fn(async () => undefined),
}));

const mocked = (fn: unknown) => fn as jest.Mock;

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/rangking" element={<RankingListPage />} />
      <Route path="/rangking/:id/:id2" element={<RankingPaketPage />} />
      <Route path="/rangking/:id/pilihan/:id2" element={<RankingPilihanPage />} />
    </Routes>,
    { route, preloadedState: loggedInState(demoStudents.reguler) },
  );
}

beforeEach(() => jest.clearAllMocks());

describe('/rangking', () => {
  it('shows one "Paket #n" button per package, leading to its ranking', async () => {
    mocked(fetchRankingPaketList).mockResolvedValue({
      status: true,
      content: [
        { paket: 1, codepaket: 1 },
        { paket: 3, codepaket: 7 },
      ],
    });
    mocked(fetchRankingPaket).mockResolvedValue({
      status: true,
      content: {
        my_rangking: { peringkat: 2, skor: 700.5 },
        list_rangking: [
          { peringkat: 1, nama: 'Ani Suryani', skor: 710, is_me: false },
          { peringkat: 2, nama: 'Budi Santoso', skor: 700.5, is_me: false },
          { peringkat: 2, nama: 'Muhammad Rizky Pratama', skor: 700.5, is_me: true },
          { peringkat: 4, nama: 'Citra Lestari', skor: 650, is_me: false },
        ],
        jumlah_peserta: 4,
      },
    });
    const { user } = renderAt('/rangking');
    expect(await screen.findByRole('link', { name: 'Paket #1' })).toHaveAttribute('href', '/rangking/1/1');
    await user.click(screen.getByRole('link', { name: 'Paket #3' }));

    expect(await screen.findByRole('heading', { name: 'Ranking Paket #3' })).toBeInTheDocument();
    expect(fetchRankingPaket).toHaveBeenCalledWith(1, 7, { halaman: 1, per_halaman: 50 });
    expect(screen.getByText('Rank Saya')).toBeInTheDocument();
    expect(screen.getByTestId('rank-saya')).toHaveTextContent('2');
    expect(screen.getByText(/dari 4 Peserta/)).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Ranking Paket #3' })).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(rows[2]).toHaveTextContent('2Budi Santoso700,5');
    // Budi ties with the student on rank and score; only the student's own row (is_me) is marked.
    const marked = rows.filter((row) => row.getAttribute('aria-current') === 'true');
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveTextContent('Muhammad Rizky Pratama (kamu)');
    expect(marked[0]).toHaveClass('table-primary');
    expect(rows[2]).not.toHaveClass('table-primary');
  });

  it('pages the ranking 50 rows at a time, with the top of the list and a "Posisi saya" jump', async () => {
    const page = (halaman: number) => ({
      status: true,
      content: {
        my_rangking: { peringkat: 120, skor: 500 },
        list_rangking: Array.from({ length: 50 }, (_v, i) => ({
          peringkat: (halaman - 1) * 50 + i + 1,
          nama: `Peserta ${(halaman - 1) * 50 + i + 1}`,
          skor: 900 - i,
          is_me: (halaman - 1) * 50 + i + 1 === 121,
        })),
        jumlah_peserta: 100_000,
        posisi_saya: 121,
      },
    });
    mocked(fetchRankingPaket).mockImplementation(
      async (_id: number, _paket: number, p: { halaman: number }) => page(p.halaman),
    );
    const { user } = renderAt('/rangking/7/3');
    const pager = await screen.findByRole('navigation', { name: 'Halaman ranking' });
    expect(pager).toHaveTextContent('Halaman 1 dari 2000');
    expect(within(pager).getByText('Teratas')).toHaveAttribute('aria-disabled', 'true');

    // Place 121 is on page 3 (places 101-150).
    await user.click(within(pager).getByRole('link', { name: 'Posisi saya' }));
    expect(await screen.findByText('Halaman 3 dari 2000')).toBeInTheDocument();
    expect(fetchRankingPaket).toHaveBeenLastCalledWith(1, 7, { halaman: 3, per_halaman: 50 });
    const mine = screen.getAllByRole('row').filter((row) => row.getAttribute('aria-current') === 'true');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toHaveTextContent('Peserta 121 (kamu)');

    await user.click(screen.getByRole('link', { name: 'Berikutnya' }));
    expect(await screen.findByText('Halaman 4 dari 2000')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Teratas' }));
    expect(await screen.findByText('Halaman 1 dari 2000')).toBeInTheDocument();
    expect(fetchRankingPaket).toHaveBeenLastCalledWith(1, 7, { halaman: 1, per_halaman: 50 });
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('1Peserta 1900');
  });

  it('shows "Data Tidak Ditemukan" without packages and names a failed call "Get Ranking"', async () => {
    restoreClock = setClock(virtualClock());
    mocked(fetchRankingPaketList).mockRejectedValue(serverError);
    renderAt('/rangking');
    expect(await screen.findByText('Data Tidak Ditemukan')).toBeInTheDocument();
    expect(showCallError).toHaveBeenCalledWith(serverError, 'Get Ranking');
  });
});

describe('/rangking/:id/pilihan/:id2', () => {
  it('decodes the choice number and shows the choice, its minimum score and the first page of its ranking', async () => {
    mocked(fetchRankingJurusan).mockResolvedValue({
      status: true,
      content: {
        data_tryout: { paket: 1 },
        option_student: {
          num_option: 2,
          jenjang: 'S1',
          jurusan: 'Pendidikan Dokter',
          universitas: 'Universitas Indonesia',
          grade: 720,
        },
        list_rangking: Array.from({ length: 10 }, (_v, i) => ({
          peringkat: i + 1,
          nama: `Peserta ${i + 1}`,
          skor: 900 - i * 10,
          is_me: false,
        })),
        my_rangking: { peringkat: 14, skor: 705 },
        jumlah_peserta: 60,
        posisi_saya: 55,
      },
    });
    const { user } = renderAt('/rangking/1/pilihan/Mg==');
    expect(await screen.findByText('Universitas Indonesia — Pendidikan Dokter (S1)')).toBeInTheDocument();
    expect(fetchRankingJurusan).toHaveBeenCalledWith({
      idsiswa: 1,
      idjadwal: 1,
      numoption: 2,
      halaman: 1,
      per_halaman: 50,
    });
    expect(screen.getByRole('heading', { name: 'Pilihan 2 · Paket #1' })).toBeInTheDocument();
    expect(screen.getByText('Nilai Minimum').nextSibling).toHaveTextContent('720');
    const top = screen.getByRole('table', { name: 'Peringkat Peminat' });
    expect(within(top).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByRole('navigation', { name: 'Halaman ranking' })).toHaveTextContent('Halaman 1 dari 2');
    await user.click(screen.getByRole('link', { name: 'Posisi saya' }));
    expect(await screen.findByText('Halaman 2 dari 2')).toBeInTheDocument();
    expect(fetchRankingJurusan).toHaveBeenLastCalledWith({
      idsiswa: 1,
      idjadwal: 1,
      numoption: 2,
      halaman: 2,
      per_halaman: 50,
    });
  });

  it('shows "Data Pilihan Tidak Ditemukan" for a choice the student does not have', async () => {
    mocked(fetchRankingJurusan).mockResolvedValue({ status: false, message: 'Data Pilihan Tidak Ditemukan' });
    renderAt('/rangking/1/pilihan/OQ==');
    expect(await screen.findByText('Data Pilihan Tidak Ditemukan')).toBeInTheDocument();
    expect(fetchRankingJurusan).toHaveBeenCalledWith({
      idsiswa: 1,
      idjadwal: 1,
      numoption: 9,
      halaman: 1,
      per_halaman: 50,
    });
  });

  it('shows "Data Pilihan Tidak Ditemukan" for an id2 that is not base64 of a number, without a call', () => {
    renderAt('/rangking/1/pilihan/YWJj'); // "abc"
    expect(screen.getByText('Data Pilihan Tidak Ditemukan')).toBeInTheDocument();
    expect(fetchRankingJurusan).not.toHaveBeenCalled();
  });
});
