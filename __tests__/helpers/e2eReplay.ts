/**
 * What an end-to-end test needs to replay a recorded session as QA does: wait until the page has no API call in
 * flight before taking the recording, and run the client suite's replay harness on a folder of exports.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { collectPageErrors, DEMO_PASSWORD, loginAs, newContext, type Page } from './browser';
import { demoStudents } from './clientFixtures';
import type { E2ESuite } from './e2eSuite';

/** API calls each page has sent and not yet had answered (counted from Chromium's side). */
const apiInFlight = new WeakMap<Page, { count: number }>();

export function countApiCalls(page: Page) {
  const inFlight = { count: 0 };
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) inFlight.count += 1;
  });
  const answered = (request: { url(): string }) => {
    if (isApi(request.url())) inFlight.count -= 1;
  };
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  apiInFlight.set(page, inFlight);
}

/**
 * Wait until no API call has been in flight for half a second. An export taken while the page still waits for an
 * answer holds the request without it, and the replay (which runs to the end) then reports that call as missing;
 * a busy machine makes that race likely.
 */
export async function apiQuiet(page: Page) {
  const inFlight = apiInFlight.get(page);
  if (!inFlight) throw new Error('countApiCalls(page) was not called when the page was opened');
  const deadline = Date.now() + 30_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 500) {
    if (Date.now() > deadline) throw new Error(`${inFlight.count} API call(s) still unanswered after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (inFlight.count > 0) quietSince = Date.now();
  }
}

interface JestSummary {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { message: string }[];
}

/** Replay the exports in `dir` with the client suite's harness (jsdom), as a QA engineer would. */
export function replayRecorded(dir: string): { passed: number; failed: number; messages: string } {
  const run = spawnSync(
    process.execPath,
    [
      require.resolve('jest/bin/jest'),
      '--selectProjects',
      'client',
      '--testPathPatterns',
      'replay/replays',
      '--json',
    ],
    {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...process.env, REPLAY_DIR: dir },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const summary = JSON.parse(run.stdout) as JestSummary;
  return {
    passed: summary.numPassedTests,
    failed: summary.numFailedTests,
    messages: summary.testResults.map((result) => result.message).join('\n'),
  };
}

/** A Redux DevTools export file: the actions and the state before them, each as JSON text. */
export interface Exported {
  payload: string;
  preloadedState?: string;
}

/** The demo students' contact data and password, which no export may hold. */
export const PERSONAL = [
  DEMO_PASSWORD,
  ...Object.values(demoStudents).flatMap((student) => [
    student.no_telp,
    student.no_telp_ortu,
    student.alamat,
    student.email,
  ]),
];

/** Log in and wait until the profile is stored, so the next page load starts from a loaded profile. */
export async function logIn(page: Page, username: string) {
  await loginAs(page, username);
  await page.waitForFunction(() => {
    const stored = JSON.parse(window.localStorage.getItem('persist:siaptes') ?? '{}') as { profile?: string };
    return (JSON.parse(stored.profile ?? '{}') as { loadStatus?: string }).loadStatus === 'loaded';
  });
}

/** A desktop page of the suite's server whose API calls are counted (apiQuiet), its errors collected. */
export async function openRecordedPage(suite: E2ESuite) {
  const context = await newContext(suite.browser, suite.server.baseUrl, 'desktop');
  const page = await context.newPage();
  countApiCalls(page);
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  return { context, page, errors: collectPageErrors(page) };
}
