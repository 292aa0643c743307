import { AxiosError, AxiosHeaders } from 'axios';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { login, logout } from '../../../src/client/api/auth';
import { rootReducer, type AppState } from '../../../src/client/app/rootReducer';
import { callErrorText, showCallError, showError, showFailed } from '../../../src/client/components/dialogs';
import { authSaga } from '../../../src/client/features/auth/saga';
import { loginRequested, logoutRequested, sessionExpired } from '../../../src/client/features/auth/slice';
import { reloadPage } from '../../../src/client/lib/browser';
import { readSession } from '../../../src/client/session/cookies';
import { decryptValue } from '../../../src/client/session/crypto';
import { holdPassword, takePassword } from '../../../src/client/session/pendingLogin';
import { text } from '../../../src/client/text';
import { demoStudents, loggedInState, TEST_PASSWORD } from '../../helpers/clientFixtures';

const initialState = (): AppState => rootReducer(undefined, { type: '@@test/init' });
const withState = (partial: Partial<AppState>): AppState => ({ ...initialState(), ...partial });

function axiosError(code: string, status?: number, statusText = ''): AxiosError {
  const config = { url: '/auth/login', baseURL: '/api', headers: new AxiosHeaders() };
  const response = status
    ? { status, statusText, data: { status: false, message: statusText }, headers: {}, config }
    : undefined;
  return new AxiosError(
    status ? `Request failed with status code ${status}` : 'Network Error',
    code,
    config,
    {},
    response,
  );
}

const credential = { username: 'reguler' };

/** What the login form does: the password to the session module, the username in the action. */
function submitted() {
  holdPassword(TEST_PASSWORD);
  return loginRequested(credential);
}

describe('login saga', () => {
  it('stores the encrypted session, fills the profile and reloads on status true', async () => {
    const reply = {
      status: true,
      message: 'Login berhasil',
      content: { user: demoStudents.reguler, access_token: { value: 'session-token-1' } },
    };
    const { storeState } = await expectSaga(authSaga)
      .withReducer(rootReducer, initialState())
      .provide([
        [matchers.call.fn(login), reply],
        [matchers.call.fn(reloadPage), undefined],
      ])
      .call(login, { code: 's', isgoogle: false, username: 'reguler', password: TEST_PASSWORD })
      .call(reloadPage)
      .dispatch(submitted())
      .silentRun(50);

    expect(storeState.auth).toMatchObject({
      isLoggedIn: true,
      idSiswa: 1,
      loginStatus: 'idle',
      loginAttempts: 1,
    });
    expect(storeState.profile.profilUser?.nama_lengkap).toBe('Muhammad Rizky Pratama');
    expect(readSession()).toEqual({
      latisKey: { key: 'session-token-1' },
      credential: { username: 'reguler' },
      idProfil: 1,
      id: 1,
    });
    // Obscured: the token is not readable in the cookie jar, and the password is in no cookie at all.
    expect(document.cookie).not.toContain('session-token-1');
    const decrypted = document.cookie
      .split('; ')
      .map((c) => decryptValue<unknown>(decodeURIComponent(c.slice(c.indexOf('=') + 1))));
    expect(JSON.stringify(decrypted)).not.toContain(TEST_PASSWORD);
    expect(JSON.stringify(decrypted)).toContain('session-token-1');
    // Nor in the store: neither the key nor the password, nor in any action the store saw.
    expect(JSON.stringify(storeState)).not.toContain(TEST_PASSWORD);
    expect(JSON.stringify(storeState)).not.toContain('session-token-1');
    // The password was handed over once: a second take finds nothing.
    expect(takePassword()).toBe('');
  });

  it('shows "Failed" with the server message on status false and stays logged out', async () => {
    const { storeState } = await expectSaga(authSaga)
      .withReducer(rootReducer, initialState())
      .provide([
        [matchers.call.fn(login), { status: false, message: 'Username atau password salah' }],
        [matchers.call.fn(showFailed), undefined],
      ])
      .call(showFailed, 'Username atau password salah')
      .not.call.fn(reloadPage)
      .dispatch(submitted())
      .silentRun(50);

    expect(storeState.auth).toMatchObject({ isLoggedIn: false, loginStatus: 'idle', loginAttempts: 1 });
    expect(readSession()).toBeNull();
  });

  it('titles the modal with the error code and shows message plus HTTP status text on an HTTP error', async () => {
    const failure = axiosError('ERR_BAD_RESPONSE', 500, 'Internal Server Error');
    const { storeState } = await expectSaga(authSaga)
      .withReducer(rootReducer, initialState())
      .provide([
        [matchers.call.fn(login), throwError(failure)],
        [matchers.call.fn(showCallError), undefined],
      ])
      .call(showCallError, failure, 'Login')
      .dispatch(submitted())
      .silentRun(50);
    expect(storeState.auth).toMatchObject({ isLoggedIn: false, loginStatus: 'idle', loginAttempts: 1 });
    // What the dialog shows: the code as title, the server's own message, then the spec's message and HTTP
    // status text as the detail.
    expect(callErrorText(failure, 'Login')).toEqual({
      title: 'ERR_BAD_RESPONSE',
      text: 'Internal Server Error',
      detail: expect.stringContaining('Request failed with status code 500 · Internal Server Error · Login'),
    });
  });

  it('titles the modal ERR_NETWORK when the server cannot be reached, with a sentence the student understands', async () => {
    const failure = axiosError('ERR_NETWORK');
    await expectSaga(authSaga)
      .withReducer(rootReducer, initialState())
      .provide([
        [matchers.call.fn(login), throwError(failure)],
        [matchers.call.fn(showCallError), undefined],
      ])
      .call(showCallError, failure, 'Login')
      .dispatch(submitted())
      .silentRun(50);
    expect(callErrorText(failure, 'Login')).toMatchObject({
      title: 'ERR_NETWORK',
      text: 'Tidak dapat terhubung ke server. Periksa koneksi internetmu, lalu coba lagi.',
    });
  });
});

describe('logout saga', () => {
  it('is blocked while a package tryout runs: no call, still logged in', async () => {
    const state = withState(loggedInState(demoStudents.reguler, { cookies: true }));
    const running = { ...state, tryoutPaket: { ...state.tryoutPaket, isRunning: true } };
    const { storeState } = await expectSaga(authSaga)
      .withReducer(rootReducer, running)
      .provide([[matchers.call.fn(showError), undefined]])
      .call(
        showError,
        text.common.failed,
        'Sorry, Tryout masih berjalan, silahkan selesaikan tryout dahulu sebelum logout',
      )
      .not.call.fn(logout)
      .dispatch(logoutRequested())
      .silentRun(50);
    expect(storeState.auth.isLoggedIn).toBe(true);
    expect(readSession()).not.toBeNull();
  });

  it('is blocked while a per-topic tryout runs', async () => {
    const state = withState(loggedInState(demoStudents.reguler, { cookies: true }));
    const running = { ...state, tryoutMateri: { ...state.tryoutMateri, isRunning: true } };
    const { storeState } = await expectSaga(authSaga)
      .withReducer(rootReducer, running)
      .provide([[matchers.call.fn(showError), undefined]])
      .not.call.fn(logout)
      .dispatch(logoutRequested())
      .silentRun(50);
    expect(storeState.auth.isLoggedIn).toBe(true);
  });

  it('sends the spec fields with the stored username and an empty password, then clears cookies and every slice', async () => {
    const state = withState(loggedInState(demoStudents.tutor, { cookies: true }));
    const { storeState } = await expectSaga(authSaga)
      .withReducer(rootReducer, state)
      .provide([[matchers.call.fn(logout), { status: true, message: 'Logout berhasil' }]])
      .call(logout, { code: 's', username: 'tutor', password: '' })
      .dispatch(logoutRequested())
      .silentRun(50);
    expect(storeState.auth.isLoggedIn).toBe(false);
    expect(storeState.profile.profilUser).toBeNull();
    expect(readSession()).toBeNull();
  });

  it('shows the error code and message when the call fails, and ends the session anyway', async () => {
    const failure = axiosError('ERR_NETWORK');
    const state = withState(loggedInState(demoStudents.umum, { cookies: true }));
    const { storeState } = await expectSaga(authSaga)
      .withReducer(rootReducer, state)
      .provide([
        [matchers.call.fn(logout), throwError(failure)],
        [matchers.call.fn(showCallError), undefined],
      ])
      .call(showCallError, failure, 'Logout')
      .dispatch(logoutRequested())
      .silentRun(50);
    expect(storeState.auth.isLoggedIn).toBe(false);
    expect(readSession()).toBeNull();
  });
});

describe('session expiry', () => {
  it('a 401 (sessionExpired) clears the cookies and the store', async () => {
    const state = withState(loggedInState(demoStudents.akbar, { cookies: true }));
    const { storeState } = await expectSaga(authSaga)
      .withReducer(rootReducer, state)
      .dispatch(sessionExpired())
      .silentRun(50);
    expect(storeState.auth).toMatchObject({ isLoggedIn: false, idSiswa: null });
    expect(storeState.profile.profilUser).toBeNull();
    expect(readSession()).toBeNull();
  });
});
