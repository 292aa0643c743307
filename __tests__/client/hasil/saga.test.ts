import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { clock } from '../../../src/client/lib/clock';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import type { HasilPtn, HasilPtnResponse, PembahasanList, PembahasanMapel } from '../../../src/contract';
import {
  fetchHasilKategori,
  fetchHasilList,
  fetchHasilMateri,
  fetchHasilPtn,
  fetchHasilSkor,
  fetchPembahasan,
  fetchPembahasanMateri,
  generateHasilMapel,
} from '../../../src/client/api/hasil';
import { confirmDialog, showCallError, showError, showFailed } from '../../../src/client/components/dialogs';
import { authReducer } from '../../../src/client/features/auth/slice';
import {
  chooseReviewMapel,
  loadDetail,
  loadHasil,
  loadPembahasanMateri,
  loadPtn,
  loadReviewList,
  REKAP_TIDAK_ADA,
} from '../../../src/client/features/hasil/saga';
import {
  detailRequested,
  hasilInitialState,
  hasilReducer,
  pembahasanMateriRequested,
  ptnRequested,
  reviewListRequested,
  reviewMapelChosen,
  type HasilState,
} from '../../../src/client/features/hasil/slice';
import { navigationReducer } from '../../../src/client/lib/navigation';
import { loggedInAuth, networkError } from '../../helpers/clientFixtures';

const reducer = combineReducers({ auth: authReducer, hasil: hasilReducer, navigation: navigationReducer });
type State = ReturnType<typeof reducer>;

const auth = loggedInAuth(7);
const initial = (hasil: Partial<HasilState> = {}): State => ({
  auth,
  hasil: { ...hasilInitialState, ...hasil },
  navigation: null,
});

const ptn: HasilPtn = {
  my_ptn: { hasil: 1, hasil_str: 'Lulus', skor: 612.5 },
  list_pilihan: [
    {
      num_option: 1,
      jenjang: 'S1',
      jurusan: 'Teknik Informatika',
      universitas: 'Universitas Indonesia',
      rank_jurusan: 3,
      grade: 600,
      status: 1,
      status_str: 'Lulus',
    },
  ],
  mapel: [{ mapel: 'Penalaran Umum', benar: 20, salah: 5, kosong: 5, nilai: 612.5 }],
  paket: 1,
};

describe('the /hasil lists', () => {
  it('stores the package results, per-topic results and scores', async () => {
    const { storeState } = await expectSaga(loadHasil)
      .withReducer(reducer, initial())
      .provide([
        [
          matchers.call.fn(fetchHasilList),
          {
            status: true,
            content: [
              {
                paket: 1,
                type: 'UTBK',
                date: '1 Mei 2025',
                persentase: 70,
                nilai: 650,
                rata_rata: 500,
                idjadwal: 1,
                kategori: 'TPS',
                kategoriHash: 'abcd1234',
              },
            ],
          },
        ],
        [
          matchers.call.fn(fetchHasilMateri),
          { status: true, content: [{ idmateri: 3, mapel: 'Matematika', materi: 'Bilangan', skor: 80 }] },
        ],
        [
          matchers.call.fn(fetchHasilSkor),
          {
            status: true,
            content: [{ id: 1, paket: 1, tgl_selesai: '1 Mei 2025', skor: 650, type: 'UTBK' }],
          },
        ],
      ])
      .run();
    const state = (storeState as State).hasil;
    expect(state.listHasilPaket.map((h) => h.kategori)).toEqual(['TPS']);
    expect(state.listHasilMateri.map((h) => h.materi)).toEqual(['Bilangan']);
    expect(state.listSkorPaket.map((h) => ('skor' in h ? h.skor : null))).toEqual([650]);
    expect(state.listStatus).toEqual({ paket: 'loaded', materi: 'loaded', skor: 'loaded' });
  });

  it('shows the error dialog named "Get Hasil Tryout" when the package results fail', async () => {
    const { storeState } = await expectSaga(loadHasil)
      .withReducer(reducer, initial())
      .provide([
        [matchers.call.fn(fetchHasilList), throwError(networkError)],
        // Asked again after a backoff first (lib/readRetry.ts): no real waiting here.
        [matchers.call.fn(clock.sleep), undefined],
        [matchers.call.fn(fetchHasilMateri), { status: true, content: [] }],
        [matchers.call.fn(fetchHasilSkor), { status: true, content: [] }],
        [matchers.call.fn(showCallError), undefined],
      ])
      .call(showCallError, networkError, 'Get Hasil Tryout')
      .run();
    expect((storeState as State).hasil.listStatus).toEqual({
      paket: 'failed',
      materi: 'loaded',
      skor: 'loaded',
    });
  });
});

describe('category result detail', () => {
  it('keeps no data when the server has no result (the empty state), without a dialog', async () => {
    const { storeState } = await expectSaga(loadDetail, detailRequested({ id: 1, hash: 'abcd1234' }))
      .withReducer(reducer, initial())
      .provide([
        [
          matchers.call.fn(fetchHasilKategori),
          { status: false, message: 'Data Detail Hasil Tryout Tidak Ditemukan' },
        ],
      ])
      .not.call.fn(showFailed)
      .run();
    expect((storeState as State).hasil.detail).toEqual({ key: '1/abcd1234', data: null, status: 'loaded' });
  });
});

describe('PTN status and Sync', () => {
  it('stores the PTN status', async () => {
    const { storeState } = await expectSaga(loadPtn, ptnRequested(1))
      .withReducer(reducer, initial())
      .provide([[matchers.call.fn(fetchHasilPtn), { status: true, content: ptn }]])
      .call(fetchHasilPtn, { idsiswa: 7, idjadwal: 1 })
      .not.call.fn(confirmDialog)
      .run();
    expect((storeState as State).hasil.ptn.data?.my_ptn.hasil_str).toBe('Lulus');
  });

  it('offers Sync for a missing summary; a successful Sync loads the status again', async () => {
    const replies: HasilPtnResponse[] = [
      { status: false, message: REKAP_TIDAK_ADA } as unknown as HasilPtnResponse,
      { status: true, content: ptn },
    ];
    const { storeState } = await expectSaga(loadPtn, ptnRequested(1))
      .withReducer(reducer, initial())
      .provide([
        [matchers.call.fn(fetchHasilPtn), dynamic(() => replies.shift())],
        [matchers.call.fn(confirmDialog), true],
        [
          matchers.call.fn(generateHasilMapel),
          { status: true, message: 'Rekapitulasi nilai per mapel berhasil dibuat' },
        ],
      ])
      .call.like({
        fn: confirmDialog,
        args: [
          {
            title: 'Maaf',
            text: 'Rekapitulasi nilai per mapel tidak ditemukan. Silahkan klik Sync dibawah ini!',
            icon: 'warning',
            confirmText: 'Sync',
          },
        ],
      })
      .call(generateHasilMapel, { idsiswa: 7, idjadwal: 1 })
      .run();
    const state = (storeState as State).hasil.ptn;
    expect(state.missing).toBe(false);
    expect(state.syncing).toBe(false);
    expect(state.data?.my_ptn.skor).toBe(612.5);
  });

  it('treats an empty subject list as a missing summary', async () => {
    const { storeState } = await expectSaga(loadPtn, ptnRequested(1))
      .withReducer(reducer, initial())
      .provide([
        [matchers.call.fn(fetchHasilPtn), { status: true, content: { ...ptn, mapel: [] } }],
        [matchers.call.fn(confirmDialog), false],
      ])
      .not.call.fn(generateHasilMapel)
      .run();
    expect((storeState as State).hasil.ptn).toMatchObject({ missing: true, data: null, status: 'loaded' });
  });

  it('shows "Failed" with the server message when Sync is refused, and keeps the summary missing', async () => {
    const { storeState } = await expectSaga(loadPtn, ptnRequested(1))
      .withReducer(reducer, initial())
      .provide([
        [matchers.call.fn(fetchHasilPtn), { status: false, message: REKAP_TIDAK_ADA }],
        [matchers.call.fn(confirmDialog), true],
        [matchers.call.fn(generateHasilMapel), { status: false, message: 'Tryout ini belum dikerjakan' }],
        [matchers.call.fn(showFailed), undefined],
      ])
      .call(showFailed, 'Tryout ini belum dikerjakan')
      .run();
    const state = (storeState as State).hasil.ptn;
    expect(state).toMatchObject({ missing: true, syncing: false, data: null });
  });

  it('shows "Failed" for another refusal without offering Sync', async () => {
    const { storeState } = await expectSaga(loadPtn, ptnRequested(1))
      .withReducer(reducer, initial())
      .provide([
        [
          matchers.call.fn(fetchHasilPtn),
          { status: false, message: 'Paket tryout ini belum selesai dikerjakan' },
        ],
        [matchers.call.fn(showFailed), undefined],
      ])
      .call(showFailed, 'Paket tryout ini belum selesai dikerjakan')
      .not.call.fn(confirmDialog)
      .run();
    expect((storeState as State).hasil.ptn).toMatchObject({ missing: false, status: 'failed' });
  });
});

describe('reviews', () => {
  const list: PembahasanList = {
    paket: 1,
    mapel: [
      { idmapel: 11, mapel: 'Penalaran Umum', status: '1' },
      { idmapel: 12, mapel: 'Literasi Bahasa Inggris', status: '0' },
    ],
  };
  const review: PembahasanMapel = { mapel: 'Penalaran Umum', benar: 1, jumlah_soal: 2, soal: [] };

  it('loads the subjects of a schedule', async () => {
    const { storeState } = await expectSaga(loadReviewList, reviewListRequested(1))
      .withReducer(reducer, initial())
      .provide([[matchers.call.fn(fetchPembahasan), { status: true, content: list }]])
      .call(fetchPembahasan, { idsiswa: 7, idjadwal: 1 })
      .run();
    expect((storeState as State).hasil.reviewList.data?.mapel).toHaveLength(2);
  });

  it('refuses an unfinished subject with "Gagal" / "Tryout ini belum dikerjakan" and asks nothing', async () => {
    const { storeState } = await expectSaga(
      chooseReviewMapel,
      reviewMapelChosen({ idjadwal: 1, mapel: list.mapel[1] }),
    )
      .withReducer(reducer, initial())
      .provide([[matchers.call.fn(showError), undefined]])
      .call(showError, 'Gagal', 'Tryout ini belum dikerjakan')
      .not.call.fn(confirmDialog)
      .not.call.fn(fetchPembahasan)
      .run();
    expect((storeState as State).navigation).toBeNull();
  });

  it('asks "Lanjutkan?", stores the review and goes to its sheet', async () => {
    const { storeState } = await expectSaga(
      chooseReviewMapel,
      reviewMapelChosen({ idjadwal: 1, mapel: list.mapel[0] }),
    )
      .withReducer(reducer, initial())
      .provide([
        [matchers.call.fn(confirmDialog), true],
        [matchers.call.fn(fetchPembahasan), { status: true, content: review }],
      ])
      .call.like({ fn: confirmDialog, args: [{ title: 'Lanjutkan?' }] })
      .call(fetchPembahasan, { idsiswa: 7, idjadwal: 1, idmapel: 11 })
      .run();
    const state = storeState as State;
    expect(state.hasil.review).toEqual({ key: '1/11', data: review, status: 'loaded' });
    expect(state.navigation).toEqual({ to: '/hasil/1/review/11', replace: false });
  });

  it('stays on the list when the student answers no to "Lanjutkan?"', async () => {
    const { storeState } = await expectSaga(
      chooseReviewMapel,
      reviewMapelChosen({ idjadwal: 1, mapel: list.mapel[0] }),
    )
      .withReducer(reducer, initial())
      .provide([[matchers.call.fn(confirmDialog), false]])
      .not.call.fn(fetchPembahasan)
      .run();
    expect((storeState as State).navigation).toBeNull();
  });
});

describe('per-topic discussion', () => {
  it('keeps no data and shows "Failed" with the server message when refused', async () => {
    const { storeState } = await expectSaga(loadPembahasanMateri, pembahasanMateriRequested(5))
      .withReducer(reducer, initial())
      .provide([
        [
          matchers.call.fn(fetchPembahasanMateri),
          { status: false, message: 'Materi ini belum selesai dikerjakan' },
        ],
        [matchers.call.fn(showFailed), undefined],
      ])
      .call(showFailed, 'Materi ini belum selesai dikerjakan')
      .run();
    expect((storeState as State).hasil.pembahasanMateri).toEqual({ key: '5', data: null, status: 'loaded' });
  });
});
