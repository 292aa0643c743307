/**
 * A handler that throws must not take its watcher down: the next action of the same kind is still handled. For
 * each watcher of the features outside the tryout run (auth, profile, jadwal, hasil, ranking) and the app's cache
 * sync, the first handler crashes on its first effect, and the test sees the second one reach its call.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';
import { login, logout } from '../../../src/client/api/auth';
import {
  fetchHasilKategori,
  fetchHasilList,
  fetchHasilPtn,
  fetchPembahasan,
  fetchPembahasanMateri,
  generateHasilMapel,
} from '../../../src/client/api/hasil';
import { fetchJadwal } from '../../../src/client/api/jadwal';
import { fetchProfileUser } from '../../../src/client/api/profile';
import {
  fetchRankingJurusan,
  fetchRankingPaket,
  fetchRankingPaketList,
} from '../../../src/client/api/ranking';
import { cacheSyncSaga } from '../../../src/client/app/cacheSync';
import { rootReducer, type AppState } from '../../../src/client/app/rootReducer';
import { confirmDialog, showCallError, showError, showFailed } from '../../../src/client/components/dialogs';
import { authSaga, endSession } from '../../../src/client/features/auth/saga';
import {
  loginRequested,
  logoutRequested,
  selectIsLoggedIn,
  sessionExpired,
} from '../../../src/client/features/auth/slice';
import { hasilSaga } from '../../../src/client/features/hasil/saga';
import {
  detailRequested,
  hasilRequested,
  pembahasanMateriRequested,
  ptnRequested,
  ptnSyncRequested,
  reviewListRequested,
  reviewMapelChosen,
  reviewRequested,
} from '../../../src/client/features/hasil/slice';
import { jadwalSaga } from '../../../src/client/features/jadwal/saga';
import { jadwalFinished } from '../../../src/client/features/jadwal/slice';
import { profileSaga } from '../../../src/client/features/profile/saga';
import { profileRequested } from '../../../src/client/features/profile/slice';
import { rankingSaga } from '../../../src/client/features/ranking/saga';
import {
  rankingJurusanRequested,
  rankingListRequested,
  rankingPaketRequested,
} from '../../../src/client/features/ranking/slice';
import { previewLoaded } from '../../../src/client/features/tryoutPaket/slice';
import { jadwalRequested } from '../../../src/client/features/jadwal/slice';
import { selectIsTryoutRunning } from '../../../src/client/lib/run/running';
import { selectIdSiswa } from '../../../src/client/session/events';
import { takePassword } from '../../../src/client/session/pendingLogin';
import { clearSession, readCredential } from '../../../src/client/session/cookies';
import { demoStudents, loggedInState } from '../../helpers/clientFixtures';

const loggedIn = (): AppState => ({
  ...rootReducer(undefined, { type: '@@test/init' }),
  ...loggedInState(demoStudents.reguler),
});

/** Throws the first time it is asked, then answers `value`. */
function crashOnce<T>(value: T) {
  let crashed = false;
  return dynamic(() => {
    if (!crashed) {
      crashed = true;
      throw new Error('handler crashed');
    }
    return value;
  });
}

const refused = { status: false, message: 'Ditolak' };
/** Dialogs answer at once; calls are refused (the handler's end does not matter, only that it ran). */
const quiet: StaticProvider[] = [
  [matchers.call.fn(showFailed), undefined],
  [matchers.call.fn(showError), undefined],
  [matchers.call.fn(showCallError), undefined],
  [matchers.call.fn(clearSession), undefined],
];

interface Case {
  watcher: string;
  saga: Saga;
  action: UnknownAction;
  /** The first effect of the handler, made to throw once. */
  crash: StaticProvider;
  /** The call only a handled action reaches. */
  reaches: (...args: never[]) => unknown;
  provide?: StaticProvider[];
}

/** The logged-in student's id, whose first read crashes (each case has its own). */
const idSiswaCrash = (): StaticProvider => [
  matchers.select.selector(selectIdSiswa),
  crashOnce(demoStudents.reguler.id),
];
const mapel = { idmapel: 22, mapel: 'Penalaran Umum', status: '1' as const };

const cases: Case[] = [
  {
    watcher: 'auth: loginRequested',
    saga: authSaga,
    action: loginRequested({ username: 'siswa' }),
    crash: [matchers.call.fn(takePassword), crashOnce('rahasia')],
    reaches: login,
    provide: [[matchers.call.fn(login), refused]],
  },
  {
    watcher: 'auth: logoutRequested',
    saga: authSaga,
    action: logoutRequested(),
    crash: [matchers.select.selector(selectIsTryoutRunning), crashOnce(false)],
    reaches: logout,
    provide: [
      [matchers.call.fn(readCredential), null],
      [matchers.call.fn(logout), { status: true }],
    ],
  },
  {
    watcher: 'auth: sessionExpired',
    saga: authSaga,
    action: sessionExpired(),
    crash: [matchers.select.selector(selectIsLoggedIn), crashOnce(true)],
    reaches: endSession,
  },
  {
    watcher: 'profile: profileRequested',
    saga: profileSaga,
    action: profileRequested(),
    crash: idSiswaCrash(),
    reaches: fetchProfileUser,
    provide: [[matchers.call.fn(fetchProfileUser), refused]],
  },
  {
    watcher: 'jadwal: jadwalRequested',
    saga: jadwalSaga,
    action: jadwalRequested(),
    crash: idSiswaCrash(),
    reaches: fetchJadwal,
    provide: [[matchers.call.fn(fetchJadwal), refused]],
  },
  {
    watcher: 'hasil: hasilRequested',
    saga: hasilSaga,
    action: hasilRequested(),
    crash: idSiswaCrash(),
    reaches: fetchHasilList,
    provide: [[matchers.call.fn(fetchHasilList), refused]],
  },
  {
    watcher: 'hasil: detailRequested',
    saga: hasilSaga,
    action: detailRequested({ id: 3, hash: 'abc' }),
    crash: idSiswaCrash(),
    reaches: fetchHasilKategori,
    provide: [[matchers.call.fn(fetchHasilKategori), refused]],
  },
  {
    watcher: 'hasil: ptnRequested',
    saga: hasilSaga,
    action: ptnRequested(3),
    crash: idSiswaCrash(),
    reaches: fetchHasilPtn,
    provide: [[matchers.call.fn(fetchHasilPtn), refused]],
  },
  {
    watcher: 'hasil: ptnSyncRequested',
    saga: hasilSaga,
    action: ptnSyncRequested(3),
    crash: idSiswaCrash(),
    reaches: generateHasilMapel,
    provide: [[matchers.call.fn(generateHasilMapel), refused]],
  },
  {
    watcher: 'hasil: reviewListRequested',
    saga: hasilSaga,
    action: reviewListRequested(3),
    crash: idSiswaCrash(),
    reaches: fetchPembahasan,
    provide: [[matchers.call.fn(fetchPembahasan), refused]],
  },
  {
    watcher: 'hasil: reviewMapelChosen',
    saga: hasilSaga,
    action: reviewMapelChosen({ idjadwal: 3, mapel }),
    crash: [matchers.call.fn(confirmDialog), crashOnce(true)],
    reaches: fetchPembahasan,
    provide: [[matchers.call.fn(fetchPembahasan), refused]],
  },
  {
    watcher: 'hasil: reviewRequested',
    saga: hasilSaga,
    action: reviewRequested({ idjadwal: 3, idmapel: 22 }),
    crash: idSiswaCrash(),
    reaches: fetchPembahasan,
    provide: [[matchers.call.fn(fetchPembahasan), refused]],
  },
  {
    watcher: 'hasil: pembahasanMateriRequested',
    saga: hasilSaga,
    action: pembahasanMateriRequested(5),
    crash: idSiswaCrash(),
    reaches: fetchPembahasanMateri,
    provide: [[matchers.call.fn(fetchPembahasanMateri), refused]],
  },
  {
    watcher: 'ranking: rankingListRequested',
    saga: rankingSaga,
    action: rankingListRequested(),
    crash: idSiswaCrash(),
    reaches: fetchRankingPaketList,
    provide: [[matchers.call.fn(fetchRankingPaketList), refused]],
  },
  {
    watcher: 'ranking: rankingPaketRequested',
    saga: rankingSaga,
    action: rankingPaketRequested({ codepaket: 3, halaman: 1 }),
    crash: idSiswaCrash(),
    reaches: fetchRankingPaket,
    provide: [[matchers.call.fn(fetchRankingPaket), refused]],
  },
  {
    watcher: 'ranking: rankingJurusanRequested',
    saga: rankingSaga,
    action: rankingJurusanRequested({ idjadwal: 3, numoption: 1, halaman: 1 }),
    crash: idSiswaCrash(),
    reaches: fetchRankingJurusan,
    provide: [[matchers.call.fn(fetchRankingJurusan), refused]],
  },
];

describe('a crashing handler leaves its watcher running', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it.each(cases)(
    '$watcher: the second action is handled',
    async ({ saga, action, crash, reaches, provide }) => {
      await expectSaga(saga)
        .withReducer(rootReducer, loggedIn())
        .provide([crash, ...(provide ?? []), ...quiet])
        .call.fn(reaches)
        .dispatch(action)
        .dispatch(action)
        .silentRun(50);
      expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/^saga .* failed$/), expect.any(Error));
    },
  );

  it('cache sync: previewLoaded', async () => {
    let crashed = false;
    const detailPaket = [{ is_selesai: 1 }];
    // The first payload throws when its categories are read.
    const broken = {
      idJadwal: 4,
      get detailPaket() {
        if (!crashed) {
          crashed = true;
          throw new Error('handler crashed');
        }
        return detailPaket;
      },
    };
    const action = previewLoaded(broken as unknown as Parameters<typeof previewLoaded>[0]);
    await expectSaga(cacheSyncSaga).put(jadwalFinished(4)).dispatch(action).dispatch(action).silentRun(50);
    expect(crashed).toBe(true);
  });
});
