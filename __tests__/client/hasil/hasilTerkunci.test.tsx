/**
 * While a TO Akbar event runs, every place where its result figures would be (the result lists, the category
 * detail, the PTN status, the result PDF, the rankings) shows the server's sentence with the opening time, or in a
 * list "menunggu TO Akbar berakhir", never a figure, an error dialog or the Sync offer.
 */
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import {
  fetchHasilKategori,
  fetchHasilList,
  fetchHasilMateri,
  fetchHasilPtn,
  fetchHasilSkor,
} from '../../../src/client/api/hasil';
import { fetchRankingJurusan, fetchRankingPaket } from '../../../src/client/api/ranking';
import { confirmDialog, showCallError, showFailed } from '../../../src/client/components/dialogs';
import HasilKategoriPage from '../../../src/client/features/hasil/pages/HasilKategoriPage';
import HasilPage from '../../../src/client/features/hasil/pages/HasilPage';
import HasilPdfPage from '../../../src/client/features/hasil/pages/HasilPdfPage';
import PtnPage from '../../../src/client/features/hasil/pages/PtnPage';
import RankingPaketPage from '../../../src/client/features/ranking/pages/RankingPaketPage';
import RankingPilihanPage from '../../../src/client/features/ranking/pages/RankingPilihanPage';
import { demoStudents, loggedInState } from '../../helpers/clientFixtures';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { hasilPaketRow } from './fixtures';

jest.mock('../../../src/client/api/hasil', () => ({
  ...jest.requireActual('../../../src/client/api/hasil'),
  fetchHasilKategori: jest.fn(),
  fetchHasilList: jest.fn(),
  fetchHasilMateri: jest.fn(),
  fetchHasilPtn: jest.fn(),
  fetchHasilSkor: jest.fn(),
}));
jest.mock('../../../src/client/api/ranking');
jest.mock('../../../src/client/components/dialogs', () => ({
  ...jest.requireActual('../../../src/client/components/dialogs'),
  confirmDialog: jest.fn(async () => false),
  showCallError: jest.fn(async () => undefined),
  showFailed: jest.fn(async () => undefined),
}));
jest.mock('react-apexcharts', () => ({
  __esModule: true,
  default: (props: { series: { name: string; data: [number, number][] }[] }) => (
    <figure data-testid="apexchart">
      {props.series.map((s) => (
        <figcaption key={s.name}>{`${s.name}: ${s.data.map(([x, y]) => `${x}→${y}`).join(', ')}`}</figcaption>
      ))}
    </figure>
  ),
}));

const mocked = (fn: unknown) => fn as jest.Mock;
const SENTENCE = 'Hasil TO Akbar dibuka setelah 1 Desember 2026 21.00 WIB';
const LOCKED = { status: false, message: SENTENCE, dibuka_pada: '2026-12-01T14:00:30.000Z' };

beforeEach(() => jest.clearAllMocks());

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/hasil" element={<HasilPage />} />
      <Route path="/hasil/:id/kategori/:id2" element={<HasilKategoriPage />} />
      <Route path="/hasil/:id/kategori/:id2/pdf" element={<HasilPdfPage />} />
      <Route path="/hasil/:id/ptn" element={<PtnPage />} />
      <Route path="/rangking/:id/:id2" element={<RankingPaketPage />} />
      <Route path="/rangking/:id/pilihan/:id2" element={<RankingPilihanPage />} />
    </Routes>,
    { route, preloadedState: loggedInState(demoStudents.akbar) },
  );
}

/** The page shows the sentence under "Hasil belum dibuka", and no dialog opened. */
async function expectSentence() {
  expect(await screen.findByText(SENTENCE)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Hasil belum dibuka' })).toBeInTheDocument();
  expect(showFailed).not.toHaveBeenCalled();
  expect(showCallError).not.toHaveBeenCalled();
  expect(confirmDialog).not.toHaveBeenCalled();
}

describe('the result of a running TO Akbar event', () => {
  it('/hasil lists the event waiting, with no figure, no PDF and no point in the chart', async () => {
    mocked(fetchHasilList).mockResolvedValue({
      status: true,
      content: [
        hasilPaketRow,
        {
          paket: 9,
          type: 'TO Akbar',
          date: '1 Desember 2026',
          idjadwal: 9,
          kategori: 'TO Akbar',
          kategoriHash: 'akbar001',
          terkunci: SENTENCE,
        },
      ],
    });
    mocked(fetchHasilMateri).mockResolvedValue({ status: true, content: [] });
    mocked(fetchHasilSkor).mockResolvedValue({
      status: true,
      content: [
        { id: 1, paket: 1, tgl_selesai: '12 Mei 2025', skor: 612.5, type: 'UTBK' },
        { id: 9, paket: 9, tgl_selesai: '1 Desember 2026', type: 'TO Akbar', terkunci: SENTENCE },
      ],
    });
    renderAt('/hasil');
    const event = (await screen.findByRole('link', { name: 'TO Akbar' })).closest('tr') as HTMLElement;
    expect(within(event).getAllByText('menunggu TO Akbar berakhir')).toHaveLength(3);
    expect(within(event).getAllByTitle(SENTENCE)).toHaveLength(3);
    expect(within(event).queryByRole('link', { name: /Unduh PDF/ })).toBeNull();
    const regular = screen.getByRole('link', { name: 'Tes Potensi Skolastik' }).closest('tr') as HTMLElement;
    expect(within(regular).getByText('612,5')).toBeInTheDocument();
    expect(await screen.findByTestId('apexchart')).toHaveTextContent('UTBK: 1→612.5');
    expect(screen.getByTestId('apexchart')).not.toHaveTextContent('TO Akbar');
  });

  it('the PTN tab lists the event package waiting', async () => {
    mocked(fetchHasilList).mockResolvedValue({ status: true, content: [] });
    mocked(fetchHasilMateri).mockResolvedValue({ status: true, content: [] });
    mocked(fetchHasilSkor).mockResolvedValue({
      status: true,
      content: [{ id: 9, paket: 9, tgl_selesai: '1 Desember 2026', type: 'TO Akbar', terkunci: SENTENCE }],
    });
    renderAt('/hasil');
    (await screen.findByRole('tab', { name: 'Status PTN' })).click();
    const row = (await screen.findByText('Paket #9')).closest('tr') as HTMLElement;
    expect(within(row).getByText('menunggu TO Akbar berakhir')).toHaveAttribute('title', SENTENCE);
  });

  it('the category detail shows when it opens instead of the table', async () => {
    mocked(fetchHasilKategori).mockResolvedValue(LOCKED);
    renderAt('/hasil/9/kategori/akbar001');
    await expectSentence();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Download')).toBeNull();
  });

  it('the result PDF page shows when it opens instead of the document', async () => {
    mocked(fetchHasilKategori).mockResolvedValue(LOCKED);
    const { container } = renderAt('/hasil/9/kategori/akbar001/pdf');
    await expectSentence();
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('the PTN status shows when it opens, without a score or the Sync offer', async () => {
    mocked(fetchHasilPtn).mockResolvedValue(LOCKED);
    renderAt('/hasil/9/ptn');
    await expectSentence();
    expect(screen.queryByText('Skor kamu adalah')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sync' })).toBeNull();
  });

  it('the package ranking and the choice ranking show when they open', async () => {
    mocked(fetchRankingPaket).mockResolvedValue(LOCKED);
    const first = renderAt('/rangking/9/9');
    await expectSentence();
    expect(screen.queryByText('Rank Saya')).toBeNull();
    first.unmount();
    mocked(fetchRankingJurusan).mockResolvedValue(LOCKED);
    renderAt(`/rangking/9/pilihan/${btoa('1')}`);
    await expectSentence();
    expect(screen.queryByText('Nilai Minimum')).toBeNull();
  });
});
