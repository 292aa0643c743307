/**
 * The logged-in session: five encrypted cookies (idprofil, credential, latiskey, authenticated, id),
 * 12 hours, path /, SameSite Lax, Secure over HTTPS.
 */
import Cookies from 'universal-cookie';
import { decryptValue, encryptValue } from './crypto';
import { registerSessionReader } from './presence';

export const SESSION_HOURS = 12;

export const COOKIE_NAMES = {
  idProfil: 'idprofil',
  credential: 'credential',
  latisKey: 'latiskey',
  authenticated: 'authenticated',
  id: 'id',
} as const;

/**
 * The spec's `credential` cookie: the username only (the UI and logout need it). The password is never stored in
 * the browser; logout sends it empty, since the server revokes by token.
 */
export interface Credential {
  username: string;
}

/** The session key as the spec's auth state holds it (`latisKey` = {key}). */
export interface LatisKey {
  key: string;
}

export interface Session {
  latisKey: LatisKey;
  credential: Credential;
  idProfil: number;
  id: number;
}

function cookieOptions() {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
  };
}

function readCookie<T>(name: string): T | undefined {
  const raw: unknown = new Cookies(null, { path: '/' }).get(name, { doNotParse: true });
  return typeof raw === 'string' && raw !== '' ? decryptValue<T>(raw) : undefined;
}

/** Store a fresh session (after a successful login). */
export function writeSession(session: Session): void {
  const cookies = new Cookies(null, { path: '/' });
  const options = { ...cookieOptions(), expires: new Date(Date.now() + SESSION_HOURS * 3600 * 1000) };
  cookies.set(COOKIE_NAMES.latisKey, encryptValue(session.latisKey), options);
  cookies.set(COOKIE_NAMES.credential, encryptValue({ username: session.credential.username }), options);
  cookies.set(COOKIE_NAMES.idProfil, encryptValue(session.idProfil), options);
  cookies.set(COOKIE_NAMES.id, encryptValue(session.id), options);
  cookies.set(COOKIE_NAMES.authenticated, encryptValue(true), options);
}

/** The stored session, or null when any part is missing or unreadable (then the user is logged out). */
export function readSession(): Session | null {
  if (readCookie<boolean>(COOKIE_NAMES.authenticated) !== true) return null;
  const latisKey = readCookie<LatisKey>(COOKIE_NAMES.latisKey);
  const credential = readCredential();
  const idProfil = readCookie<number>(COOKIE_NAMES.idProfil);
  const id = readCookie<number>(COOKIE_NAMES.id);
  if (!latisKey?.key || !credential || typeof idProfil !== 'number' || typeof id !== 'number') return null;
  return { latisKey, credential, idProfil, id };
}

/** The decrypted token for the `Key` header, or undefined when logged out. */
export function readToken(): string | undefined {
  return readCookie<LatisKey>(COOKIE_NAMES.latisKey)?.key;
}

/** The stored username; a cookie written by an older build that also held the password is rewritten without it. */
export function readCredential(): Credential | undefined {
  const stored = readCookie<Credential & { password?: unknown }>(COOKIE_NAMES.credential);
  if (!stored || typeof stored.username !== 'string') return undefined;
  const credential = { username: stored.username };
  if ('password' in stored) {
    new Cookies(null, { path: '/' }).set(COOKIE_NAMES.credential, encryptValue(credential), {
      ...cookieOptions(),
      expires: new Date(Date.now() + SESSION_HOURS * 3600 * 1000),
    });
  }
  return credential;
}

/** Forget the session (logout, or a 401 answer). */
export function clearSession(): void {
  const cookies = new Cookies(null, { path: '/' });
  for (const name of Object.values(COOKIE_NAMES)) cookies.remove(name, cookieOptions());
}

// The boot's reader of the session (session/presence.ts): whoever loads this module makes the session readable.
registerSessionReader(readSession);
