/**
 * `npm run bench:phone [-- --runs 3 --only /login,sheet --save DIR --public DIR]`: the student's phone, measured.
 * Lighthouse 12 in its default mobile mode (a Moto G Power: 4× CPU slowdown, slow 4G, simulated) over the
 * production build's /login and, logged in through the page as the demo student, /home, the sheet of a running
 * subject (/to/{id}/sheet/…), /hasil and a ranking: the median of the runs of each route (by performance score),
 * beside the machine's benchmarkIndex, with the JavaScript and CSS each route loads. Then the sheet of a
 * 100-question subject (a package the bench imports for the demo student, longSheet.ts) and the answer tap on it
 * at 4× CPU (CDP Emulation.setCPUThrottlingRate): the Event Timing duration of each tap (input to the next
 * paint, as INP counts it), once the option shows as chosen. Drives Debian's Chromium; downloads no browser.
 *
 * Every logged-in run starts with an empty HTTP cache and no service worker (a first visit), keeping the cookies
 * and the persisted store (the session and the running sheet).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { freePort, startBuiltServer } from './childProcess';
import { ensureBuild } from './build';
import { LONG_SHEET, seedLongSheet } from './longSheet';
import { percentile } from './percentile';
import { ROOT } from './processes';

const CHROMIUM_PATH = '/usr/bin/chromium';
const DEMO_USER = 'reguler';
const DEMO_PASSWORD = 'tryout123';
/** The targets (#51), printed beside each figure. */
const TARGET = { performance: 0.9, tbtMs: 200, lcpMs: 2500, tapMs: 100 };
const TAPS = 12;

interface RouteRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  ttiMs: number;
  cls: number;
  bootupMs: number;
  jsKb: number;
  cssKb: number;
  benchmarkIndex: number;
}

/** The parts of a Lighthouse result read here. */
interface Lhr {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
  environment: { benchmarkIndex: number };
  runtimeError?: { message: string };
}

function toRun(lhr: Lhr): RouteRun {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
  }[];
  const kb = (type: string) =>
    requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;
  return {
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? 0,
    bestPractices: lhr.categories['best-practices']?.score ?? 0,
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    ttiMs: value('interactive'),
    cls: value('cumulative-layout-shift'),
    bootupMs: value('bootup-time'),
    jsKb: kb('Script'),
    cssKb: kb('Stylesheet'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** The middle run by performance score (Lighthouse's own advice for a median of runs). */
function medianRun(runs: RouteRun[]): RouteRun {
  return [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
}

/** A first visit that stays logged in: no HTTP cache, no service worker or its caches; cookies and storage kept. */
async function forgetCaches(page: Page, origin: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.detach();
}

async function lighthouseRun(port: number, url: string, save: string | null): Promise<RouteRun> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    // The session (cookies, the persisted store) is what a logged-in route needs; caches are cleared above.
    disableStorageReset: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (save) writeFileSync(save, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  return toRun(lhr);
}

async function logIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(DEMO_USER);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await page.waitForURL('**/home');
  await page.locator('#welcome-text').waitFor();
  // The login reloads the page at /home; wait for the reloaded one to settle.
  await page.waitForLoadState('load');
  await page.locator('#welcome-text').waitFor();
}

/** The sweetalert2 dialog's button. */
async function confirmDialog(page: Page, button: string): Promise<void> {
  const popup = page.locator('.swal2-popup.swal2-show');
  await popup.waitFor();
  await popup.getByRole('button', { name: button, exact: true }).click();
  await popup.waitFor({ state: 'detached' }).catch(() => undefined);
}

/** /to → package `paket` → category TPS → its first subject's sheet; returns the sheet's path. */
async function openSheet(page: Page, baseUrl: string, paket: number): Promise<string> {
  await page.goto(`${baseUrl}/to`);
  const ready = page.getByRole('table', { name: 'Siap Dikerjakan' });
  await ready.waitFor();
  await ready
    .getByRole('row', { name: new RegExp(`Paket #${paket}\\b`) })
    .getByRole('link', { name: 'Mulai' })
    .click();
  await page
    .getByRole('article', { name: LONG_SHEET.kategori, exact: true })
    .getByRole('button', { name: 'Mulai Sekarang' })
    .click();
  await confirmDialog(page, 'Ya, Mulai sekarang!');
  await page.waitForURL(/\/to\/\d+\/preview\/[^/]+$/);
  await page.locator('main li.list-group-item button', { hasText: 'Kerjakan' }).first().click();
  await confirmDialog(page, 'Ya, Kerjakan!');
  await page.waitForURL(/\/to\/\d+\/sheet\/[^/]+\/[^/]+$/);
  await page.locator('main article[aria-label^="Soal "]').waitFor();
  return new URL(page.url()).pathname;
}

/**
 * Taps options on the sheet at 4× CPU; for each, the longest Event Timing entry of its interaction (pointerdown to
 * the next paint) once the radio reads as checked.
 */
async function answerTaps(page: Page): Promise<{ durations: number[]; questions: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // In the page (strings: this tier has no DOM types): every Event Timing entry that belongs to an interaction.
  await page.evaluate(`
    window.benchEvents = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.interactionId) window.benchEvents.push(entry.duration);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  `);
  const questions = await page.locator('nav button[data-tone]').count();
  const durations: number[] = [];
  for (let tap = 0; tap < TAPS; tap += 1) {
    const radios = page.locator('main article[aria-label^="Soal "]').getByRole('radio');
    const index = tap % (await radios.count());
    await page.evaluate('window.benchEvents = []');
    await radios.nth(index).click();
    await page.waitForFunction(
      `document.querySelectorAll('main article[aria-label^="Soal "] input[type="radio"]')[${index}]?.checked === true`,
    );
    // Event Timing reports an interaction after its next paint: leave it a few frames.
    await page.waitForTimeout(300);
    durations.push(await page.evaluate<number>('Math.max(0, ...window.benchEvents)'));
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return { durations, questions };
}

interface Options {
  runs: number;
  /** Write each run's Lighthouse report (JSON) into this directory. */
  save: string | null;
  /** Only these routes (comma-separated: /login, /home, sheet, /hasil, /rangking, sheet100). */
  only: string | null;
  /** Serve this build of the SPA instead of dist/public (the server's PUBLIC_DIR): another build as baseline. */
  publicDir: string | null;
}

function parseOptions(argv: string[]): Options {
  const option = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? (argv[at + 1] ?? null) : null;
  };
  const runs = Number(option('--runs') ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs wants a whole number ≥ 1');
  return { runs, save: option('--save'), only: option('--only'), publicDir: option('--public') };
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

function row(route: string, run: RouteRun): string {
  return (
    `| ${route} | ${fmt(run.performance, 2)} | ${fmt(run.tbtMs)} | ${fmt(run.lcpMs)} | ${fmt(run.fcpMs)} | ` +
    `${fmt(run.ttiMs)} | ${fmt(run.bootupMs)} | ${fmt(run.cls, 3)} | ${fmt(run.jsKb, 1)} | ${fmt(run.cssKb, 1)} | ` +
    `${fmt(run.accessibility, 2)} | ${fmt(run.bestPractices, 2)} | ${fmt(run.benchmarkIndex)} |`
  );
}

async function main(): Promise<void> {
  const { runs, save, only, publicDir } = parseOptions(process.argv.slice(2));
  if (save) mkdirSync(save, { recursive: true });
  ensureBuild(ROOT);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'siaptes-phone-'));
  const databaseUrl = `file:${join(dataDir, 'phone.db')}`;
  const server = await startBuiltServer({
    root: ROOT,
    port,
    env: {
      DATABASE_URL: databaseUrl,
      SHED_EVENT_LOOP_DELAY_MS: '0',
      ...(publicDir ? { PUBLIC_DIR: publicDir } : {}),
    },
    keepRequestLog: false,
    // A shared machine under load can take a while to start it.
    timeoutMs: 180_000,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await seedLongSheet(databaseUrl, DEMO_USER);
  const debugPort = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'siaptes-phone-profile-'));
  let context: BrowserContext | null = null;
  try {
    // One persistent profile: Lighthouse's tab (over the debugging port) shares its cookies and storage.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [`--remote-debugging-port=${debugPort}`, '--no-sandbox', '--disable-dev-shm-usage'],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const log = (text: string) => process.stderr.write(`[phone] ${text}\n`);
    const measure = async (name: string, path: string): Promise<RouteRun | null> => {
      if (only && !only.split(',').includes(name)) return null;
      const all: RouteRun[] = [];
      for (let i = 0; i < runs; i += 1) {
        await forgetCaches(page, baseUrl);
        const file = save ? join(save, `${name.replace(/\W+/g, '') || 'route'}-${i + 1}.json`) : null;
        all.push(await lighthouseRun(debugPort, `${baseUrl}${path}`, file));
        log(`${name} run ${i + 1}: performance ${fmt(all[i].performance, 2)}, TBT ${fmt(all[i].tbtMs)} ms`);
      }
      return medianRun(all);
    };
    const results: [string, RouteRun | null][] = [];
    results.push(['/login', await measure('/login', '/login')]);
    await logIn(page, baseUrl);
    results.push(['/home', await measure('/home', '/home')]);
    const sheet = await openSheet(page, baseUrl, 2);
    results.push(['/to/{id} sheet', await measure('sheet', sheet)]);
    results.push(['/hasil', await measure('/hasil', '/hasil')]);
    results.push(['/rangking', await measure('/rangking', '/rangking')]);
    // The answer tap on the long sheet (a 100-question subject), where a sheet's size would show.
    const longSheet = await openSheet(page, baseUrl, LONG_SHEET.paket);
    results.push(['/to/{id} sheet, 100 questions', await measure('sheet100', longSheet)]);
    await page.goto(`${baseUrl}${longSheet}`);
    await page.locator('main article[aria-label^="Soal "]').waitFor();
    const taps = await answerTaps(page);

    process.stdout.write(
      `## SiapTes on a phone (Lighthouse 12, mobile: 4× CPU, slow 4G, simulated)\n\nRun ${new Date().toISOString()}, ` +
        `SPA ${publicDir ?? 'dist/public'}, load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores, ` +
        `median of ${runs} run(s) per route. Targets: performance ≥ ${TARGET.performance}, TBT ≤ ${TARGET.tbtMs} ms, ` +
        `LCP ≤ ${TARGET.lcpMs} ms, accessibility and best practices 1.\n\n` +
        '| route | perf | TBT ms | LCP ms | FCP ms | TTI ms | JS boot-up ms | CLS | JS KiB | CSS KiB | a11y | best pr. | benchmarkIndex |\n' +
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n' +
        results.flatMap(([route, run]) => (run ? [row(route, run)] : [])).join('\n') +
        `\n\nAnswer tap on a ${taps.questions}-question sheet at 4× CPU (Event Timing, input to next paint), ` +
        `${taps.durations.length} taps: median ${fmt(
          percentile(
            [...taps.durations].sort((a, b) => a - b),
            0.5,
          ),
        )} ms, worst ${fmt(Math.max(...taps.durations))} ms ` +
        `(target ≤ ${TARGET.tapMs} ms).\n`,
    );
  } finally {
    await context?.close();
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
