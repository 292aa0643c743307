import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { clock } from '../../../src/client/lib/clock';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { RankingJurusan } from '../../../src/contract';
import {
  fetchRankingJurusan,
  fetchRankingPaket,
  fetchRankingPaketList,
} from '../../../src/client/api/ranking';
import { showCallError, showFailed } from '../../../src/client/components/dialogs';
import { authReducer } from '../../../src/client/features/auth/slice';
import {
  loadRankingJurusan,
  loadRankingList,
  loadRankingPaket,
} from '../../../src/client/features/ranking/saga';
import {
  rankingInitialState,
  rankingJurusanRequested,
  rankingPaketRequested,
  rankingReducer,
} from '../../../src/client/features/ranking/slice';
import { loggedInAuth, serverError } from '../../helpers/clientFixtures';

const reducer = combineReducers({ auth: authReducer, ranking: rankingReducer });
type State = ReturnType<typeof reducer>;
const initial: State = { auth: loggedInAuth(7), ranking: rankingInitialState };

describe('ranking sagas', () => {
  it('stores the packages that have a ranking', async () => {
    const { storeState } = await expectSaga(loadRankingList)
      .withReducer(reducer, initial)
      .provide([
        [matchers.call.fn(fetchRankingPaketList), { status: true, content: [{ paket: 1, codepaket: 4 }] }],
      ])
      .call(fetchRankingPaketList, 7)
      .run();
    expect((storeState as State).ranking).toMatchObject({
      listPaket: [{ paket: 1, codepaket: 4 }],
      listStatus: 'loaded',
    });
  });

  it('names the failed call "Get Ranking" in the error dialog', async () => {
    const { storeState } = await expectSaga(loadRankingList)
      .withReducer(reducer, initial)
      .provide([
        [matchers.call.fn(fetchRankingPaketList), throwError(serverError)],
        // Asked again after a backoff first (lib/readRetry.ts): no real waiting here.
        [matchers.call.fn(clock.sleep), undefined],
        [matchers.call.fn(showCallError), undefined],
      ])
      .call(showCallError, serverError, 'Get Ranking')
      .run();
    expect((storeState as State).ranking.listStatus).toBe('failed');
  });

  it('asks for one page of 50 rows and stores it under its codepaket with its page number', async () => {
    const content = {
      my_rangking: { peringkat: 2, skor: 700 },
      list_rangking: [
        { peringkat: 1, nama: 'Ani', skor: 710, is_me: false },
        { peringkat: 2, nama: 'Budi', skor: 700, is_me: true },
      ],
      jumlah_peserta: 102,
      posisi_saya: 52,
    };
    const { storeState } = await expectSaga(
      loadRankingPaket,
      rankingPaketRequested({ codepaket: 4, halaman: 2 }),
    )
      .withReducer(reducer, initial)
      .provide([[matchers.call.fn(fetchRankingPaket), { status: true, content }]])
      .call(fetchRankingPaket, 7, 4, { halaman: 2, per_halaman: 50 })
      .run();
    expect((storeState as State).ranking.paket).toEqual({
      key: '4',
      data: { ...content, halaman: 2 },
      status: 'loaded',
    });
  });

  it('shows "Failed" when a package ranking is refused', async () => {
    const { storeState } = await expectSaga(
      loadRankingPaket,
      rankingPaketRequested({ codepaket: 4, halaman: 1 }),
    )
      .withReducer(reducer, initial)
      .provide([
        [matchers.call.fn(fetchRankingPaket), { status: false, message: 'Jadwal tidak ditemukan' }],
        [matchers.call.fn(showFailed), undefined],
      ])
      .call(showFailed, 'Jadwal tidak ditemukan')
      .run();
    expect((storeState as State).ranking.paket).toEqual({ key: '4', data: null, status: 'loaded' });
  });

  it('asks the choice ranking with the decoded choice number and keeps a refusal as the empty state', async () => {
    const { storeState } = await expectSaga(
      loadRankingJurusan,
      rankingJurusanRequested({ idjadwal: 4, numoption: 2, halaman: 3 }),
    )
      .withReducer(reducer, initial)
      .provide([
        [matchers.call.fn(fetchRankingJurusan), { status: false, message: 'Data Pilihan Tidak Ditemukan' }],
      ])
      .call(fetchRankingJurusan, { idsiswa: 7, idjadwal: 4, numoption: 2, halaman: 3, per_halaman: 50 })
      .not.call.fn(showFailed)
      .run();
    expect((storeState as State).ranking.jurusan).toEqual({ key: '4/2', data: null, status: 'loaded' });
  });

  it('stores a choice ranking', async () => {
    const content: RankingJurusan = {
      data_tryout: { paket: 1 },
      option_student: { num_option: 1, jenjang: 'S1', jurusan: 'Kedokteran', universitas: 'UGM', grade: 650 },
      list_rangking: [{ peringkat: 1, nama: 'Ani', skor: 710, is_me: false }],
      my_rangking: null,
    };
    const { storeState } = await expectSaga(
      loadRankingJurusan,
      rankingJurusanRequested({ idjadwal: 4, numoption: 1, halaman: 1 }),
    )
      .withReducer(reducer, initial)
      .provide([[matchers.call.fn(fetchRankingJurusan), { status: true, content }]])
      .run();
    expect((storeState as State).ranking.jurusan.data?.option_student.jurusan).toBe('Kedokteran');
  });
});
