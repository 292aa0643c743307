import { AxiosError, AxiosHeaders } from 'axios';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { fetchJadwal, type JadwalListName } from '../../../src/client/api/jadwal';
import { rootReducer, type AppState } from '../../../src/client/app/rootReducer';
import { clock } from '../../../src/client/lib/clock';
import { showCallError, showFailed } from '../../../src/client/components/dialogs';
import { jadwalSaga } from '../../../src/client/features/jadwal/saga';
import { jadwalRequested } from '../../../src/client/features/jadwal/slice';
import { demoStudents, jadwalItem, loggedInState } from '../../helpers/clientFixtures';

const loggedIn = (): AppState => ({
  ...rootReducer(undefined, { type: '@@test/init' }),
  ...loggedInState(demoStudents.reguler),
});

const lists: Record<JadwalListName, ReturnType<typeof jadwalItem>[]> = {
  current: [jadwalItem(11, 1, '0'), jadwalItem(12, 2, '5')],
  future: [jadwalItem(13, 3, '0')],
  previous: [],
};

const answerEachList = dynamic(({ args }: { args: unknown[] }) => ({
  status: true,
  content: lists[args[0] as JadwalListName],
}));

describe('jadwal saga', () => {
  it('loads the three lists of the logged-in student', async () => {
    const { storeState } = await expectSaga(jadwalSaga)
      .withReducer(rootReducer, loggedIn())
      .provide([[matchers.call.fn(fetchJadwal), answerEachList]])
      .call(fetchJadwal, 'current', 1)
      .call(fetchJadwal, 'future', 1)
      .call(fetchJadwal, 'previous', 1)
      .dispatch(jadwalRequested())
      .silentRun(50);
    expect((storeState as AppState).jadwal.current.map((item) => item.paket)).toEqual([1, 2]);
    expect(storeState.jadwal.future).toHaveLength(1);
    expect(storeState.jadwal.status).toEqual({ current: 'loaded', future: 'loaded', previous: 'loaded' });
  });

  it('a second visit makes no call: the lists are cached', async () => {
    const first = await expectSaga(jadwalSaga)
      .withReducer(rootReducer, loggedIn())
      .provide([[matchers.call.fn(fetchJadwal), answerEachList]])
      .dispatch(jadwalRequested())
      .silentRun(50);

    const second = await expectSaga(jadwalSaga)
      .withReducer(rootReducer, first.storeState as AppState)
      .provide([[matchers.call.fn(fetchJadwal), answerEachList]])
      .not.call.fn(fetchJadwal)
      .dispatch(jadwalRequested())
      .silentRun(50);
    expect((second.storeState as AppState).jadwal.current).toHaveLength(2);
  });

  it('a failed list shows the error with its action name and is asked for again on the next visit', async () => {
    const config = {
      url: '/siswa/jadwal/jadwaltofuture/idsiswa/1',
      baseURL: '/api',
      headers: new AxiosHeaders(),
    };
    const failure = new AxiosError(
      'Request failed with status code 500',
      'ERR_BAD_RESPONSE',
      config,
      {},
      {
        status: 500,
        statusText: 'Internal Server Error',
        data: {},
        headers: {},
        config,
      },
    );
    const failing = dynamic(({ args }: { args: unknown[] }) => {
      if (args[0] === 'future') throw failure;
      return { status: true, content: lists[args[0] as JadwalListName] };
    });
    const { storeState } = await expectSaga(jadwalSaga)
      .withReducer(rootReducer, loggedIn())
      .provide([
        [matchers.call.fn(fetchJadwal), failing],
        [matchers.call.fn(showCallError), undefined],
        // A 500 is asked again after a backoff first (lib/readRetry.ts): no real waiting here.
        [matchers.call.fn(clock.sleep), undefined],
      ])
      .call(showCallError, failure, 'Get Jadwal Future')
      .dispatch(jadwalRequested())
      .silentRun(50);
    expect(storeState.jadwal.status).toEqual({ current: 'loaded', future: 'failed', previous: 'loaded' });

    await expectSaga(jadwalSaga)
      .withReducer(rootReducer, storeState as AppState)
      .provide([[matchers.call.fn(fetchJadwal), answerEachList]])
      .call(fetchJadwal, 'future', 1)
      .not.call(fetchJadwal, 'current', 1)
      .dispatch(jadwalRequested())
      .silentRun(50);
  });

  it('status false shows "Failed" with the server message', async () => {
    await expectSaga(jadwalSaga)
      .withReducer(rootReducer, loggedIn())
      .provide([
        [matchers.call.fn(fetchJadwal), { status: false, message: 'Jadwal tidak tersedia' }],
        [matchers.call.fn(showFailed), undefined],
        [matchers.call.fn(showCallError), throwError(new Error('unexpected'))],
      ])
      .call(showFailed, 'Jadwal tidak tersedia')
      .dispatch(jadwalRequested())
      .silentRun(50);
  });
});
