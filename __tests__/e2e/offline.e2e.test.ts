/**
 * An offline reload of a running sheet, in real Chromium against the production build with its service worker:
 * a student starts a subject online and answers, the network drops, the sheet is reloaded (the browser would show
 * its own offline page without the worker), and the sheet is still there: the questions, the answers given so far
 * and the countdown, counting on from the deadline the server gave. Two answers given offline wait on the device
 * and reach the server once the network is back.
 */
import { collectPageErrors, loginAs, newContext, takeCspViolations } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';
import {
  answerQuestion,
  countdownSeconds,
  currentQuestion,
  expectShown,
  kerjakan,
  matchesServer,
  openDetail,
  previewSubjects,
  serverAnswers,
  startKategori,
  steps,
  type Given,
} from '../helpers/tryoutJourney';

jest.setTimeout(300_000);

const suite = startE2eSuite();

it('umum: a reload of the sheet offline keeps questions, answers and timer; offline answers reach the server', async () => {
  const context = await newContext(suite.browser, suite.server.baseUrl, 'desktop', { serviceWorker: true });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  const errors = collectPageErrors(page);
  await loginAs(page, 'umum');
  // The worker installs (precaching the app shell) and takes over the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
  await openDetail(page, 2);
  await startKategori(page, 'TPS');
  const [mapel] = await previewSubjects(page);
  await kerjakan(page, mapel);
  const sheetUrl = page.url();

  const given = new Map<number, Given>();
  const answer = async (nomor: number, unconfirmed: boolean) => {
    await steps(page)
      .nth(nomor - 1)
      .click();
    const article = page.locator(`main article[aria-label="Soal ${nomor}"]`);
    await article.waitFor();
    given.set(nomor, await answerQuestion(page, article, nomor, { unconfirmed }));
  };
  await answer(1, false);
  await answer(2, false);
  const onlineLeft = await countdownSeconds(page);

  await context.setOffline(true);
  await page.reload();
  // The sheet, not the browser's offline page.
  await page.getByRole('heading', { name: mapel, exact: true }).waitFor();
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
    const { article } = await currentQuestion(page);
    await page.locator(`main article[aria-label="Soal ${nomor}"]`).waitFor();
    await expectShown(article, given.get(nomor) as Given);
  }

  await answer(3, true);
  await answer(4, true);
  await page.getByTestId('pending-saves').filter({ hasText: '2 jawaban menunggu dikirim' }).waitFor();
  expect(await page.locator('.swal2-popup').count()).toBe(0);

  await context.setOffline(false);
  await page.waitForFunction(
    () => document.querySelector('[data-testid="pending-saves"]')?.textContent === '',
    undefined,
    { timeout: 60_000 },
  );
  const held = await serverAnswers(page);
  const idMapel = Number(Buffer.from(sheetUrl.split('/').pop() ?? '', 'base64').toString('utf8'));
  const ofSubject = held.filter((soal) => soal.id_mapel === idMapel);
  for (const [nomor, answerGiven] of given)
    expect({ nomor, held: matchesServer(answerGiven, ofSubject[nomor - 1]) }).toEqual({ nomor, held: true });
  expect(takeCspViolations()).toEqual([]);
  // Offline, the calls the page made failed at the network; nothing else may have gone wrong.
  expect(errors.filter((error) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(error))).toEqual(
    [],
  );
  await context.close();
});
