/**
 * The one axios instance: base /api, JSON, and the `Key` header with the decrypted session token on every request.
 * A 401 answer tells the `onUnauthorized` listeners (the auth saga ends the session and the guards go to /login).
 */
import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { KEY_HEADER } from '../../contract';
import { apiAnswered, record } from '../lib/recorded';
import { rememberFailedCall } from '../lib/failedCalls';
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

const answeredListeners = new Set<Listener>();

/** Subscribe to every successful answer of a call (the network works); returns the unsubscribe function. */
export function onAnswered(listener: Listener): () => void {
  answeredListeners.add(listener);
  return () => {
    answeredListeners.delete(listener);
  };
}

export function isUnauthorized(error: unknown): boolean {
  return axios.isAxiosError(error) && error.response?.status === 401;
}

/** The request body as JSON (axios has already serialized it to a string). */
function sentBody(config: InternalAxiosRequestConfig | undefined): unknown {
  const data: unknown = config?.data;
  if (typeof data !== 'string') return data ?? null;
  try {
    return withoutRecording(config?.url, JSON.parse(data) as unknown);
  } catch {
    return data;
  }
}

/**
 * A problem report carries the session's recording; recorded again in the history it would nest in the next
 * report, each holding all the ones before.
 */
function withoutRecording(url: string | undefined, body: unknown): unknown {
  if (url !== '/siswa/laporan' || body === null || typeof body !== 'object') return body;
  return { ...body, devtools: '<<rekaman sesi>>' };
}

/** Every answer (and every call that got none) as an `api/answered` action, for DevTools exports and replays. */
function recordAnswer(
  config: InternalAxiosRequestConfig | undefined,
  response: AxiosResponse | undefined,
  error?: string,
) {
  record(
    apiAnswered({
      method: (config?.method ?? 'get').toUpperCase(),
      path: config?.url ?? '',
      sent: sentBody(config),
      status: response?.status ?? 0,
      body: (response?.data as unknown) ?? null,
      ...(error ? { error } : {}),
    }),
  );
}

http.interceptors.response.use(
  (response) => {
    recordAnswer(response.config, response);
    answeredListeners.forEach((listener) => listener());
    return response;
  },
  (error: unknown) => {
    if (axios.isAxiosError(error)) {
      recordAnswer(error.config, error.response, error.code ?? 'ERR_UNKNOWN');
      const requestId: unknown = error.response?.headers['x-request-id'];
      if (typeof requestId === 'string') rememberFailedCall(requestId);
    }
    if (isUnauthorized(error)) unauthorizedListeners.forEach((listener) => listener());
    return Promise.reject(error);
  },
);
