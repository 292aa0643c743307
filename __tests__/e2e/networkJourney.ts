/**
 * The setup the network journeys share (offline reload, an unnoticed outage, a flaky network): a student's page
 * that accepts the "leave page?" prompt, its page errors collected, logged in, on an open sheet; answering a
 * question by its step; waiting until nothing waits to be sent.
 */
import { collectPageErrors, loginAs, newContext, type BrowserContext, type Page } from '../helpers/browser';
import type { E2ESuite } from '../helpers/e2eSuite';
import {
  answerQuestion,
  currentQuestion,
  kerjakan,
  matchesServer,
  openDetail,
  openTopics,
  previewSubjects,
  serverAnswers,
  serverTopicAnswers,
  startKategori,
  startTopic,
  steps,
  type Given,
} from '../helpers/tryoutJourney';

export interface SheetJourney {
  context: BrowserContext;
  page: Page;
  /** Page errors so far (and from now on). */
  errors: string[];
  /** The sheet's title: the subject or the topic. */
  title: string;
}

export interface JourneyOptions {
  /** Let the production build's service worker run (it is blocked otherwise), and wait until it controls the page. */
  serviceWorker?: boolean;
  /** Playwright's clock emulation drives the page's timers (installed before the page opens). */
  fakeClock?: boolean;
}

async function loggedIn(suite: E2ESuite, username: string, options: JourneyOptions) {
  const { serviceWorker = false, fakeClock = false } = options;
  const context = await newContext(suite.browser, suite.server.baseUrl, 'desktop', { serviceWorker });
  if (fakeClock) await context.clock.install();
  const page = await context.newPage();
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  const errors = collectPageErrors(page);
  await loginAs(page, username);
  // The worker installs (precaching the app shell) and takes over the page.
  if (serviceWorker)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
  return { context, page, errors };
}

/** umum on the sheet of the first subject of Paket #2's TPS. */
export async function openSubjectSheet(suite: E2ESuite, options: JourneyOptions = {}): Promise<SheetJourney> {
  const opened = await loggedIn(suite, 'umum', options);
  await openDetail(opened.page, 2);
  await startKategori(opened.page, 'TPS');
  const [mapel] = await previewSubjects(opened.page);
  await kerjakan(opened.page, mapel);
  return { ...opened, title: mapel };
}

/** reguler on the sheet of the topic "Barisan dan Deret" (Saintek, Matematika). */
export async function openTopicSheet(suite: E2ESuite, options: JourneyOptions = {}): Promise<SheetJourney> {
  const opened = await loggedIn(suite, 'reguler', options);
  const materi = 'Barisan dan Deret';
  await openTopics(opened.page, 'Saintek', 'Matematika');
  await startTopic(opened.page, materi);
  return { ...opened, title: materi };
}

/** Open question `nomor` by its step and answer it (`unconfirmed`: without waiting for the server's answer). */
export async function answerStep(page: Page, nomor: number, unconfirmed: boolean): Promise<Given> {
  await steps(page)
    .nth(nomor - 1)
    .click();
  await page.locator(`main article[aria-label="Soal ${nomor}"]`).waitFor();
  const { article } = await currentQuestion(page);
  return answerQuestion(page, article, nomor, { unconfirmed });
}

/** Until the sheet says nothing waits to be sent. */
export async function allSent(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('[data-testid="pending-saves"]')?.textContent === '',
    undefined,
    { timeout },
  );
}

/** What the server holds for question `nomor` of the open sheet matches what was given there. */
async function heldBySheet(
  page: Page,
): Promise<{ count: number; holds(nomor: number, given: Given): boolean }> {
  if (/\/to-permateri\/\d+$/.test(page.url())) {
    const held = await serverTopicAnswers(page);
    const value = (given: Given) =>
      given.kind === 'choice' ? given.letter : given.kind === 'text' ? given.value : null;
    return { count: held.length, holds: (nomor, given) => held[nomor - 1] === value(given) };
  }
  const idMapel = Number(Buffer.from(page.url().split('/').pop() ?? '', 'base64').toString('utf8'));
  const ofSubject = (await serverAnswers(page)).filter((soal) => soal.id_mapel === idMapel);
  return {
    count: ofSubject.length,
    holds: (nomor, given) => ofSubject[nomor - 1] !== undefined && matchesServer(given, ofSubject[nomor - 1]),
  };
}

/** Every answer given (by question number) is on the server; the number of the sheet's questions it holds. */
export async function expectHeldByServer(page: Page, given: Map<number, Given>): Promise<number> {
  const held = await heldBySheet(page);
  for (const [nomor, answerGiven] of given)
    expect({ nomor, held: held.holds(nomor, answerGiven) }).toEqual({ nomor, held: true });
  return held.count;
}
