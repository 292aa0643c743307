import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { Link, MemoryRouter } from 'react-router-dom';
import { useRef } from 'react';
import { useFocusOnNavigate } from '../../../src/client/app/useFocusOnNavigate';
import { makeStore } from '../../../src/client/app/store';
import { Countdown } from '../../../src/client/components/Countdown';
import { DataTable } from '../../../src/client/components/DataTable';
import { StepBar } from '../../../src/client/components/StepBar';
import { OptionList } from '../../../src/client/components/question/OptionList';
import HasilPage from '../../../src/client/features/hasil/pages/HasilPage';
import PreviewTryoutPage from '../../../src/client/features/tryoutPaket/pages/PreviewTryoutPage';
import { demoStudents, loggedInState } from '../../helpers/clientFixtures';
import { heldMemoryRouter } from '../../helpers/heldMemoryRouter';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { HASH, ID_JADWAL, kategori, runningState } from '../../helpers/tryoutPaketFixtures';

jest.mock('../../../src/client/api/hasil', () => ({
  ...jest.requireActual('../../../src/client/api/hasil'),
  fetchHasilList: jest.fn(async () => ({ status: true, content: [] })),
  fetchHasilMateri: jest.fn(async () => ({ status: true, content: [] })),
  fetchHasilSkor: jest.fn(async () => ({ status: true, content: [] })),
}));

describe('step buttons say their number and state', () => {
  it('answer sheet: current, answered, unanswered and locked are in each name', () => {
    render(
      <StepBar
        label="Daftar Soal"
        onSelect={() => undefined}
        steps={[
          { label: '1', tone: 'answered', answered: true, disabled: true },
          { label: '2', tone: 'current', answered: true },
          { label: '3', tone: 'idle', answered: false },
        ]}
      />,
    );
    const buttons = within(screen.getByRole('navigation', { name: 'Daftar Soal' })).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Soal 1, sudah dijawab, terkunci',
      'Soal 2, sedang dibuka, sudah dijawab',
      'Soal 3, belum dijawab',
    ]);
    // The visible number is part of the name (WCAG 2.5.3), and the current step is marked for assistive tech.
    expect(buttons[1]).toHaveTextContent('2');
    expect(buttons[1]).toHaveAttribute('aria-current', 'step');
    expect(buttons[0]).not.toHaveAttribute('aria-current');
    // Orange carries dark text: white on #fd7e14 is below AA contrast.
    expect(buttons[0]).toHaveStyle({ backgroundColor: '#fd7e14', color: '#212529' });
  });
});

describe('the countdown speaks only at five minutes and at time-up', () => {
  const live = () => screen.getByRole('status');
  it.each([
    [null, ''],
    [1800, ''],
    [301, ''],
    [300, 'Waktu tinggal 5 menit lagi!'],
    [299, 'Waktu tinggal 5 menit lagi!'],
    [1, 'Waktu tinggal 5 menit lagi!'],
    [0, 'Waktu Habis!'],
  ])('%s seconds left → live region "%s"', (seconds, announced) => {
    render(<Countdown seconds={seconds} label="Sisa waktu" />);
    expect(live()).toHaveTextContent(announced === '' ? /^$/ : announced);
    expect(live()).toHaveAttribute('aria-live', 'assertive');
    // The ticking timer itself is not live (it would speak every second).
    expect(screen.getByRole('timer', { name: 'Sisa waktu' })).not.toHaveAttribute('aria-live');
  });

  it('the live text does not change between ticks inside the last five minutes', () => {
    const { rerender } = render(<Countdown seconds={250} label="Sisa waktu" />);
    const before = live().textContent;
    rerender(<Countdown seconds={249} label="Sisa waktu" />);
    rerender(<Countdown seconds={248} label="Sisa waktu" />);
    expect(live().textContent).toBe(before);
    expect(screen.getByRole('timer')).toHaveTextContent('04:08');
  });
});

describe('choices by keyboard', () => {
  it('the options are one radio group; arrow keys choose; each option is described by its text', async () => {
    const chosen: string[] = [];
    render(
      <OptionList
        name="soal-1"
        chosen="0"
        onChoose={(letter) => chosen.push(letter)}
        options={[
          { letter: 'A', html: 'Jakarta' },
          { letter: 'B', html: 'Bandung' },
        ]}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Pilihan jawaban' });
    const a = within(group).getByRole('radio', { name: 'Pilihan A' });
    expect(a).toHaveAccessibleDescription('Jakarta');
    const user = userEvent.setup();
    await user.tab();
    expect(a).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    expect(chosen).toEqual(['A', 'B']);
  });
});

describe('tables on a phone', () => {
  it('every cell carries its column header, for the stacked layout', () => {
    render(
      <DataTable
        label="Hasil"
        items={[{ paket: 1, nilai: 700 }]}
        loading={false}
        rowKey={(item) => item.paket}
        columns={[
          { header: 'Paket', cell: (item) => `Paket #${item.paket}` },
          { header: 'Nilai', cell: (item) => item.nilai },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Hasil' });
    expect(table).toHaveClass('table-stack');
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((cell) => [cell.getAttribute('data-label'), cell.textContent])).toEqual([
      ['Paket', 'Paket #1'],
      ['Nilai', '700'],
    ]);
  });
});

describe('Hasil tabs by keyboard', () => {
  it('arrow keys, Home and End move between the tabs; only the selected one is in the Tab order', async () => {
    renderWithProviders(<HasilPage />, {
      route: '/hasil',
      preloadedState: loggedInState(demoStudents.reguler),
    });
    // The (empty) lists arrive first, so the key presses below meet a settled page.
    expect(await screen.findAllByText('Data Tidak Ditemukan')).not.toHaveLength(0);
    const paket = screen.getByRole('tab', { name: 'Hasil Tryout Paket' });
    expect(paket).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Status PTN' })).toHaveAttribute('tabindex', '-1');
    act(() => paket.focus());
    fireEvent.keyDown(paket, { key: 'ArrowRight' });
    const materi = screen.getByRole('tab', { name: 'Hasil Tryout Permateri' });
    expect(materi).toHaveFocus();
    expect(materi).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', 'panel-materi');
    fireEvent.keyDown(materi, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Status PTN' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Status PTN' }), { key: 'ArrowRight' });
    expect(paket).toHaveFocus();
    fireEvent.keyDown(paket, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Status PTN' })).toHaveAttribute('aria-selected', 'true');
  });
});

function Shell() {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);
  return (
    <>
      <Link to="/dua">Ke halaman dua</Link>
      <main ref={main} tabIndex={-1} data-testid="main" />
    </>
  );
}

describe('focus after navigation', () => {
  it('moves to the main region after a navigation, not on the first load', async () => {
    render(
      <MemoryRouter initialEntries={['/satu']}>
        <Shell />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('main')).not.toHaveFocus();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Ke halaman dua' }));
    expect(screen.getByTestId('main')).toHaveFocus();
  });
});

describe('Back after "Akhiri Tryout"', () => {
  it('an ended category never shows its preview with "Akhiri Tryout": it goes to the detail page', async () => {
    const state = runningState({ isRunning: false, run: null, detailPaket: [kategori({ is_selesai: 1 })] });
    const store = makeStore(state, { runSaga: false });
    const { history, element } = heldMemoryRouter(
      [
        { path: '/to/:id/preview/:hash', element: <PreviewTryoutPage /> },
        { path: '/to/:id', element: <h1>Halaman Detail</h1> },
      ],
      [`/to/${ID_JADWAL}/preview/${HASH}`],
    );
    render(<Provider store={store}>{element}</Provider>);
    expect(await screen.findByRole('heading', { name: 'Halaman Detail' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Akhiri Tryout' })).not.toBeInTheDocument();
    expect(history.location.pathname).toBe(`/to/${ID_JADWAL}`);
  });

  it('a category still running keeps its preview', async () => {
    const store = makeStore(runningState(), { runSaga: false });
    const { element } = heldMemoryRouter(
      [{ path: '/to/:id/preview/:hash', element: <PreviewTryoutPage /> }],
      [`/to/${ID_JADWAL}/preview/${HASH}`],
    );
    render(<Provider store={store}>{element}</Provider>);
    expect(await screen.findByRole('button', { name: 'Akhiri Tryout' })).toBeEnabled();
  });
});
