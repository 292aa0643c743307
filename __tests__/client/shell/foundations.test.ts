import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import { call, take } from 'redux-saga/effects';
import { keepAlive } from '../../../src/client/app/rootSaga';
import { actionSanitizer, stateSanitizer } from '../../../src/client/app/devtools';
import { makeStore } from '../../../src/client/app/store';
import { loginRequested } from '../../../src/client/features/auth/slice';
import { loginSucceeded } from '../../../src/client/session/events';
import {
  selectCanSeePermateri,
  selectFiveChoiceToE,
  selectIsEventStudent,
  selectIsRegularStudent,
} from '../../../src/client/lib/student';
import { clock, createFakeClock, setClock } from '../../../src/client/lib/clock';
import { decryptValue, encryptValue } from '../../../src/client/session/crypto';
import { clearSession, readSession, readToken, writeSession } from '../../../src/client/session/cookies';
import { demoStudents, loggedInState } from '../../helpers/clientFixtures';

describe('session cookies', () => {
  it('round-trips the five encrypted cookies and clears them', () => {
    writeSession({
      latisKey: { key: 'abc' },
      credential: { username: 'u' },
      idProfil: 7,
      id: 7,
    });
    const names = document.cookie.split(';').map((c) => c.split('=')[0].trim());
    expect(names.sort()).toEqual(['authenticated', 'credential', 'id', 'idprofil', 'latiskey']);
    expect(readToken()).toBe('abc');
    expect(readSession()?.credential).toEqual({ username: 'u' });
    clearSession();
    expect(readSession()).toBeNull();
    expect(document.cookie).toBe('');
  });

  it('never keeps a password: an older credential cookie holding one is rewritten with the username only', () => {
    writeSession({ latisKey: { key: 'abc' }, credential: { username: 'u' }, idProfil: 7, id: 7 });
    document.cookie = `credential=${encodeURIComponent(encryptValue({ username: 'u', password: 'rahasia' }))}; path=/`;
    expect(readSession()?.credential).toEqual({ username: 'u' });
    const stored = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('credential='))!
        .slice(11),
    );
    expect(decryptValue(stored)).toEqual({ username: 'u' });
    clearSession();
  });

  it('a tampered cookie reads as logged out', () => {
    writeSession({
      latisKey: { key: 'abc' },
      credential: { username: 'u' },
      idProfil: 7,
      id: 7,
    });
    document.cookie = 'authenticated=not-ours; path=/';
    expect(readSession()).toBeNull();
    expect(decryptValue(encryptValue({ a: 1 }))).toEqual({ a: 1 });
    expect(decryptValue('garbage')).toBeUndefined();
  });
});

describe('student type rules', () => {
  it('come from the server’s profile fields, never from institution names in the client', () => {
    const state = (user: typeof demoStudents.reguler) => ({ profile: loggedInState(user).profile! });
    expect(selectIsEventStudent(state(demoStudents.akbar))).toBe(true);
    expect(selectIsRegularStudent(state(demoStudents.tutor))).toBe(true);
    expect(selectIsRegularStudent(state(demoStudents.umum))).toBe(false);
    // An operator made SiapTes "umum": the client follows the server, whatever the lembaga says.
    const renamed = { ...demoStudents.reguler, jenis_siswa: 'umum' as const };
    expect(selectIsRegularStudent(state(renamed))).toBe(false);
    expect(selectFiveChoiceToE(state(demoStudents.tutor))).toBe(false);
    expect(selectFiveChoiceToE(state(demoStudents.akbar))).toBe(true);
    expect(selectCanSeePermateri(state(demoStudents.akbar))).toBe(false);
    expect(selectCanSeePermateri(state(demoStudents.tutor))).toBe(true);
  });
});

describe('root saga supervisor', () => {
  it('restarts a crashed watcher so it keeps serving actions', async () => {
    let runs = 0;
    function* flaky() {
      runs += 1;
      yield take('CRASH');
      throw new Error('boom');
    }
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expectSaga(keepAlive, flaky).dispatch({ type: 'CRASH' }).dispatch({ type: 'CRASH' }).silentRun(50);
    expect(runs).toBe(3);
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('crashed; restarting'), expect.any(Error));
    spy.mockRestore();
  });

  /** A watcher that crashes on every CRASH; `msApart` of (virtual) time pass before each crash. */
  async function crashes(count: number, msApart: number) {
    let runs = 0;
    let now = 0;
    function* flaky() {
      runs += 1;
      yield take('CRASH');
      now += msApart;
      throw new Error('boom');
    }
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let saga = expectSaga(keepAlive, flaky).provide([[matchers.call.fn(clock.now), dynamic(() => now)]]);
    for (let crash = 0; crash < count; crash += 1) saga = saga.dispatch({ type: 'CRASH' });
    await saga.silentRun(50);
    const stopped = spy.mock.calls.some(([message]) => String(message).includes('stopped after 5 restarts'));
    spy.mockRestore();
    return { runs, stopped };
  }

  it('gives up after 5 restarts in a row: the 6th crash within a minute stops the watcher', async () => {
    expect(await crashes(5, 1_000)).toEqual({ runs: 6, stopped: false });
    expect(await crashes(6, 1_000)).toEqual({ runs: 6, stopped: true });
  });

  it('a crash after a healthy minute starts the count again, so rare crashes never stop it', async () => {
    expect(await crashes(12, 60_000)).toEqual({ runs: 13, stopped: false });
    // 59 s is not yet healthy: the count goes on.
    expect(await crashes(6, 59_000)).toEqual({ runs: 6, stopped: true });
  });
});

describe('devtools sanitizers', () => {
  it('the store never holds the session key; personal data is masked by path, harmless keys are shown', () => {
    const state = makeStore(loggedInState(undefined, { cookies: true }), { runSaga: false }).getState();
    expect(JSON.stringify(state)).not.toContain('token-for-tests');
    const shown = stateSanitizer(state);
    const user = shown.profile.profilUser as unknown as Record<string, unknown>;
    expect(user.no_telp).toBe('<<disamarkan>>');
    expect(user.no_telp_ortu).toBe('<<disamarkan>>');
    expect(user.alamat).toBe('<<disamarkan>>');
    expect(user.email).toBe('<<disamarkan>>');
    expect(user.username).toBe(demoStudents.reguler.username);
    expect(user.nama_lengkap).toBe(demoStudents.reguler.nama_lengkap);
    // The store itself is untouched.
    expect(state.profile.profilUser?.email).toBe(demoStudents.reguler.email);
    clearSession();
  });

  it('masks personal data in the actions that carry it and leaves other actions as they are', () => {
    const login = actionSanitizer(loginSucceeded({ user: demoStudents.reguler }));
    expect(JSON.stringify(login)).not.toContain(demoStudents.reguler.email);
    expect(login.payload.user.username).toBe(demoStudents.reguler.username);
    const requested = loginRequested({ username: 'reguler' });
    expect(actionSanitizer(requested)).toBe(requested);
    const other = { type: 'hasil/keySelected', payload: { key: 'paket-1', token: 'bukan-rahasia' } };
    expect(actionSanitizer(other)).toEqual(other);
  });
});

describe('clock', () => {
  it('a fake clock drives saga sleeps', async () => {
    const fake = createFakeClock(1_000);
    const restore = setClock(fake);
    const ticks: number[] = [];
    function* countdown() {
      for (let i = 0; i < 3; i += 1) {
        yield call(clock.sleep, 1000);
        ticks.push(clock.now());
      }
    }
    const run = expectSaga(countdown).run({ timeout: 500, silenceTimeout: true });
    await fake.advance(3000);
    await run;
    restore();
    expect(ticks).toEqual([2000, 3000, 4000]);
  });
});
