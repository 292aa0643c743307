import type { Action } from '@reduxjs/toolkit';

/** Keys whose values never reach Redux DevTools: the session key and the stored credential. */
const SECRET_KEYS = new Set(['latisKey', 'password', 'credential', 'access_token', 'token', 'key']);
const MASK = '<<masked>>';

/** A copy of `value` with every secret key's value masked. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  const masked: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    masked[key] = SECRET_KEYS.has(key) && inner !== null ? MASK : maskSecrets(inner, depth + 1);
  }
  return masked;
}

export function actionSanitizer<A extends Action>(action: A): A {
  return 'payload' in action ? ({ ...action, payload: maskSecrets(action.payload) } as A) : action;
}

/** Only the auth slice holds the key; the other slices are shown as they are. */
export function stateSanitizer<S>(state: S): S {
  if (state === null || typeof state !== 'object' || !('auth' in state)) return state;
  return { ...state, auth: maskSecrets((state as { auth: unknown }).auth) };
}
