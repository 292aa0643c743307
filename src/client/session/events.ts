import { createAction } from '@reduxjs/toolkit';
import type { ProfileUser } from '../../contract';

/**
 * The session's events and the logged-in student, shared by every feature. They live outside features/ so that a
 * feature never imports another one (the auth slice handles them through extraReducers). The type strings stay
 * `auth/…`: recorded DevTools exports (QA replays) name them so.
 */
export interface LoginSucceededPayload {
  user: ProfileUser;
}

export const loginSucceeded = createAction<LoginSucceededPayload>('auth/loginSucceeded');

/** The session is over (logout or expiry); the root reducer resets every slice on it. */
export const sessionEnded = createAction('auth/sessionEnded');

/** The logged-in student's id (the `id` cookie): the `idsiswa` of every call. */
export const selectIdSiswa = (state: { auth: { idSiswa: number | null } }) => state.auth.idSiswa;
