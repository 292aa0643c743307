/** Headless Chromium (Debian's /usr/bin/chromium) through playwright-core, and helpers for journeys. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const ARTIFACTS_DIR = path.resolve(__dirname, '../artifacts');
export const DEMO_PASSWORD = 'tryout123';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: apt-get install chromium (.ci/run does it in CI)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Every Content-Security-Policy violation any page of any context reported (journeys assert none). */
const cspViolations: string[] = [];

/** The violations reported since the last call, and forget them. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * A fresh context (own cookies and storage) at a viewport, with the Indonesian locale. Every page of it reports
 * CSP violations (the `securitypolicyviolation` event, frames included) to `takeCspViolations`.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: ViewportName = 'desktop',
  { serviceWorker = false }: { serviceWorker?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    locale: 'id-ID',
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
    // The production build registers its service worker; only a journey about it (offline reload) lets it run,
    // so every other journey sees each of its routed or failed calls at the network, as before.
    serviceWorkers: serviceWorker ? 'allow' : 'block',
  });
  await context.exposeBinding('__reportCspViolation', ({ frame }, text: string) => {
    cspViolations.push(`${frame.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
        .__reportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`);
    });
  });
  return context;
}

/** Full-page screenshot saved as __tests__/artifacts/<name>.png (CI keeps the folder). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Logs in through the form. A login reloads the page after the SPA has already moved to /home, so the URL alone
 * says nothing: a goto right after it was once interrupted by that reload. Returns once the reloaded document (one
 * without the mark set here) has loaded at /home.
 */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.evaluate(() => {
    (window as unknown as Record<string, unknown>).siaptesBeforeLogin = true;
  });
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await page.waitForURL('**/home');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const reloadedAtHome = await page
      .evaluate(
        () =>
          !('siaptesBeforeLogin' in window) &&
          location.pathname === '/home' &&
          document.readyState === 'complete',
      )
      // The reload ended the document mid-evaluate: ask the new one.
      .catch(() => false);
    if (reloadedAtHome) return;
    if (Date.now() > deadline) throw new Error(`login as ${username}: the page was not reloaded at /home`);
    await page.waitForTimeout(50);
  }
}

/** Console errors and failed page loads, to assert a journey ran cleanly. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

export type { Browser, BrowserContext, Page };
