import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fetchPembahasan } from '../../../src/client/api/hasil';
import { showError } from '../../../src/client/components/dialogs';
import ReviewSheetPage from '../../../src/client/features/hasil/pages/ReviewSheetPage';
import { hasilInitialState } from '../../../src/client/features/hasil/slice';
import { demoStudents, loggedInState } from '../../helpers/clientFixtures';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { reviewMapel } from './fixtures';

jest.mock('../../../src/client/api/hasil', () => ({
  ...jest.requireActual('../../../src/client/api/hasil'),
  fetchPembahasan: jest.fn(),
}));
jest.mock('../../../src/client/components/dialogs', () => ({
  ...jest.requireActual('../../../src/client/components/dialogs'),
  showError: jest.fn(async () => undefined),
  showCallError: jest.fn(async () => undefined),
}));

const mocked = (fn: unknown) => fn as jest.Mock;

function renderSheet({ stored }: { stored: boolean }) {
  return renderWithProviders(
    <Routes>
      <Route path="/hasil/:id/review/:id2" element={<ReviewSheetPage />} />
    </Routes>,
    {
      route: '/hasil/1/review/11',
      preloadedState: {
        ...loggedInState(demoStudents.reguler),
        hasil: stored
          ? { ...hasilInitialState, review: { key: '1/11', data: reviewMapel, status: 'loaded' } }
          : hasilInitialState,
      },
    },
  );
}

beforeEach(() => jest.clearAllMocks());

describe('/hasil/:id/review/:id2', () => {
  it('shows the subject, right/total, coloured steps and the decoded question with answer and key', async () => {
    const { user } = renderSheet({ stored: true });
    expect(screen.getByRole('heading', { name: 'Penalaran Matematika' })).toBeInTheDocument();
    expect(screen.getByTestId('benar-dari')).toHaveTextContent('Benar 1 / 3');
    expect(fetchPembahasan).not.toHaveBeenCalled();

    const steps = within(screen.getByRole('navigation', { name: 'Daftar Soal' })).getAllByRole('button');
    expect(steps.map((b) => b.getAttribute('data-tone'))).toEqual(['current', 'benar', 'salah']);
    // Orange when current, green when right, red when wrong.
    expect(steps[0]).toHaveStyle({ backgroundColor: '#fd7e14' });
    expect(steps[1]).toHaveStyle({ backgroundColor: '#198754' });
    expect(steps[2]).toHaveStyle({ backgroundColor: '#dc3545' });

    // Non-ASCII text decoded as UTF-8, not as Latin-1.
    expect(screen.getByText('Nilai π² kira-kira …')).toBeInTheDocument();
    expect(screen.getByText('π ≈ 3,1416 sehingga π² ≈ 9,87 — jawaban A.')).toBeInTheDocument();
    const soal = screen.getByRole('article', { name: 'Soal 1' });
    // The student chose B (wrong, red); the key A is green; the empty E is not shown.
    const options = within(soal).getAllByRole('listitem');
    expect(options.map((li) => li.getAttribute('data-option'))).toEqual(['A', 'B', 'C', 'D']);
    expect(options[0]).toHaveClass('border-success');
    expect(options[1]).toHaveClass('border-danger');
    expect(within(soal).getByTestId('jawaban')).toHaveTextContent('B');
    expect(within(soal).getByTestId('jawaban')).toHaveClass('text-danger');
    expect(within(soal).getByTestId('kunci')).toHaveTextContent('A');
    expect(screen.queryByRole('button', { name: 'Prev' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(screen.getByRole('article', { name: 'Soal 2' })).getByTestId('jawaban')).toHaveClass(
      'text-success',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Daftar Soal' }))
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-tone')),
    ).toEqual(['salah', 'current', 'salah']);

    // Each step names its number and state, not only its colour.
    expect(
      within(screen.getByRole('navigation', { name: 'Daftar Soal' }))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Soal 1, salah', 'Soal 2, sedang dibuka, benar', 'Soal 3, salah']);
    await user.click(screen.getByRole('button', { name: 'Soal 3, salah' }));
    const statements = screen.getByRole('table', { name: 'Pernyataan' });
    const rows = within(statements).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['Akar dari 16 adalah 4', 'Kosong', 'Benar'],
      ['Bilangan prima terkecil adalah 1', 'Kosong', 'Salah'],
    ]);
    expect(screen.getByTestId('jawaban')).toHaveTextContent('Kosong');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('names the statements Memperkuat/Memperlemah when group_text_type is 2, never Y/N', async () => {
    const [, , statementsSoal] = reviewMapel.soal;
    const review = {
      ...reviewMapel,
      soal: [
        {
          ...statementsSoal,
          group_text_type: 2,
          group_soal: [
            { soal: btoa('Data A'), jawaban: 'Y', kunci: 'Y' },
            { soal: btoa('Data B'), jawaban: 'Y', kunci: 'N' },
          ],
        },
      ],
    };
    mocked(fetchPembahasan).mockResolvedValue({ status: true, content: review });
    renderSheet({ stored: false });
    const statements = await screen.findByRole('table', { name: 'Pernyataan' });
    const cells = within(statements)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      );
    expect(cells).toEqual([
      ['Data A', 'Memperkuat', 'Memperkuat'],
      ['Data B', 'Memperkuat', 'Memperlemah'],
    ]);
    expect(statements).not.toHaveTextContent(/\b[YN]\b/);
  });

  it('loads the review itself after a reload', async () => {
    mocked(fetchPembahasan).mockResolvedValue({ status: true, content: reviewMapel });
    renderSheet({ stored: false });
    expect(await screen.findByRole('heading', { name: 'Penalaran Matematika' })).toBeInTheDocument();
    expect(fetchPembahasan).toHaveBeenCalledWith({ idsiswa: 1, idjadwal: 1, idmapel: 11 });
  });

  it('shows "Data Pembahasan Tidak Ditemukan" and "Gagal" when the subject is not finished', async () => {
    mocked(fetchPembahasan).mockResolvedValue({ status: false, message: 'Tryout ini belum dikerjakan' });
    renderSheet({ stored: false });
    expect(await screen.findByText('Data Pembahasan Tidak Ditemukan')).toBeInTheDocument();
    expect(showError).toHaveBeenCalledWith('Gagal', 'Tryout ini belum dikerjakan');
    expect(fetchPembahasan).toHaveBeenCalledTimes(1);
  });
});
