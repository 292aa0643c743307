import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import type { ProfileUser } from '../../../src/contract';
import type { AppState } from '../../../src/client/app/rootReducer';
import { makeStore } from '../../../src/client/app/store';
import SheetTryoutPage from '../../../src/client/features/tryoutPaket/pages/SheetTryoutPage';
import {
  HASH,
  ID_JADWAL,
  ID_MAPEL,
  eventProfil,
  profil,
  runningState,
} from '../../helpers/tryoutPaketFixtures';
import { heldMemoryRouter } from '../../helpers/heldMemoryRouter';

const sheetUrl = `/to/${ID_JADWAL}/sheet/${HASH}/${btoa(String(ID_MAPEL))}`;

/** The sheet in the app's router (its guards hold navigations), with the sagas off: we look at what it dispatches. */
function renderSheet(state: AppState) {
  const store = makeStore(state, { runSaga: false });
  const dispatched: UnknownAction[] = [];
  const dispatch = store.dispatch;
  store.dispatch = ((action: UnknownAction) => {
    dispatched.push(action);
    return dispatch(action);
  }) as typeof store.dispatch;
  const { element } = heldMemoryRouter(
    [
      { path: '/to/:id/sheet/:hash/:idMapel', element: <SheetTryoutPage /> },
      { path: '/to/:id', element: <h1>Halaman Detail</h1> },
    ],
    [sheetUrl],
  );
  render(<Provider store={store}>{element}</Provider>);
  return { store, dispatched, user: userEvent.setup() };
}

function withAnswers(user: ProfileUser, answers: Record<number, string>, overrides = {}) {
  const state = runningState({ detailMapel: { id_mapel: ID_MAPEL, sisa_waktu: 299 }, ...overrides }, user);
  state.run = { ...state.run, clock: { deadline: null, sisaWaktu: 299 } };
  state.tryoutPaket.soal = state.tryoutPaket.soal.map((soal) =>
    answers[soal.nomor] !== undefined ? { ...soal, jawaban_siswa: answers[soal.nomor] } : soal,
  );
  return state;
}

const steps = () => within(screen.getByRole('navigation', { name: /Soal/ })).getAllByRole('button');
const optionLetters = () =>
  within(screen.getByRole('radiogroup'))
    .getAllByRole('radio')
    .map((radio) => (radio as HTMLInputElement).value);

describe('package answer sheet', () => {
  it('shows the subject, the mm:ss countdown and the steps: green current, orange answered, grey otherwise', () => {
    renderSheet(withAnswers(profil(), { 2: '42' }, { nomorAktif: 0 }));
    expect(screen.getByRole('heading', { name: 'Penalaran Umum' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('04:59');
    expect(steps().map((step) => step.dataset.tone)).toEqual(['current', 'answered', 'idle', 'idle']);
    expect(steps()[0]).toHaveStyle({ backgroundColor: '#198754' });
    expect(steps()[1]).toHaveStyle({ backgroundColor: '#fd7e14' });
  });

  it('locks answered questions for a regular student, not for an event student', () => {
    renderSheet(withAnswers(profil(), { 2: '42' }));
    expect(steps()[1]).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('keeps answered questions open for an event student', () => {
    renderSheet(withAnswers(eventProfil(), { 2: '42' }));
    expect(steps()[1]).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('offers A to E to a regular SMA 12 IPA student and sends the choice', async () => {
    const { dispatched, user } = renderSheet(withAnswers(profil(), {}));
    expect(optionLetters()).toEqual(['A', 'B', 'C', 'D', 'E']);
    await user.click(screen.getByRole('radio', { name: 'Pilihan C' }));
    expect(dispatched).toContainEqual({
      type: 'tryoutPaket/answerRequested',
      payload: { id_jawaban: 501, jawaban: 'C' },
    });
  });

  it('offers only A to D to a regular SMP student, and A to E to others whatever their minat', () => {
    renderSheet(
      withAnswers(profil({ lembaga: 'tutorindonesia', minat: 'SMP KELAS 9', jumlah_pilihan: 4 }), {}),
    );
    expect(optionLetters()).toEqual(['A', 'B', 'C', 'D']);
  });

  it('offers A to E to a non-regular student with an SMP minat', () => {
    renderSheet(
      withAnswers(profil({ lembaga: 'Bimbel Nusantara', minat: 'SMP KELAS 9', jenis_siswa: 'umum' }), {}),
    );
    expect(optionLetters()).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('hides Prev on the first question and Next on the last', async () => {
    const { user } = renderSheet(withAnswers(eventProfil(), {}));
    expect(screen.queryByRole('button', { name: 'Prev' })).not.toBeInTheDocument();
    await user.click(steps()[3]);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeInTheDocument();
  });

  it('saves a short answer when the box is left', async () => {
    const { dispatched, user } = renderSheet(withAnswers(eventProfil(), {}, { nomorAktif: 1 }));
    await user.type(screen.getByRole('textbox', { name: 'Jawaban' }), '0,5');
    expect(dispatched.filter((action) => action.type === 'tryoutPaket/answerRequested')).toHaveLength(0);
    await user.tab();
    expect(dispatched).toContainEqual({
      type: 'tryoutPaket/answerRequested',
      payload: { id_jawaban: 502, jawaban: '0,5' },
    });
    expect(screen.getByRole('button', { name: 'Batalkan Jawaban' })).toBeInTheDocument();
  });

  it('shows statements under Benar/Salah and sends each Y/N', async () => {
    const { dispatched, user } = renderSheet(withAnswers(eventProfil(), {}, { nomorAktif: 2 }));
    expect(screen.getByRole('columnheader', { name: 'Benar' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Salah' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Salah pernyataan 2' }));
    expect(dispatched).toContainEqual({
      type: 'tryoutPaket/groupAnswerRequested',
      payload: { id_jawaban: 503, id_jawaban_group: 902, jawaban: 'N' },
    });
    await user.click(screen.getByRole('button', { name: 'Batalkan Pilihan' }));
    expect(dispatched).toContainEqual({
      type: 'tryoutPaket/answerCancelRequested',
      payload: { id_jawaban: 503 },
    });
  });

  it('heads statements Memperkuat/Memperlemah when group_text_type is 2', () => {
    const state = withAnswers(eventProfil(), {}, { nomorAktif: 2 });
    state.tryoutPaket.soal[2] = { ...state.tryoutPaket.soal[2], group_text_type: 2 };
    renderSheet(state);
    expect(screen.getByRole('columnheader', { name: 'Memperkuat' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Memperlemah' })).toBeInTheDocument();
  });

  it('takes an essay in a text area', () => {
    renderSheet(withAnswers(eventProfil(), { 4: 'Uraian saya' }, { nomorAktif: 3 }));
    const essay = screen.getByRole('textbox', { name: 'Jawaban' });
    expect(essay.tagName).toBe('TEXTAREA');
    expect(essay).toHaveValue('Uraian saya');
  });

  it('sanitizes the question HTML', () => {
    const state = withAnswers(eventProfil(), {});
    state.tryoutPaket.soal[0] = {
      ...state.tryoutPaket.soal[0],
      soal: '<p>Hitung <b>x</b></p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>',
    };
    renderSheet(state);
    expect(screen.getByText('x', { selector: 'b' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    // An image that is neither from /konten nor a data:image URI is removed with its handler.
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows "Selesaikan Ujian" to regular students only, and the Petunjuk khusus panel to all', async () => {
    const { dispatched, user } = renderSheet(withAnswers(profil(), {}));
    await user.click(screen.getByRole('button', { name: 'Selesaikan Ujian' }));
    expect(dispatched).toContainEqual({ type: 'tryoutPaket/finishRequested', payload: undefined });
    expect(screen.getByText('Petunjuk khusus')).toBeInTheDocument();
    expect(screen.getByText(/Petunjuk B: soal terdiri atas pernyataan dan alasan/)).not.toBeVisible();
    await user.click(screen.getByText('Petunjuk khusus'));
    expect(screen.getByText(/Petunjuk B: soal terdiri atas pernyataan dan alasan/)).toBeVisible();
  });

  it('hides "Selesaikan Ujian" from event students', () => {
    renderSheet(withAnswers(eventProfil(), {}));
    expect(screen.queryByRole('button', { name: 'Selesaikan Ujian' })).not.toBeInTheDocument();
  });

  it('goes back to the detail page without stored questions', async () => {
    renderSheet(runningState({ soal: [], isRunning: false, run: null }));
    expect(await screen.findByRole('heading', { name: 'Halaman Detail' })).toBeInTheDocument();
  });

  it('opens the subject when it mounts', () => {
    const { dispatched } = renderSheet(withAnswers(profil(), {}));
    expect(dispatched[0]).toEqual({
      type: 'tryoutPaket/sheetOpened',
      payload: { idJadwal: ID_JADWAL, kategoriHash: HASH, idMapel: ID_MAPEL },
    });
  });
});
