import type { PayloadAction } from '@reduxjs/toolkit';
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, put, select, take, takeLatest, takeLeading, fork } from 'typed-redux-saga';
import { login, logout } from '../../api/auth';
import { isUnauthorized, onUnauthorized } from '../../api/http';
import { selectIsTryoutRunning } from '../../lib/run/running';
import { showCallError, showError, showFailed } from '../../components/dialogs';
import { reloadPage } from '../../lib/browser';
import { clearSession, readCredential, writeSession, type Credential } from '../../session/cookies';
import { takePassword } from '../../session/pendingLogin';
import { text } from '../../text';
import { loginFailed, loginRequested, logoutRequested, selectIsLoggedIn, sessionExpired } from './slice';
import { loginSucceeded, sessionEnded } from '../../session/events';
import { safely } from '../../lib/safely';

/**
 * Login: on status true store the session and reload; on false "Failed"; on error the error code. The
 * password is taken from the session module (the form held it there), never from the action.
 */
export function* loginFlow(action: PayloadAction<Credential>) {
  const { username } = action.payload;
  const password = yield* call(takePassword);
  try {
    const reply = yield* call(login, { code: 's' as const, isgoogle: false, username, password });
    if (reply.status && 'content' in reply) {
      const { user, access_token } = reply.content;
      const latisKey = { key: access_token.value };
      yield* call(writeSession, { latisKey, credential: { username }, idProfil: user.id, id: user.id });
      yield* put(loginSucceeded({ user }));
      yield* call(reloadPage);
    } else {
      yield* put(loginFailed());
      yield* call(showFailed, reply.message);
    }
  } catch (error) {
    yield* put(loginFailed());
    // Titled with the error code, the message and HTTP status text in the detail; a sentence first.
    yield* call(showCallError, error, text.actions.login);
  }
}

/** Forget the session in the browser and in the store (the guards then show /login). */
export function* endSession() {
  yield* call(clearSession);
  yield* put(sessionEnded());
}

/** Logout: blocked while a tryout runs; otherwise tell the server, and end the session anyway. */
export function* logoutFlow() {
  const running = yield* select(selectIsTryoutRunning);
  if (running) {
    yield* call(showError, text.common.failed, text.logout.blockedWhileRunning);
    return;
  }
  const credential = yield* call(readCredential);
  let failure: unknown = null;
  try {
    // The spec's fields, with an empty password: the browser never keeps it, and the server revokes by token.
    yield* call(logout, { code: 's', username: credential?.username ?? '', password: '' });
  } catch (error) {
    // A 401 means the server had already ended the session: logging out succeeded in effect.
    if (!isUnauthorized(error)) failure = error;
  } finally {
    yield* call(endSession);
  }
  if (failure) yield* call(showCallError, failure, text.actions.logout);
}

/** A 401 from any call ends the session (the token expired or was revoked): the dead key is removed at once. */
export function* expireSession() {
  const loggedIn = yield* select(selectIsLoggedIn);
  if (loggedIn) yield* call(endSession);
  else yield* call(clearSession);
}

function unauthorizedChannel(): EventChannel<true> {
  return eventChannel<true>((emit) => onUnauthorized(() => emit(true)));
}

function* watchUnauthorized() {
  const channel = yield* call(unauthorizedChannel);
  try {
    for (;;) {
      yield* take(channel);
      yield* put(sessionExpired());
    }
  } finally {
    channel.close();
  }
}

export function* authSaga() {
  yield* fork(watchUnauthorized);
  yield* takeLeading(loginRequested.type, safely(loginFlow));
  yield* takeLeading(logoutRequested.type, safely(logoutFlow));
  yield* takeLatest(sessionExpired.type, safely(expireSession));
}
