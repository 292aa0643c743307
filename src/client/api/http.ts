/**
 * The one axios instance: base /api, JSON, and the `Key` header with the decrypted session token on every request.
 * A 401 answer tells the `onUnauthorized` listeners (the auth saga ends the session and the guards go to /login).
 */
import axios from 'axios';
import type { KEY_HEADER } from '../../contract';
import { readToken } from '../session/cookies';
import { API_BASE_URL } from './path';

const KEY_HEADER_NAME: typeof KEY_HEADER = 'Key';

export const http = axios.create({
  baseURL: API_BASE_URL,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

http.interceptors.request.use((config) => {
  // Read per request: the cookie may have been written (login) or removed (logout) since the last call.
  const token = readToken();
  if (token) config.headers.set(KEY_HEADER_NAME, token);
  return config;
});

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Subscribe to 401 answers; returns the unsubscribe function. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export function isUnauthorized(error: unknown): boolean {
  return axios.isAxiosError(error) && error.response?.status === 401;
}

http.interceptors.response.use(undefined, (error: unknown) => {
  if (isUnauthorized(error)) unauthorizedListeners.forEach((listener) => listener());
  return Promise.reject(error);
});
