import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Credential } from '../../session/cookies';
import { readSessionIfPresent } from '../../session/presence';
import { loginSucceeded, sessionEnded } from '../../session/events';

/**
 * The session/auth state. It is derived from the session cookies, never persisted on its own. The session key
 * (spec latisKey) stays in the session module and never enters the store, so no DevTools export can hold it.
 */
export interface AuthState {
  isLoggedIn: boolean;
  /** The logged-in student's id (the `id` cookie): the `idsiswa` of every call. */
  idSiswa: number | null;
  loginStatus: 'idle' | 'processing';
  /** Counts finished login attempts, so the form can clear its fields after each one. */
  loginAttempts: number;
}

export function authStateFromCookies(): AuthState {
  const session = readSessionIfPresent();
  return {
    isLoggedIn: session !== null,
    idSiswa: session?.id ?? null,
    loginStatus: 'idle',
    loginAttempts: 0,
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: authStateFromCookies,
  reducers: {
    /** The username only: the password goes through session/pendingLogin, never through the store. */
    loginRequested(state, _action: PayloadAction<Credential>) {
      state.loginStatus = 'processing';
    },
    loginFailed(state) {
      state.loginStatus = 'idle';
      state.loginAttempts += 1;
    },
    logoutRequested() {},
    /** A 401 answer: the server no longer knows the token. */
    sessionExpired() {},
  },
  extraReducers: (builder) => {
    builder
      .addCase(loginSucceeded, (state, action) => {
        state.isLoggedIn = true;
        state.idSiswa = action.payload.user.id;
        state.loginStatus = 'idle';
        state.loginAttempts += 1;
      })
      .addCase(sessionEnded, () => authStateFromCookies());
  },
});

export const { loginRequested, loginFailed, logoutRequested, sessionExpired } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectIsLoggedIn = (state: WithAuth) => state.auth.isLoggedIn;
export const selectLoginProcessing = (state: WithAuth) => state.auth.loginStatus === 'processing';
export const selectLoginAttempts = (state: WithAuth) => state.auth.loginAttempts;
