/**
 * What the Redux DevTools extension's Export writes from our store (README "Support"), made the extension's way:
 * the actions and committed state it records (helpers/fakeDevtools, here in jsdom) serialized with jsan and the
 * store's `serialize` option (helpers/devtoolsExport). No password, token, phone, parent's phone, address or
 * e-mail in it, each masked as `<<disamarkan>>`; no preloadedState when the store was created without one.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { persistStore } from 'redux-persist';
import { devToolsOptions, exportReplacer } from '../../../src/client/app/devtools';
import { exportText } from '../../../src/client/lib/sessionExport';
import type * as StoreModule from '../../../src/client/app/store';
import type * as StoreCoreModule from '../../../src/client/app/storeCore';
import { apiAnswered } from '../../../src/client/lib/recorded';
import { loginSucceeded } from '../../../src/client/session/events';
import { profileLoaded } from '../../../src/client/features/profile/slice';
import type * as Fixtures from '../../helpers/clientFixtures';
import { demoStudents } from '../../helpers/clientFixtures';
import { extensionExportFile } from '../../helpers/devtoolsExport';
import { installFakeDevtoolsHere, type FakeDevtoolsHandle } from '../../helpers/fakeDevtools';
import { startOf, parseReplay } from '../../helpers/replay';

const student = demoStudents.reguler;
const PERSONAL = {
  password: 'rahasia-sandi-1',
  token: 'rahasia-token-1',
  no_telp: student.no_telp,
  no_telp_ortu: student.no_telp_ortu,
  alamat: student.alamat,
  email: student.email,
};

const target = window as unknown as Record<string, unknown>;

/** A store built as the page builds it, with the stand-in extension recording it, the student logged in. */
function storeWithDevtools(preloaded: 'boot' | 'none') {
  installFakeDevtoolsHere();
  let made: StoreModule.AppStore | null = null;
  let history: typeof StoreModule.sessionHistory | null = null;
  // RTK reads the extension's global when its module loads.
  jest.isolateModules(() => {
    // The session cookie, written with this module registry's cookie key (a fresh one per registry).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('../../helpers/clientFixtures') as typeof Fixtures).loggedInState(student, { cookies: true });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const store = require('../../../src/client/app/store') as typeof StoreModule;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const core = require('../../../src/client/app/storeCore') as typeof StoreCoreModule;
    made = store.makeStore(preloaded === 'boot' ? core.bootState() : undefined, { runSaga: false });
    history = store.sessionHistory;
  });
  const devtools = target.__fakeDevtools as FakeDevtoolsHandle;
  return {
    store: made as unknown as StoreModule.AppStore,
    exportFile: () => extensionExportFile(devtools.staged(), devToolsOptions),
    /** What the page's own recording writes for a problem report (lib/sessionExport.ts), at most `maxBytes`. */
    ownExport: (maxBytes: number) =>
      exportText(history as unknown as typeof StoreModule.sessionHistory, exportReplacer, maxBytes),
  };
}

afterEach(() => {
  delete target.__REDUX_DEVTOOLS_EXTENSION__;
  delete target.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
  delete target.__fakeDevtools;
  window.localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    document.cookie = `${cookie.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

it("holds no password, token, phone, parent's phone, address or e-mail: each is masked and says so", async () => {
  // A profile an older build stored with its contact data: REHYDRATE brings it back.
  window.localStorage.setItem(
    'persist:siaptes',
    JSON.stringify({
      profile: JSON.stringify({ idProfil: student.id, profilUser: student, loadStatus: 'loaded' }),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    }),
  );
  const { store, exportFile } = storeWithDevtools('boot');
  await new Promise<void>((resolve) => persistStore(store, null, resolve));
  store.dispatch(loginSucceeded({ user: student }));
  store.dispatch(profileLoaded(student));
  // What no action of the app carries today, in case one ever does.
  store.dispatch({
    type: 'test/credentials',
    payload: { password: PERSONAL.password, token: PERSONAL.token },
  });
  store.dispatch(
    apiAnswered({
      method: 'GET',
      path: `/siswa/profil/user/id/${student.id}`,
      sent: null,
      status: 200,
      body: { status: true, content: student },
    }),
  );

  const text = exportFile();
  for (const [field, value] of Object.entries(PERSONAL))
    expect({ field, found: text.includes(value) }).toEqual({ field, found: false });
  const actions = JSON.parse((JSON.parse(text) as { payload: string }).payload) as UnknownAction[];
  const byType = (type: string) => actions.find((action) => action.type === type) as UnknownAction;
  expect((byType('auth/loginSucceeded').payload as { user: unknown }).user).toMatchObject({
    username: 'reguler',
    nama_lengkap: student.nama_lengkap,
    no_telp: '<<disamarkan>>',
    no_telp_ortu: '<<disamarkan>>',
    alamat: '<<disamarkan>>',
    email: '<<disamarkan>>',
  });
  expect(byType('test/credentials').payload).toEqual({ password: '<<disamarkan>>', token: '<<disamarkan>>' });
  // REHYDRATE keeps what a replay needs (its key, the student's id and name).
  const rehydrate = byType('persist/REHYDRATE') as UnknownAction & { key: string };
  expect(rehydrate.key).toBe('siaptes');
  expect(rehydrate.payload).toMatchObject({
    profile: { profilUser: { id: student.id, username: 'reguler' } },
  });
});

it('has a preloadedState (the boot state, logged in) when the page built its store with one, none otherwise', () => {
  const booted = storeWithDevtools('boot').exportFile();
  expect(booted.startsWith('{\n\t"payload": "')).toBe(true);
  const withState = JSON.parse(booted) as { payload: string; preloadedState?: string };
  expect(JSON.parse(withState.preloadedState ?? 'null')).toMatchObject({
    auth: { isLoggedIn: true, idSiswa: student.id },
    profile: { profilUser: null },
  });
  expect(startOf(parseReplay(withState, 'booted.json')).how).toBe("from the export's preloadedState");

  const bare = JSON.parse(storeWithDevtools('none').exportFile()) as Record<string, unknown>;
  expect(Object.keys(bare)).toEqual(['payload']);
});

it('is plain JSON: an object met twice is written twice, an undefined payload left out', () => {
  const shared = { jawaban_siswa: 'B', group: [] };
  const text = extensionExportFile(
    {
      actions: [
        { type: 'a', payload: undefined },
        { type: 'b', payload: shared },
        { type: 'c', payload: { acked: shared } },
      ],
      committedState: undefined,
    },
    devToolsOptions,
  );
  expect(text).not.toContain('$jsan');
  expect(JSON.parse((JSON.parse(text) as { payload: string }).payload)).toEqual([
    { type: 'a' },
    { type: 'b', payload: shared },
    { type: 'c', payload: { acked: shared } },
  ]);
});

it("is written by the page itself for a problem report, byte for byte as the extension's Export", () => {
  const { store, exportFile, ownExport } = storeWithDevtools('boot');
  store.dispatch(loginSucceeded({ user: student }));
  store.dispatch(profileLoaded(student));
  // Past DevTools' maxAge (2000 shown), with the clock's ticks hidden among them: the oldest are committed.
  for (let i = 0; i < 2100; i++) {
    store.dispatch({ type: 'run/clockTicked', payload: { sekarang: i } });
    store.dispatch(
      apiAnswered({
        method: 'GET',
        path: `/x/${i}`,
        sent: null,
        status: 503,
        body: { status: false, message: 'x' },
      }),
    );
  }
  const full = ownExport(100 * 1024 * 1024);
  expect(full).toBe(exportFile());
  for (const value of Object.values(PERSONAL)) expect(full.includes(value)).toBe(false);

  // Over the report's bound, the history is cut at the front: the newest actions stay, the state before them is
  // the preloadedState, and it still replays from there.
  const cut = ownExport(200 * 1024);
  expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(200 * 1024);
  const payloadOf = (text: string) =>
    JSON.parse((JSON.parse(text) as { payload: string }).payload) as UnknownAction[];
  const kept = payloadOf(cut);
  expect(kept.length).toBeGreaterThan(100);
  expect(kept).toEqual(payloadOf(full).slice(-kept.length));
  const parsed = JSON.parse(cut) as { payload: string; preloadedState: string };
  expect(startOf(parseReplay(parsed, 'cut.json')).how).toBe("from the export's preloadedState");
});
