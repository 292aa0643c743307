/**
 * A deploy under an open installation, in real Chromium: the student's browser has the production build's service
 * worker (its precache holds index.html), then a new version is deployed (a new index.html, and a new sw.js whose
 * precache names it). The next load must be the new version, never the precached old one, and the page must say
 * so briefly ("Versi baru …" with "Muat ulang"); after "Muat ulang" the notice is gone, and even offline the page
 * is the new version.
 *
 * The server serves a copy of the build (PUBLIC_DIR), which the journey changes as a deploy would: the new
 * index.html differs by one marker, and the new sw.js differs from the old by that file's precache revision, as
 * webpack's GenerateSW writes it.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectPageErrors, loginAs, newContext, type Page } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';
import { ROOT } from '../helpers/e2eServer';

jest.setTimeout(180_000);

const publicDir = mkdtempSync(path.join(tmpdir(), 'siaptes-deploy-'));
beforeAll(() => cpSync(path.join(ROOT, 'dist/public'), publicDir, { recursive: true }));
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));
const suite = startE2eSuite({ publicDir });

const MARKER = '<meta name=siaptes-versi content=2>';

/** Deploy "version 2": index.html with a marker, sw.js with that file's new precache revision. */
function deployNewVersion(): void {
  const indexFile = path.join(publicDir, 'index.html');
  const html = readFileSync(indexFile, 'utf8').replace('<head>', `<head>${MARKER}`);
  writeFileSync(indexFile, html);
  const revision = createHash('md5').update(html).digest('hex');
  const swFile = path.join(publicDir, 'sw.js');
  const worker = readFileSync(swFile, 'utf8');
  const updated = worker.replace(/(url:"\/index\.html",revision:")[0-9a-f]+"/, `$1${revision}"`);
  expect(updated).not.toBe(worker);
  writeFileSync(swFile, updated);
  // The server sends a precompressed copy in place of its original: the old version's must go with it.
  for (const name of ['index.html', 'sw.js'])
    for (const suffix of ['.br', '.gz']) rmSync(path.join(publicDir, name + suffix), { force: true });
}

const isNewVersion = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="siaptes-versi"]') !== null);

it('after a deploy the next load is the new version and says so; "Muat ulang" clears the notice', async () => {
  const context = await newContext(suite.browser, suite.server.baseUrl, 'desktop', { serviceWorker: true });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await loginAs(page, 'umum');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
  // The old version, precached, and no notice: the first worker of a page is no update.
  expect(await isNewVersion(page)).toBe(false);
  const notice = page.locator('.update-notice');
  expect(await notice.count()).toBe(0);

  deployNewVersion();
  await page.reload();
  await page.getByRole('heading', { name: /^Halo, / }).waitFor();
  expect(await isNewVersion(page)).toBe(true);
  await notice.filter({ hasText: 'Versi baru SiapTes sudah terpasang.' }).waitFor({ timeout: 60_000 });
  expect(await notice.getAttribute('role')).toBe('status');

  await notice.getByRole('button', { name: 'Muat ulang' }).click();
  await page.waitForFunction(() => document.querySelector('.update-notice') === null);
  await page.getByRole('heading', { name: /^Halo, / }).waitFor();
  expect(await isNewVersion(page)).toBe(true);
  // The page loads fully (its worker is registered after the load event) and still says nothing.
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.evaluate(() => navigator.serviceWorker.ready);
  expect(await notice.count()).toBe(0);

  // Offline the cached copy answers: the new version too.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: /^Halo, / }).waitFor();
  expect(await isNewVersion(page)).toBe(true);
  await context.setOffline(false);
  expect(errors.filter((error) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(error))).toEqual(
    [],
  );
  await context.close();
});
