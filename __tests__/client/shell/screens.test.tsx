import { screen, waitFor, within } from '@testing-library/react';
import { login, logout } from '../../../src/client/api/auth';
import { fetchJadwal } from '../../../src/client/api/jadwal';
import { fetchProfileUser } from '../../../src/client/api/profile';
import { App } from '../../../src/client/app/App';
import { jadwalInitialState } from '../../../src/client/features/jadwal/slice';
import { readSession } from '../../../src/client/session/cookies';
import { demoStudents, jadwalItem, loggedInState } from '../../helpers/clientFixtures';
import { renderWithProviders } from '../../helpers/renderWithProviders';

jest.mock('../../../src/client/api/auth');
jest.mock('../../../src/client/api/jadwal');
jest.mock('../../../src/client/api/profile');
jest.mock('../../../src/client/components/dialogs');

beforeEach(() => jest.resetAllMocks());

describe('routes and guards', () => {
  it('an unknown path shows the 404 page with a link home', async () => {
    renderWithProviders(<App />, { route: '/tidak-ada' });
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    expect(screen.getByText("Sorry, we couldn't find the page you're looking for.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it('a protected page without a session shows the login page', async () => {
    renderWithProviders(<App />, { route: '/to' });
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeInTheDocument();
  });

  it('/login with a session goes to the dashboard through /', async () => {
    renderWithProviders(<App />, { route: '/login', preloadedState: loggedInState(demoStudents.reguler) });
    expect(await screen.findByRole('heading', { name: 'Halo, Rizky!' })).toBeInTheDocument();
  });
});

describe('login page', () => {
  it('shows "Masukkan Username" and "Masukkan Password" under empty fields and does not submit', async () => {
    const { user } = renderWithProviders(<App />, { route: '/login' });
    await user.click(await screen.findByRole('button', { name: 'Masuk' }));
    expect(screen.getByText('Masukkan Username')).toBeInTheDocument();
    expect(screen.getByText('Masukkan Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Masukkan Username');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Masukkan Password');
    expect(screen.getByLabelText('Password')).toBeInvalid();

    await user.type(screen.getByLabelText('Username'), 'reguler');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(screen.queryByText('Masukkan Username')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeValid();
    expect(screen.getByText('Masukkan Password')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('reads "Processing..." while waiting, then clears the fields after a refusal', async () => {
    let answer: (value: { status: false; message: string }) => void = () => undefined;
    jest.mocked(login).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = renderWithProviders(<App />, { route: '/login' });
    await user.type(await screen.findByLabelText('Username'), 'reguler');
    await user.type(screen.getByLabelText('Password'), 'salah');
    await user.click(screen.getByRole('button', { name: 'Masuk' }));

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(login).toHaveBeenCalledWith({
      code: 's',
      isgoogle: false,
      username: 'reguler',
      password: 'salah',
    });

    answer({ status: false, message: 'Username atau password salah' });
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeEnabled();
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('the eye button shows and hides the password; the sign-up link leaves the app', async () => {
    const { user } = renderWithProviders(<App />, { route: '/login' });
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Tampilkan password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Sembunyikan password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Daftar di sini' })).toHaveAttribute(
      'href',
      'https://siaptes.id/daftar',
    );
  });
});

describe('dashboard by student type', () => {
  const menuCards = () =>
    within(screen.getByRole('heading', { name: 'Menu', level: 2 }).parentElement as HTMLElement);

  it('event student (akbar, TO Akbar): 185-minute IRT text, banner, extra cards, no Permateri card', async () => {
    renderWithProviders(<App />, { route: '/home', preloadedState: loggedInState(demoStudents.akbar) });
    const welcome = await screen.findByText(/berlangsung selama 185 menit/);
    expect(welcome).toHaveTextContent(/ujian nasional yang sesungguhnya \(UTBK\/SNBT\)/);
    expect(welcome).toHaveTextContent(/sistem IRT/);
    expect(screen.getByTestId('banner-akbar')).toHaveTextContent('Tryout Akbar UTBK/SNBT');
    expect(screen.getByRole('link', { name: 'Pilihan Program' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Hubungi Kami' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\//,
    );
    const cards = menuCards();
    expect(cards.getByRole('link', { name: 'Petunjuk TO' })).toBeInTheDocument();
    expect(cards.getByRole('link', { name: 'Tryout Paket' })).toBeInTheDocument();
    expect(cards.queryByRole('link', { name: 'Tryout Permateri' })).not.toBeInTheDocument();
  });

  it('event is recognised without accents and case: "Tó akbar"', async () => {
    const user = { ...demoStudents.akbar, lembaga: 'Tó akbar', id_program: 1 };
    renderWithProviders(<App />, { route: '/home', preloadedState: loggedInState(user) });
    expect(await screen.findByTestId('banner-akbar')).toBeInTheDocument();
    expect(menuCards().queryByRole('link', { name: 'Tryout Permateri' })).not.toBeInTheDocument();
  });

  it.each([
    ['reguler', demoStudents.reguler],
    ['tutor', demoStudents.tutor],
  ])('regular student (%s): assessment text, Permateri card, no banner', async (_name, student) => {
    renderWithProviders(<App />, { route: '/home', preloadedState: loggedInState(student) });
    expect(await screen.findByText(/Selamat datang di asesmen SiapTes!/)).toBeInTheDocument();
    expect(screen.queryByTestId('banner-akbar')).not.toBeInTheDocument();
    expect(menuCards().getByRole('link', { name: 'Tryout Permateri' })).toHaveAttribute(
      'href',
      '/to-permateri',
    );
    expect(screen.queryByText(/185 menit/)).not.toBeInTheDocument();
  });

  it('other student (umum, Bimbel Nusantara, program 2): default text and the Permateri card', async () => {
    renderWithProviders(<App />, { route: '/home', preloadedState: loggedInState(demoStudents.umum) });
    expect(await screen.findByText(/Selamat datang di SiapTes! Pilih menu/)).toBeInTheDocument();
    expect(screen.queryByTestId('banner-akbar')).not.toBeInTheDocument();
    expect(menuCards().getByRole('link', { name: 'Tryout Permateri' })).toBeInTheDocument();
  });

  it('a programme outside 1, 2, 5, 6, 7 has no Permateri card', async () => {
    const student = { ...demoStudents.umum, id_program: 4 };
    renderWithProviders(<App />, { route: '/home', preloadedState: loggedInState(student) });
    await screen.findByText(/Selamat datang di SiapTes!/);
    expect(menuCards().queryByRole('link', { name: 'Tryout Permateri' })).not.toBeInTheDocument();
    expect(menuCards().getByRole('link', { name: 'Hasil' })).toHaveAttribute('href', '/hasil');
    expect(menuCards().getByRole('link', { name: 'Ranking' })).toHaveAttribute('href', '/rangking');
  });

  it('"Show More" expands the welcome text and becomes "Show Less"', async () => {
    const { user } = renderWithProviders(<App />, {
      route: '/home',
      preloadedState: loggedInState(demoStudents.umum),
    });
    const toggle = await screen.findByRole('button', { name: 'Show More' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('layout', () => {
  it('shows the full name and username in the menu, and Sign Out logs out', async () => {
    jest.mocked(logout).mockResolvedValue({ status: true, message: 'Logout berhasil' });
    const { user, store } = renderWithProviders(<App />, {
      route: '/home',
      preloadedState: loggedInState(demoStudents.tutor, { cookies: true }),
    });
    expect(await screen.findByRole('button', { name: 'Buka menu' })).toHaveAttribute(
      'aria-controls',
      'main-menu',
    );
    const mobileUser = await screen.findByTestId('mobile-user');
    expect(mobileUser).toHaveTextContent('Aisyah Putri Ramadhani');
    expect(mobileUser).toHaveTextContent('tutor');
    for (const [name, href] of [
      ['Dashboard', '/home'],
      ['Tryout Permateri', '/to-permateri'],
      ['Tryout Paket', '/to'],
      ['Hasil', '/hasil'],
      ['Ranking', '/rangking'],
      ['Petunjuk TO', '/petunjuk-to'],
    ]) {
      expect(screen.getAllByRole('link', { name }).some((link) => link.getAttribute('href') === href)).toBe(
        true,
      );
    }

    await user.click(screen.getAllByRole('button', { name: 'Sign Out' })[0]);
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeInTheDocument();
    expect(logout).toHaveBeenCalledWith({ code: 's', username: 'tutor', password: '' });
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(readSession()).toBeNull();
  });

  it('fetches the profile when the stored one is missing', async () => {
    jest.mocked(fetchProfileUser).mockResolvedValue({ status: true, content: demoStudents.reguler });
    const state = loggedInState(demoStudents.reguler);
    renderWithProviders(<App />, {
      route: '/home',
      preloadedState: { ...state, profile: { idProfil: null, profilUser: null, loadStatus: 'idle' } },
    });
    expect(await screen.findByRole('heading', { name: 'Halo, Rizky!' })).toBeInTheDocument();
    expect(fetchProfileUser).toHaveBeenCalledWith(1);
  });
});

describe('jadwal page', () => {
  it('shows spinners while the lists load', async () => {
    jest.mocked(fetchJadwal).mockReturnValue(new Promise(() => undefined));
    renderWithProviders(<App />, { route: '/to', preloadedState: loggedInState(demoStudents.reguler) });
    await waitFor(() => expect(screen.getAllByText('Processing...')).toHaveLength(3));
  });

  it('renders the three tables with buttons by status and the empty state', async () => {
    const preloadedState = {
      ...loggedInState(demoStudents.reguler),
      jadwal: {
        ...jadwalInitialState,
        current: [jadwalItem(11, 1, '0'), jadwalItem(12, 2, '5')],
        future: [],
        previous: [jadwalItem(21, 7, '5'), jadwalItem(22, 8, '0')],
        status: { current: 'loaded', future: 'loaded', previous: 'loaded' } as const,
      },
    };
    renderWithProviders(<App />, { route: '/to', preloadedState });

    const ready = within(
      (await screen.findByRole('heading', { name: 'Siap Dikerjakan' })).closest('section')!,
    );
    expect(ready.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'No',
      'Paket Tryout',
      'Tanggal Berakhir',
      'Aksi',
    ]);
    expect(ready.getByRole('row', { name: /Paket #1/ })).toHaveTextContent('21 Juni 2025 23:59');
    expect(
      within(ready.getByRole('row', { name: /Paket #1/ })).getByRole('link', { name: 'Mulai' }),
    ).toHaveAttribute('href', '/to/11');
    expect(
      within(ready.getByRole('row', { name: /Paket #2/ })).getByRole('link', { name: 'Pembahasan' }),
    ).toHaveAttribute('href', '/to/12');

    const upcoming = within(screen.getByRole('heading', { name: 'Akan Datang' }).closest('section')!);
    expect(upcoming.getByText('Data Tidak Ditemukan')).toBeInTheDocument();

    const past = within(screen.getByRole('heading', { name: 'Sudah Lewat' }).closest('section')!);
    expect(
      within(past.getByRole('row', { name: /Paket #7/ })).getByRole('link', { name: 'Pembahasan' }),
    ).toHaveAttribute('href', '/to/21');
    expect(
      within(past.getByRole('row', { name: /Paket #8/ })).getByRole('button', { name: 'Tidak Diselesaikan' }),
    ).toBeDisabled();
    // Cached lists: no call.
    expect(fetchJadwal).not.toHaveBeenCalled();
  });
});

describe('profil page', () => {
  it('shows every profile field fetched from the server', async () => {
    const fresh = { ...demoStudents.reguler, no_telp: '081200000099' };
    jest.mocked(fetchProfileUser).mockResolvedValue({ status: true, content: fresh });
    renderWithProviders(<App />, { route: '/profil', preloadedState: loggedInState(demoStudents.reguler) });

    expect(await screen.findByText('081200000099')).toBeInTheDocument();
    const expected: [string, string][] = [
      ['Nama Lengkap', 'Muhammad Rizky Pratama'],
      ['Nama Panggilan', 'Rizky'],
      ['Username', 'reguler'],
      ['No. Telepon', '081200000099'],
      ['No. Telepon Alternatif', '081398765401'],
      ['Alamat Rumah', 'Jl. Kaliurang Km 5 No. 12, Caturtunggal, Depok, Sleman, DI Yogyakarta 55281'],
      ['Email', 'rizky.pratama@siswa.siaptes.id'],
      ['Kelas', 'XII — SMA'],
      ['Sekolah', 'SMA Negeri 3 Yogyakarta'],
      ['Kurikulum', 'Kurikulum Merdeka'],
      ['Minat', 'SMA KELAS 12 IPA'],
    ];
    for (const [label, value] of expected) {
      const term = screen.getByText(label, { selector: 'dt' });
      expect(term.nextElementSibling).toHaveTextContent(value);
    }
    expect(fetchProfileUser).toHaveBeenCalledWith(1);
  });
});

describe('petunjuk page', () => {
  it('embeds the instructions document', async () => {
    renderWithProviders(<App />, { route: '/petunjuk-to', preloadedState: loggedInState(demoStudents.umum) });
    expect(await screen.findByTitle('Petunjuk mengerjakan tryout SiapTes')).toHaveAttribute(
      'src',
      '/petunjuk-to.html',
    );
  });
});
