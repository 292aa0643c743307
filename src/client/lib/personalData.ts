/**
 * What never leaves the browser's memory in a DevTools export, a recorded answer or localStorage: how to log in,
 * and how to reach a student beyond the name shown on screen. Such a value is replaced by MASK, which says so.
 */
export const MASK = '<<disamarkan>>';

/** Credentials: the login's password and the server's session token (its `key` is masked where answers are recorded). */
export const CREDENTIAL_KEYS = ['password', 'token', 'access_token'] as const;

/** The profile's contact data: phone, parent's phone, address, e-mail. */
export const CONTACT_FIELDS = ['no_telp', 'no_telp_ortu', 'alamat', 'email'] as const;

const MASKED = new Set<string>([...CREDENTIAL_KEYS, ...CONTACT_FIELDS]);

/** Whether the value under this key is masked: a credential or contact field, when it holds something. */
export function isMasked(key: string | number, value: unknown, extraKeys?: ReadonlySet<string>): boolean {
  if (typeof key !== 'string' || value === null || value === undefined || value === '') return false;
  const name = key.toLowerCase();
  return MASKED.has(name) || (extraKeys?.has(name) ?? false);
}
