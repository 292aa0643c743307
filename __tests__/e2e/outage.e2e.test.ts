/**
 * An outage the browser does not notice, in real Chromium against the production build: `navigator.onLine` stays
 * true while every API call fails after 3 s (a timeout, a 504, a 503 with Retry-After) for two minutes, and the
 * student answers five questions meanwhile. Every answer must be on the server once the network is back, and the
 * sheet must say honestly what waits meanwhile.
 *
 * Two minutes of the app's time pass in far less real time: Playwright's clock emulation drives the page's timers
 * (the outbox's backoff waits), while each failing call still takes its 3 real seconds and the server keeps its own
 * real clock. What is under test, the outbox's rules, counts only the app's time.
 */
import type { Route } from 'playwright-core';
import { startE2eSuite } from '../helpers/e2eSuite';
import { steps, type Given } from '../helpers/tryoutJourney';
import { allSent, answerStep, expectHeldByServer, openSubjectSheet } from './networkJourney';

jest.setTimeout(300_000);

const suite = startE2eSuite();

const OUTAGE_MS = 120_000;
const CALL_FAILS_AFTER_MS = 3000;

it('umum: five answers given during a two-minute outage the browser does not notice all reach the server', async () => {
  const { context, page, errors } = await openSubjectSheet(suite, { fakeClock: true });
  expect(await steps(page).count()).toBeGreaterThanOrEqual(5);

  // The outage: every API call hangs 3 s and then fails in one of the ways a school's network fails.
  const outage = { on: true, failed: 0 };
  await page.route('**/api/**', async (route: Route) => {
    if (!outage.on) return route.continue();
    await new Promise((resolve) => setTimeout(resolve, CALL_FAILS_AFTER_MS));
    outage.failed += 1;
    const way = outage.failed % 3;
    if (way === 0) return route.abort('timedout');
    if (way === 1) return route.fulfill({ status: 504, body: 'Gateway Timeout' });
    return route.fulfill({ status: 503, headers: { 'Retry-After': '5' }, body: 'Service Unavailable' });
  });

  const appNow = () => page.evaluate(() => Date.now());
  const outageStart = await appNow();
  const given = new Map<number, Given>();
  for (let nomor = 1; nomor <= 5; nomor += 1) given.set(nomor, await answerStep(page, nomor, true));
  // The sheet says what waits, calmly, and the browser still believes it is online.
  await page.getByTestId('offline-banner').waitFor();
  await page.getByTestId('pending-saves').filter({ hasText: '5 jawaban menunggu dikirim' }).waitFor();
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  expect(await page.locator('.swal2-popup').count()).toBe(0);

  // Two minutes of the app's time, with the outbox's retries failing all along.
  while ((await appNow()) - outageStart < OUTAGE_MS) {
    await page.clock.fastForward(10_000);
    await page.waitForTimeout(1000);
  }
  expect(outage.failed).toBeGreaterThanOrEqual(5);
  // Nothing was given up: still five waiting, no dialog, the answers still shown.
  expect(await page.getByTestId('pending-saves').textContent()).toContain('5 jawaban menunggu dikirim');
  expect(await page.locator('.swal2-popup').count()).toBe(0);

  outage.on = false;
  // The next try (at most the capped backoff away) succeeds, and the rest follow in order.
  await page.clock.fastForward(15_000);
  await allSent(page);
  expect(await page.getByTestId('offline-banner').count()).toBe(0);
  await page.unroute('**/api/**');

  await expectHeldByServer(page, given);
  expect(errors.filter((error) => !/Failed to load resource|ERR_|50[34]/.test(error))).toEqual([]);
  await context.close();
});
