/**
 * No password in the browser (issue #12): after a real login through the form, no cookie, storage entry, Redux
 * state or DevTools export holds the password, in clear, in base64 or decrypted with the build's own cookie key
 * (found in the bundle, as an attacker would). The session key is in the cookie the spec names, never in the store.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { DEMO_PASSWORD, loginAs, newContext } from '../helpers/browser';
import { ROOT } from '../helpers/e2eServer';
import { startE2eSuite } from '../helpers/e2eSuite';

jest.setTimeout(120_000);

const suite = startE2eSuite();

/** Every string of the bundle that could be the cookie key (the build's random key is 43 base64url characters). */
function candidateKeys(): string[] {
  const assets = path.join(ROOT, 'dist/public/assets');
  const keys = new Set<string>(process.env.SIAPTES_COOKIE_KEY ? [process.env.SIAPTES_COOKIE_KEY] : []);
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    for (const match of readFileSync(path.join(assets, file), 'utf8').matchAll(
      /["'`]([A-Za-z0-9_-]{43})["'`]/g,
    )) {
      keys.add(match[1]);
    }
  }
  return [...keys];
}

function decryptWithAny(value: string, keys: string[]): string[] {
  const plain: string[] = [];
  for (const key of keys) {
    try {
      const text = AES.decrypt(decodeURIComponent(value), key).toString(Utf8);
      if (text !== '') plain.push(text);
    } catch {
      // Not this key.
    }
  }
  return plain;
}

/** A value and every reading an attacker would try. */
function readings(value: string, keys: string[]): string[] {
  const base64 = Buffer.from(decodeURIComponent(value), 'base64').toString('latin1');
  return [value, decodeURIComponent(value), base64, ...decryptWithAny(value, keys)];
}

it('after login no cookie, storage entry, store state or DevTools export holds the password', async () => {
  const context = await newContext(suite.browser, suite.server.baseUrl);
  const recorded: { state: string; exported: string }[] = [];
  // A stand-in for the Redux DevTools extension: what the store hands it, raw state and sanitized export.
  await context.exposeBinding('__recordDevtools', (_source, entry: { state: string; exported: string }) => {
    recorded.push(entry);
  });
  await context.addInitScript(() => {
    type Options = { stateSanitizer?: (s: unknown) => unknown; actionSanitizer?: (a: unknown) => unknown };
    type AnyFn = (...args: unknown[]) => unknown;
    const record = (window as unknown as { __recordDevtools: (e: unknown) => void }).__recordDevtools;
    (window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
      (options: Options) =>
      (...enhancers: AnyFn[]) =>
      (createStore: AnyFn) =>
      (...args: unknown[]) => {
        const enhanced = enhancers.reduceRight((next, enhancer) => enhancer(next) as AnyFn, createStore);
        const store = enhanced(...args) as { getState(): unknown; subscribe(l: () => void): void };
        store.subscribe(() => {
          const state = store.getState();
          record({
            state: JSON.stringify(state),
            exported: JSON.stringify(options.stateSanitizer ? options.stateSanitizer(state) : state),
          });
        });
        return store;
      };
  });
  const page = await context.newPage();
  await loginAs(page, 'reguler');
  await page.getByRole('heading', { name: /Halo/ }).waitFor();

  const keys = candidateKeys();
  const cookies = await context.cookies();
  const byName = Object.fromEntries(cookies.map((c) => [c.name, c.value]));
  expect(Object.keys(byName).sort()).toEqual(
    ['authenticated', 'credential', 'id', 'idprofil', 'latiskey', 'siaptes_session'].sort(),
  );
  // The build's key was found: the id cookie decrypts to the student's id, the credential to the username only.
  expect(decryptWithAny(byName.id, keys).some((text) => /^[1-9]\d*$/.test(text))).toBe(true);
  expect(decryptWithAny(byName.credential, keys).map((t) => JSON.parse(t) as unknown)).toContainEqual({
    username: 'reguler',
  });
  const token = JSON.parse(decryptWithAny(byName.latiskey, keys)[0]).key as string;
  expect(token).toBe(byName.siaptes_session);

  const storage: string[] = await page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((store) =>
      Object.keys(store).flatMap((key) => [key, store.getItem(key) ?? '']),
    ),
  );
  const everything = [
    ...cookies.flatMap((c) => readings(c.value, keys)),
    ...storage.flatMap((v) => readings(v, keys)),
  ];
  for (const text of everything) expect(text).not.toContain(DEMO_PASSWORD);

  // The store (raw) holds neither the password nor the session key; the export masks the phone number.
  expect(recorded.length).toBeGreaterThan(0);
  for (const { state, exported } of recorded) {
    expect(state).not.toContain(DEMO_PASSWORD);
    expect(state).not.toContain(token);
    expect(exported).not.toContain('081234567801');
  }
  expect(recorded.some(({ state }) => state.includes('081234567801'))).toBe(true);
  // The HttpOnly session cookie is out of the page's reach.
  expect(await page.evaluate(() => document.cookie)).not.toContain('siaptes_session');
  await context.close();
});
