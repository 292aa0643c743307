// Only the AES cipher and the UTF-8 encoder: the whole crypto-js bundle would triple the size.
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

/**
 * Build-time key (webpack DefinePlugin: SIAPTES_COOKIE_KEY, or a random key per build). It ships in the public
 * bundle, so this encryption only obscures the cookies: nothing secret beyond the session token is stored.
 * Outside a build (unit tests) a random key per page load stands in.
 */
const COOKIE_KEY: string = process.env.SIAPTES_COOKIE_KEY ?? randomKey();

function randomKey(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** AES-encrypt a JSON value into an OpenSSL-format base64 string. */
export function encryptValue(value: unknown): string {
  return AES.encrypt(JSON.stringify(value), COOKIE_KEY).toString();
}

/** Decrypt what `encryptValue` produced; undefined when the text is not ours (wrong key, tampered, not JSON). */
export function decryptValue<T>(cipherText: string): T | undefined {
  try {
    const plain = AES.decrypt(cipherText, COOKIE_KEY).toString(Utf8);
    return plain === '' ? undefined : (JSON.parse(plain) as T);
  } catch {
    return undefined;
  }
}
