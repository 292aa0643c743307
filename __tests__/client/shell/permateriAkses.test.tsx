/**
 * Per-topic tryouts are only for the students the dashboard shows them to (never an event student; programmes 1,
 * 2, 5, 6, 7): the menu entry is absent for the others, and a per-topic page opened by its URL says why instead of
 * loading anything.
 */
import { screen, waitFor } from '@testing-library/react';
import { fetchPembahasanMateri } from '../../../src/client/api/hasil';
import { fetchProfileUser } from '../../../src/client/api/profile';
import { fetchMateriKategori } from '../../../src/client/api/tryoutMateri';
import { App } from '../../../src/client/app/App';
import type { ProfileUser } from '../../../src/contract';
import { demoStudents, loggedInState } from '../../helpers/clientFixtures';
import { renderWithProviders } from '../../helpers/renderWithProviders';

jest.mock('../../../src/client/api/hasil');
jest.mock('../../../src/client/api/jadwal');
jest.mock('../../../src/client/api/profile');
jest.mock('../../../src/client/api/tryoutMateri');
jest.mock('../../../src/client/components/dialogs');

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(fetchMateriKategori).mockResolvedValue({
    status: true,
    content: { kategori: [{ id: 1, name: 'Saintek' }] },
  });
});

const REFUSAL = 'Tryout permateri tidak tersedia untuk akun kamu';
const programTiga: ProfileUser = { ...demoStudents.reguler, id_program: 3 };

function menuLinks(): string[] {
  return screen
    .queryAllByRole('link', { name: 'Tryout Permateri' })
    .map((link) => link.getAttribute('href') ?? '');
}

describe('the Tryout Permateri menu entry', () => {
  it.each([
    ['akbar (event student)', demoStudents.akbar],
    ['a regular student of programme 3', programTiga],
  ])('is absent for %s', async (_name, student) => {
    renderWithProviders(<App />, { route: '/petunjuk-to', preloadedState: loggedInState(student) });
    expect(await screen.findByRole('link', { name: 'Tryout Paket' })).toBeInTheDocument();
    expect(menuLinks()).toEqual([]);
  });

  it.each([
    ['reguler (programme 1)', demoStudents.reguler],
    ['tutor (programme 5)', demoStudents.tutor],
    ['umum (programme 2)', demoStudents.umum],
  ])('is present for %s', async (_name, student) => {
    renderWithProviders(<App />, { route: '/petunjuk-to', preloadedState: loggedInState(student) });
    expect(await screen.findByRole('link', { name: 'Tryout Paket' })).toBeInTheDocument();
    expect(menuLinks()).toContain('/to-permateri');
  });
});

describe('a per-topic page opened by its URL', () => {
  it.each(['/to-permateri', '/to-permateri/7', '/pembahasan/7'])(
    'tells akbar it is not for his account at %s, and loads nothing',
    async (route) => {
      renderWithProviders(<App />, { route, preloadedState: loggedInState(demoStudents.akbar) });
      expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Tryout Permateri' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Kembali ke Dashboard' })).toHaveAttribute('href', '/home');
      expect(fetchMateriKategori).not.toHaveBeenCalled();
      expect(fetchPembahasanMateri).not.toHaveBeenCalled();
    },
  );

  it('refuses a regular student outside programmes 1, 2, 5, 6, 7 too', async () => {
    renderWithProviders(<App />, { route: '/to-permateri', preloadedState: loggedInState(programTiga) });
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
  });

  it('opens for a student who may take per-topic tryouts', async () => {
    renderWithProviders(<App />, {
      route: '/to-permateri',
      preloadedState: loggedInState(demoStudents.reguler),
    });
    expect(await screen.findByRole('button', { name: 'Saintek' })).toBeInTheDocument();
    expect(screen.queryByText(REFUSAL)).not.toBeInTheDocument();
  });

  it('waits for the profile before deciding', async () => {
    let answer: (value: { status: true; content: ProfileUser }) => void = () => undefined;
    jest.mocked(fetchProfileUser).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const state = loggedInState(demoStudents.akbar);
    renderWithProviders(<App />, {
      route: '/to-permateri',
      preloadedState: { ...state, profile: { idProfil: null, profilUser: null, loadStatus: 'idle' } },
    });
    await waitFor(() => expect(fetchProfileUser).toHaveBeenCalled());
    expect(screen.queryByText(REFUSAL)).not.toBeInTheDocument();
    expect(fetchMateriKategori).not.toHaveBeenCalled();
    answer({ status: true, content: demoStudents.akbar });
    expect(await screen.findByText(REFUSAL)).toBeInTheDocument();
    expect(fetchMateriKategori).not.toHaveBeenCalled();
  });
});
