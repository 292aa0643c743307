/**
 * A category's result page while its TO Akbar's close runs: the server answers 503 "Hasil sedang dihitung: x dari
 * y…" with Retry-After; the page shows that sentence (no error dialog, no retries hidden behind a spinner) and asks
 * again by itself after Retry-After's seconds, until the result is in or the student leaves the page.
 */
import { combineReducers } from '@reduxjs/toolkit';
import { AxiosError, AxiosHeaders } from 'axios';
import { expectSaga } from 'redux-saga-test-plan';
import { fetchHasilKategori } from '../../../src/client/api/hasil';
import { showCallError } from '../../../src/client/components/dialogs';
import { authReducer } from '../../../src/client/features/auth/slice';
import { loadDetail } from '../../../src/client/features/hasil/saga';
import { selectDetail, selectHasilTerkunci } from '../../../src/client/features/hasil/selectors';
import {
  detailDitinggalkan,
  detailRequested,
  hasilInitialState,
  hasilReducer,
} from '../../../src/client/features/hasil/slice';
import { navigationReducer } from '../../../src/client/lib/navigation';
import { loggedInAuth } from '../../helpers/clientFixtures';

const reducer = combineReducers({ auth: authReducer, hasil: hasilReducer, navigation: navigationReducer });
type State = ReturnType<typeof reducer>;
const initial: State = { auth: loggedInAuth(7), hasil: hasilInitialState, navigation: null };

const pesan = (dinilai: number) =>
  `Hasil sedang dihitung: ${dinilai.toLocaleString('id-ID')} dari 10.000 lembar jawaban sudah dinilai. ` +
  'Silakan buka lagi dalam 7 detik.';

/** The server's 503 while the close runs, as axios throws it. */
function sedangDihitung(dinilai: number): AxiosError {
  const headers = new AxiosHeaders({ 'retry-after': '7' });
  return new AxiosError('Request failed with status code 503', 'ERR_BAD_RESPONSE', undefined, undefined, {
    status: 503,
    statusText: 'Service Unavailable',
    headers,
    config: { headers },
    data: { status: false, message: pesan(dinilai) },
  });
}

const detail = {
  nama: 'Budi',
  minat: 'Saintek',
  paket: 9,
  kategori: 'TPS',
  detail: [{ mapel: 'Penalaran Umum', benar: 10, salah: 5, kosong: 5, jumlah: 20, nilai: 600 }],
  rata_rata: 600,
};

function server(answers: (AxiosError | object)[]) {
  const calls = { fetches: 0, waits: [] as number[], shown: [] as (string | undefined)[], dialogs: 0 };
  let state: State = initial;
  return {
    calls,
    reducer: (current: State | undefined, action: { type: string }) => (state = reducer(current, action)),
    providers: {
      call: (effect: { fn: unknown }, next: () => unknown) => {
        if (effect.fn === fetchHasilKategori) {
          const answer = answers[calls.fetches++];
          if (answer instanceof AxiosError) throw answer;
          return answer;
        }
        if (effect.fn === showCallError) {
          calls.dialogs += 1;
          return undefined;
        }
        return next();
      },
      race: (effect: unknown) => {
        // What the page shows while the saga waits, and how long it waits (typed-redux-saga's delay is a generator
        // that yields redux-saga's own: a call whose argument is the wait).
        calls.shown.push(selectHasilTerkunci(state, 12));
        const delay = (
          (effect as Record<string, unknown>).waktu as Iterator<{ payload: { args: unknown[] } }>
        ).next().value;
        calls.waits.push(Number(delay.payload.args[0]));
        return { waktu: true };
      },
    },
  };
}

describe('a category result while its event is being closed', () => {
  it('shows how far the close is, asks again after Retry-After by itself, and shows the result once in', async () => {
    const s = server([sedangDihitung(2_500), sedangDihitung(7_500), { status: true, content: detail }]);
    const { storeState } = await expectSaga(loadDetail, detailRequested({ id: 12, hash: 'h1' }))
      .withReducer(s.reducer, initial)
      .provide(s.providers)
      .run({ timeout: 2_000, silenceTimeout: true });
    expect(s.calls.fetches).toBe(3);
    expect(s.calls.waits).toEqual([7_000, 7_000]);
    expect(s.calls.shown).toEqual([
      `${pesan(2_500)} Halaman ini dimuat ulang sendiri.`,
      `${pesan(7_500)} Halaman ini dimuat ulang sendiri.`,
    ]);
    expect(s.calls.dialogs).toBe(0);
    expect(selectDetail(storeState as State, 12, 'h1').data).toEqual(detail);
  });

  it('asks no more once the student leaves the page', async () => {
    const s = server([sedangDihitung(2_500), { status: true, content: detail }]);
    await expectSaga(loadDetail, detailRequested({ id: 12, hash: 'h1' }))
      .withReducer(s.reducer, initial)
      .provide({ ...s.providers, race: () => ({ ditinggalkan: detailDitinggalkan() }) })
      .run({ timeout: 2_000, silenceTimeout: true });
    expect(s.calls.fetches).toBe(1);
    expect(s.calls.dialogs).toBe(0);
  });
});
