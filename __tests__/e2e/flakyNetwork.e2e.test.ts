/**
 * A subject taken on a bad connection, in real Chromium against the production build: 30 % of the API calls
 * fail (half before the server sees them, half after it answered, the answer lost), then the network is cut for
 * 15 s in the middle of the subject. Every answer the student chose must be on the server at the end, and the
 * sheet must agree with it (README "Offline"; issue: saves that survive a bad connection).
 */
import type { Route } from 'playwright-core';
import type { Page } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';
import {
  answerQuestion,
  countdownSeconds,
  currentQuestion,
  expectShown,
  steps,
  type Given,
} from '../helpers/tryoutJourney';
import { expectHeldByServer, openSubjectSheet } from './networkJourney';

jest.setTimeout(300_000);

const suite = startE2eSuite();

/** A fixed sequence (mulberry32), so a failing run can be replayed exactly. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** 30 % of /api calls fail; returns the counts so the test can check the network really was that bad. */
async function flakyApi(page: Page) {
  const random = seeded(20_251_123);
  const counts = { calls: 0, failed: 0 };
  await page.route('**/api/**', async (route: Route) => {
    counts.calls += 1;
    if (random() >= 0.3) return route.continue();
    counts.failed += 1;
    if (random() < 0.5) return route.abort('failed'); // lost on the way there
    // Lost on the way back: the server did the work, the browser never hears of it.
    await route.fetch().catch(() => undefined);
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":false}' });
  });
  return counts;
}

/** Click question `nomor`'s step; a failure says which dialog was open and whether the browser was online. */
async function openStep(page: Page, nomor: number): Promise<void> {
  await steps(page)
    .nth(nomor - 1)
    .click({ timeout: 10_000 })
    .catch(async (error: unknown) => {
      const dialog = await page
        .locator('.swal2-popup')
        .textContent()
        .catch(() => null);
      throw new Error(
        `${String(error)}\ndialog: ${dialog}\nonline: ${await page.evaluate(() => navigator.onLine)}`,
      );
    });
}

it('umum loses no answer to failing calls and a 15-s cut, and the sheet agrees with the server', async () => {
  const { context, page, errors, title } = await openSubjectSheet(suite);
  const total = await steps(page).count();
  expect(total).toBeGreaterThanOrEqual(8);

  const counts = await flakyApi(page);
  const given = new Map<number, Given>();
  const answer = async (nomor: number) => {
    const popup = page.locator('.swal2-popup');
    if (await popup.isVisible()) throw new Error(`dialog before Soal ${nomor}: ${await popup.textContent()}`);
    await openStep(page, nomor);
    const { article } = await currentQuestion(page);
    await page.locator(`main article[aria-label="Soal ${nomor}"]`).waitFor();
    given.set(nomor, await answerQuestion(page, article, nomor, { unconfirmed: true }));
  };

  const cutAt = Math.floor(total / 2);
  for (let nomor = 1; nomor <= cutAt; nomor += 1) await answer(nomor);
  // Where the question sits while nothing waits: the note on unsent answers must not push it down.
  const articleTop = async () => (await page.locator('main article[aria-label^="Soal "]').boundingBox())?.y;
  await page.waitForFunction(
    () => document.querySelector('[data-testid="pending-saves"]')?.textContent === '',
    undefined,
    { timeout: 30_000 },
  );
  const topWhileSent = await articleTop();
  // Mid-subject the network goes away for 15 s; the student goes on answering.
  await context.setOffline(true);
  const offlineSince = Date.now();
  for (let nomor = cutAt + 1; nomor <= cutAt + 2; nomor += 1) await answer(nomor);
  // The unsent answers are shown as waiting, quietly.
  await page
    .getByTestId('pending-saves')
    .filter({ hasText: /menunggu dikirim/ })
    .waitFor();
  expect(await articleTop()).toBe(topWhileSent);
  await page.waitForTimeout(Math.max(0, 15_000 - (Date.now() - offlineSince)));
  await context.setOffline(false);
  for (let nomor = cutAt + 3; nomor <= total; nomor += 1) await answer(nomor);

  // Everything reaches the server in the end: nothing is left waiting.
  await page
    .waitForFunction(
      () => (document.querySelector('[data-testid="pending-saves"]')?.textContent ?? 'x') === '',
      undefined,
      { timeout: 60_000 },
    )
    .catch(async (error: unknown) => {
      const debug = await page.evaluate(() => ({
        online: navigator.onLine,
        run: JSON.parse(window.localStorage.getItem('persist:siaptes') ?? '{}').run,
        pending: document.querySelector('[data-testid="pending-saves"]')?.textContent,
        dialog: document.querySelector('.swal2-popup')?.textContent,
      }));
      throw new Error(
        `${String(error)}\n${JSON.stringify(debug)}\n${JSON.stringify(counts)}\n${errors.join('\n')}`,
      );
    });
  expect(counts.failed).toBeGreaterThan(0);
  expect(counts.failed / counts.calls).toBeGreaterThan(0.15);
  await page.unroute('**/api/**');

  expect(await expectHeldByServer(page, given)).toBe(total);

  // The sheet agrees, also after a reload (which takes the answers from the server again).
  await page.reload();
  await page.getByRole('heading', { name: title, exact: true }).waitFor();
  await countdownSeconds(page);
  for (const [nomor, answerGiven] of given) {
    await openStep(page, nomor);
    const article = page.locator(`main article[aria-label="Soal ${nomor}"]`);
    await article.waitFor();
    await expectShown(article, answerGiven);
  }
  // Only the lost calls themselves may be reported in the console; nothing else went wrong on the page.
  expect(errors.filter((error) => !/Failed to load resource|ERR_|503/.test(error))).toEqual([]);
  await context.close();
});
