/**
 * The page's boot decodes the session cookies only when there is one (session/presence.ts): a first visit to
 * /login loads neither crypto-js nor universal-cookie, and a returning student's store still starts logged in.
 */
const PRESENCE = '../../../src/client/session/presence';
const COOKIES = '../../../src/client/session/cookies';

type Presence = typeof import('../../../src/client/session/presence');
type Cookies = typeof import('../../../src/client/session/cookies');
type StoreCore = typeof import('../../../src/client/app/storeCore');

afterEach(() => {
  for (const name of ['authenticated', 'latiskey', 'credential', 'idprofil', 'id']) {
    document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
});

async function bootLoadsCookies(): Promise<boolean> {
  let loaded = false;
  await jest.isolateModulesAsync(async () => {
    jest.doMock(COOKIES, () => {
      loaded = true;
      return {};
    });
    const presence = jest.requireActual<Presence>(PRESENCE);
    await presence.loadSessionReader();
  });
  return loaded;
}

it('loads the cookie decoding at boot only when a session cookie is there', async () => {
  expect(await bootLoadsCookies()).toBe(false);
  document.cookie = 'authenticated=U2FsdGVkX1; path=/';
  expect(await bootLoadsCookies()).toBe(true);
});

it('a stored session makes the boot state logged in; none, logged out', () => {
  jest.isolateModules(() => {
    const cookies = jest.requireActual<Cookies>(COOKIES);
    const { bootState } = jest.requireActual<StoreCore>('../../../src/client/app/storeCore');
    expect(bootState().auth).toMatchObject({ isLoggedIn: false, idSiswa: null });
    cookies.writeSession({ latisKey: { key: 'k' }, credential: { username: 'u' }, idProfil: 7, id: 41 });
    expect(bootState().auth).toMatchObject({ isLoggedIn: true, idSiswa: 41 });
    cookies.clearSession();
    expect(bootState().auth).toMatchObject({ isLoggedIn: false, idSiswa: null });
  });
});
