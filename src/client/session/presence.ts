import type { Session } from './cookies';
import { hasSessionCookie } from './sessionCookie';

/**
 * Whether the browser holds a session at all, and the session read at boot, without crypto-js or universal-cookie:
 * a first visit to /login has no session cookie, so its first load leaves the cookie decoding out (session/cookies.ts
 * is a chunk of its own, loaded by the page's boot only when a session cookie is there, and by the sagas).
 */

/** The reader of session/cookies.ts, once that module has loaded (it registers itself). */
let readStoredSession: (() => Session | null) | null = null;

/** Called by session/cookies.ts as it loads. */
export function registerSessionReader(read: () => Session | null): void {
  readStoredSession = read;
}

/**
 * The stored session, or null when there is none. A session cookie with the reader not loaded yet reads as none:
 * the page's boot loads session/cookies.ts before it makes the store whenever the cookie is there.
 */
export function readSessionIfPresent(): Session | null {
  return hasSessionCookie() && readStoredSession ? readStoredSession() : null;
}

/** Loads the cookie decoding when a session cookie is there, so the store starts from the session it holds. */
export async function loadSessionReader(): Promise<void> {
  if (hasSessionCookie() && !readStoredSession) await import(/* webpackChunkName: "session" */ './cookies');
}
