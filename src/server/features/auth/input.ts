import { HttpError } from '../../lib/httpError';

export interface LoginInput {
  username: string;
  password: string;
}

const LOGIN_FIELDS = new Set(['code', 'isgoogle', 'username', 'password']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the login body by hand (the route attaches schema errors instead of throwing them) so that a missing
 * field answers with the login form's own words ("Masukkan Username" / "Masukkan Password") rather than a schema
 * message.
 */
export function parseLoginBody(body: unknown): LoginInput {
  if (!isRecord(body)) {
    throw new HttpError(400, 'Permintaan login tidak valid: kirim username dan password');
  }
  const { code, isgoogle, username, password } = body;
  if (typeof username !== 'string' || username.trim() === '') throw new HttpError(400, 'Masukkan Username');
  if (typeof password !== 'string' || password === '') throw new HttpError(400, 'Masukkan Password');
  if (username.length > 100 || password.length > 200) {
    throw new HttpError(400, 'Username atau password terlalu panjang');
  }
  const unknown = Object.keys(body).find((key) => !LOGIN_FIELDS.has(key));
  if (unknown !== undefined)
    throw new HttpError(400, `Permintaan tidak valid: body.${unknown} tidak dikenal`);
  if (code !== 's') throw new HttpError(400, 'Permintaan login tidak valid: code harus "s"');
  if (isgoogle !== false) {
    throw new HttpError(400, 'Login dengan Google tidak tersedia, gunakan username dan password');
  }
  return { username: username.trim(), password };
}
