/**
 * An offline reload of a running sheet, in real Chromium against the production build with its service worker:
 * a student starts a subject (or a topic) online and answers, the network drops, the sheet is reloaded (the
 * browser would show its own offline page without the worker), and the sheet is still there: the questions, the
 * answers given so far and the countdown, counting on from the deadline the server gave. Two answers given
 * offline wait on the device and reach the server once the network is back.
 */
import { takeCspViolations } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';
import { countdownSeconds, currentQuestion, expectShown, steps, type Given } from '../helpers/tryoutJourney';
import {
  allSent,
  answerStep,
  expectHeldByServer,
  openSubjectSheet,
  openTopicSheet,
  type SheetJourney,
} from './networkJourney';

jest.setTimeout(300_000);

const suite = startE2eSuite();

/** Answer 1 and 2 online, reload offline, check the sheet, answer 3 and 4 offline, then back online. */
async function reloadOffline({ context, page, errors, title }: SheetJourney): Promise<void> {
  const sheetUrl = page.url();
  const given = new Map<number, Given>();
  for (const nomor of [1, 2]) given.set(nomor, await answerStep(page, nomor, false));
  const onlineLeft = await countdownSeconds(page);

  await context.setOffline(true);
  await page.reload();
  // The sheet, not the browser's offline page.
  await page.getByRole('heading', { name: title, exact: true }).waitFor();
  expect(page.url()).toBe(sheetUrl);
  const offlineLeft = await countdownSeconds(page);
  // Counting on from the server's deadline: not restarted, not frozen at the last count.
  expect(offlineLeft).toBeLessThanOrEqual(onlineLeft);
  expect(offlineLeft).toBeGreaterThan(onlineLeft - 60);
  await page.waitForFunction(
    (before) => {
      const [minutes, seconds] = (document.querySelector('[role="timer"]')?.textContent ?? '').split(':');
      return Number(minutes) * 60 + Number(seconds) < before;
    },
    offlineLeft,
    { timeout: 5000 },
  );
  for (const nomor of [1, 2]) {
    await steps(page)
      .nth(nomor - 1)
      .click();
    await page.locator(`main article[aria-label="Soal ${nomor}"]`).waitFor();
    const { article } = await currentQuestion(page);
    await expectShown(article, given.get(nomor) as Given);
  }

  for (const nomor of [3, 4]) given.set(nomor, await answerStep(page, nomor, true));
  await page.getByTestId('pending-saves').filter({ hasText: '2 jawaban menunggu dikirim' }).waitFor();
  expect(await page.locator('.swal2-popup').count()).toBe(0);

  await context.setOffline(false);
  await allSent(page);
  await expectHeldByServer(page, given);
  expect(takeCspViolations()).toEqual([]);
  // Offline, the calls the page made failed at the network; nothing else may have gone wrong.
  expect(errors.filter((error) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(error))).toEqual(
    [],
  );
  await context.close();
}

it('umum: a reload of the sheet offline keeps questions, answers and timer; offline answers reach the server', async () => {
  await reloadOffline(await openSubjectSheet(suite, { serviceWorker: true }));
});

it('reguler: the same for a topic sheet, on the deadline its start gave', async () => {
  await reloadOffline(await openTopicSheet(suite, { serviceWorker: true }));
});
