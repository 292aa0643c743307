/**
 * While a schedule of the student's is being closed, /hasil shows its rows as "Hasil sedang dihitung" with the
 * server's progress, and asks for the lists again by itself when the server said to come back (Retry-After's
 * seconds, `coba_lagi_detik`), until the results are in or the student leaves the page.
 */
import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { fetchHasilList, fetchHasilMateri, fetchHasilSkor } from '../../../src/client/api/hasil';
import { authReducer } from '../../../src/client/features/auth/slice';
import { loadHasil } from '../../../src/client/features/hasil/saga';
import { selectHasilDihitung } from '../../../src/client/features/hasil/selectors';
import { hasilDitinggalkan, hasilInitialState, hasilReducer } from '../../../src/client/features/hasil/slice';
import { hasilText } from '../../../src/client/features/hasil/text';
import { navigationReducer } from '../../../src/client/lib/navigation';
import { loggedInAuth } from '../../helpers/clientFixtures';

const reducer = combineReducers({ auth: authReducer, hasil: hasilReducer, navigation: navigationReducer });
type State = ReturnType<typeof reducer>;
const initial: State = { auth: loggedInAuth(7), hasil: hasilInitialState, navigation: null };

const dasar = {
  paket: 9,
  type: 'TO Akbar',
  date: '1 Mei 2025',
  idjadwal: 9,
  kategori: 'TPS',
  kategoriHash: 'h9',
};
const lain = { ...dasar, paket: 1, type: 'UTBK', idjadwal: 1, persentase: 70, nilai: 650, rata_rata: 500 };
const selesai = { ...dasar, persentase: 60, nilai: 600, rata_rata: 550 };
const dihitung = (dinilai: number) => ({ dinilai, jumlah: 20_000, coba_lagi_detik: 4 });
const menunggu = (dinilai: number) => ({
  ...dasar,
  terkunci: 'Hasil sedang dihitung',
  dihitung: dihitung(dinilai),
});
const skorDasar = { id: 9, paket: 9, tgl_selesai: '1 Mei 2025', type: 'TO Akbar' };
const skorMenunggu = (dinilai: number) => ({
  ...skorDasar,
  terkunci: 'Hasil sedang dihitung',
  dihitung: dihitung(dinilai),
});

/** The server's answers in turn, and what the saga waited for before each of its own asks. */
function server(lists: unknown[][], scores: unknown[][]) {
  const calls = { list: 0, skor: 0, waits: [] as number[], progres: [] as (string | null)[] };
  return {
    calls,
    providers: {
      call: (effect: { fn: unknown }, next: () => unknown) => {
        if (effect.fn === fetchHasilList) return { status: true, content: lists[calls.list++] };
        if (effect.fn === fetchHasilSkor) return { status: true, content: scores[calls.skor++] };
        if (effect.fn === fetchHasilMateri) return { status: true, content: [] };
        return next();
      },
    },
  };
}

describe('/hasil while a close runs', () => {
  it("tells the server's progress, asks again after coba_lagi_detik by itself, and stops once results are in", async () => {
    const s = server(
      [
        [lain, menunggu(5_000)],
        [lain, menunggu(20_000)],
        [lain, selesai],
      ],
      [[skorMenunggu(5_000)], [skorMenunggu(20_000)], [{ ...skorDasar, skor: 600 }]],
    );
    let state: State = initial;
    const { storeState } = await expectSaga(loadHasil)
      .withReducer((current: State | undefined, action) => (state = reducer(current, action)), initial)
      .provide({
        ...s.providers,
        race: () => {
          // The wait the saga took (its race against leaving), with the line on screen meanwhile.
          const progres = selectHasilDihitung(state);
          s.calls.waits.push(progres?.cobaLagiDetik ?? -1);
          s.calls.progres.push(progres && hasilText.progresDihitung(progres.dinilai, progres.jumlah));
          return { waktu: true };
        },
      })
      .run({ timeout: 2_000, silenceTimeout: true });
    expect(s.calls.list).toBe(3);
    expect(s.calls.skor).toBe(3);
    expect(s.calls.waits).toEqual([4, 4]);
    expect(s.calls.progres).toEqual([
      'Hasil sedang dihitung: 5.000 dari 20.000 lembar jawaban sudah dinilai (25%). Halaman ini dimuat ulang sendiri.',
      // Every sheet judged: the rest of the close (calibration, ranks, the writes) is said, not shown as 100 %.
      'Hasil sedang dihitung: semua 20.000 lembar jawaban sudah dinilai, nilai dan peringkat sedang disimpan. ' +
        'Halaman ini dimuat ulang sendiri.',
    ]);
    // The other schedule's result was listed all along; the closed one's now has its figures.
    const hasil = (storeState as State).hasil;
    expect(hasil.listHasilPaket).toEqual([lain, selesai]);
    expect(hasil.listStatus.paket).toBe('loaded');
    expect(selectHasilDihitung(storeState as State)).toBeNull();
  });

  it('asks no more once the student leaves /hasil', async () => {
    const s = server([[lain, menunggu(5_000)]], [[skorMenunggu(5_000)]]);
    const { storeState } = await expectSaga(loadHasil)
      .withReducer(reducer, initial)
      .provide({ ...s.providers, race: () => ({ ditinggalkan: hasilDitinggalkan() }) })
      .run({ timeout: 2_000, silenceTimeout: true });
    expect(s.calls.list).toBe(1);
    expect(s.calls.skor).toBe(1);
    expect(selectHasilDihitung(storeState as State)).toEqual({
      dinilai: 5_000,
      jumlah: 20_000,
      cobaLagiDetik: 4,
    });
  });
});
