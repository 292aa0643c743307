/**
 * The leave guards where they run: the sheets inside the app's router (lib/HeldRouter.tsx, over a memory history)
 * with the real store and root saga; only the calls and the dialogs are stand-ins.
 */
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { StatusMapelBody } from '../../../src/contract';
import { updateStatusMapel } from '../../../src/client/api/tryoutPaket';
import type { AppState } from '../../../src/client/app/rootReducer';
import { makeStore } from '../../../src/client/app/store';
import { showError } from '../../../src/client/components/dialogs';
import SheetTryoutPage from '../../../src/client/features/tryoutPaket/pages/SheetTryoutPage';
import MateriSheetPage from '../../../src/client/features/tryoutMateri/pages/MateriSheetPage';
import { createFakeClock, setClock } from '../../../src/client/lib/clock';
import {
  HASH,
  ID_JADWAL,
  ID_MAPEL,
  eventProfil,
  profil,
  runningState,
} from '../../helpers/tryoutPaketFixtures';
import { ID_MATERI, materiState } from '../../helpers/tryoutMateriFixtures';
import { heldMemoryRouter } from '../../helpers/heldMemoryRouter';

jest.mock('../../../src/client/components/dialogs', () => ({
  showError: jest.fn(() => Promise.resolve()),
  showFailed: jest.fn(() => Promise.resolve()),
  showCallError: jest.fn(() => Promise.resolve()),
  showMessage: jest.fn(() => Promise.resolve()),
  confirmDialog: jest.fn(() => Promise.resolve(false)),
  forcedDialog: jest.fn(() => Promise.resolve()),
  toast: jest.fn(() => Promise.resolve()),
}));
jest.mock('../../../src/client/api/tryoutPaket', () => ({
  ...jest.requireActual('../../../src/client/api/tryoutPaket'),
  updateStatusMapel: jest.fn(),
  startPaket: jest.fn(),
  saveAnswerPaket: jest.fn(),
  fetchPreviewPaket: jest.fn(),
}));

const status = jest.mocked(updateStatusMapel);
const errorDialog = jest.mocked(showError);
const sheetUrl = `/to/${ID_JADWAL}/sheet/${HASH}/${btoa(String(ID_MAPEL))}`;
const opened = { status: true, message: 'ok', content: { sisa_waktu: 432, status: 0 } };

let restoreClock: () => void = () => undefined;
beforeEach(() => {
  // The countdown stands still: only the guards move.
  restoreClock = setClock(createFakeClock(1_000));
  status.mockReset();
  errorDialog.mockClear();
});
afterEach(() => restoreClock());

function renderAt(url: string, state: AppState, before: string[] = []) {
  const store = makeStore(state);
  const { history, element } = heldMemoryRouter(
    [
      { path: '/to/:id/sheet/:hash/:idMapel', element: <SheetTryoutPage /> },
      { path: '/to-permateri/:id', element: <MateriSheetPage /> },
      { path: '/home', element: <h1>Beranda</h1> },
    ],
    [...before, url],
  );
  render(<Provider store={store}>{element}</Provider>);
  return { store, router: history };
}

/** A link's navigation (`to`), or the browser's back button (-1); then the leave saga's verdict. */
async function leaveTo(router: ReturnType<typeof heldMemoryRouter>['history'], to: string | -1) {
  await act(async () => {
    if (to === -1) router.go(-1);
    else router.push(to);
  });
  // Let the leave saga give its verdict.
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const sheetState = (user = profil()) =>
  runningState({ detailMapel: { id_mapel: ID_MAPEL, sisa_waktu: 432 } }, user);

describe('the package sheet guard', () => {
  it('holds a non-regular student on the sheet and shows "failed" / "nonono"', async () => {
    status.mockResolvedValue(opened);
    const { router } = renderAt(sheetUrl, sheetState(eventProfil()));
    expect(await screen.findByRole('heading', { name: 'Penalaran Umum' })).toBeInTheDocument();
    await leaveTo(router, '/home');
    expect(errorDialog).toHaveBeenCalledWith('failed', 'nonono');
    expect(router.location.pathname).toBe(sheetUrl);
    expect(screen.getByRole('heading', { name: 'Penalaran Umum' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Beranda' })).not.toBeInTheDocument();
  });

  it("saves a regular student's remaining time first, then lets them go", async () => {
    status.mockResolvedValue(opened);
    const { router } = renderAt(sheetUrl, sheetState());
    await screen.findByRole('heading', { name: 'Penalaran Umum' });
    await act(async () => undefined);
    const before = status.mock.calls.length;
    await leaveTo(router, '/home');
    expect(await screen.findByRole('heading', { name: 'Beranda' })).toBeInTheDocument();
    const leaving = status.mock.calls.slice(before).map((args) => args[1] as StatusMapelBody);
    expect(leaving).toEqual([
      { id_siswa: 7, id_mapel: ID_MAPEL, kategori: HASH, sisa_waktu: 432, status: 0 },
    ]);
    expect(errorDialog).not.toHaveBeenCalled();
  });

  it('keeps a regular student on the sheet when the time cannot be saved', async () => {
    status.mockResolvedValueOnce(opened).mockRejectedValue(new Error('Network Error'));
    const { router } = renderAt(sheetUrl, sheetState());
    await screen.findByRole('heading', { name: 'Penalaran Umum' });
    await act(async () => undefined);
    await leaveTo(router, '/home');
    expect(errorDialog).toHaveBeenCalledWith('Error', 'Failed to update timer');
    expect(router.location.pathname).toBe(sheetUrl);
    expect(screen.queryByRole('heading', { name: 'Beranda' })).not.toBeInTheDocument();
  });
});

describe("the browser's back button on the package sheet", () => {
  it('holds a non-regular student on the sheet with "failed" / "nonono"', async () => {
    status.mockResolvedValue(opened);
    const { router } = renderAt(sheetUrl, sheetState(eventProfil()), ['/home']);
    await screen.findByRole('heading', { name: 'Penalaran Umum' });
    await leaveTo(router, -1);
    expect(errorDialog).toHaveBeenCalledWith('failed', 'nonono');
    expect(router.location.pathname).toBe(sheetUrl);
    expect(screen.getByRole('heading', { name: 'Penalaran Umum' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Beranda' })).not.toBeInTheDocument();
  });

  it("goes back once a regular student's remaining time is saved", async () => {
    status.mockResolvedValue(opened);
    const { router } = renderAt(sheetUrl, sheetState(), ['/home']);
    await screen.findByRole('heading', { name: 'Penalaran Umum' });
    await act(async () => undefined);
    const before = status.mock.calls.length;
    await leaveTo(router, -1);
    expect(await screen.findByRole('heading', { name: 'Beranda' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/home');
    expect(status.mock.calls.slice(before).map((args) => (args[1] as StatusMapelBody).status)).toEqual([0]);
  });
});

describe('the per-topic sheet guard', () => {
  it('holds the student on the running topic with an error dialog', async () => {
    const { router } = renderAt(`/to-permateri/${ID_MATERI}`, materiState());
    expect(await screen.findByRole('heading', { name: 'Bilangan Berpangkat' })).toBeInTheDocument();
    await leaveTo(router, '/home');
    expect(errorDialog).toHaveBeenCalledWith(
      'Error',
      'Tryout materi masih berjalan. Selesaikan ujian dahulu sebelum pindah halaman.',
    );
    expect(router.location.pathname).toBe(`/to-permateri/${ID_MATERI}`);
    expect(screen.queryByRole('heading', { name: 'Beranda' })).not.toBeInTheDocument();
  });
});
