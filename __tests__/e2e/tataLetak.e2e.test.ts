/**
 * Layout measured on real boxes in Chromium (jsdom has none): the score chart keeps most of its height for the plot
 * with the legend's markers beside their labels, and /petunjuk-to's table stays inside a 360 px screen.
 */
import { collectPageErrors, loginAs, screenshot, type Page } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';

jest.setTimeout(180_000);

const suite = startE2eSuite();

async function loggedIn(width: number, username: string): Promise<{ page: Page; errors: string[] }> {
  const context = await suite.browser.newContext({
    baseURL: suite.server.baseUrl,
    viewport: { width, height: 800 },
    locale: 'id-ID',
    isMobile: width < 400,
    hasTouch: width < 400,
  });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await loginAs(page, username);
  return { page, errors };
}

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

describe.each([360, 1280])('at %i px', (width) => {
  it('the score chart gives its plot at least 60 % of its height, each legend marker beside its label', async () => {
    const { page, errors } = await loggedIn(width, 'reguler');
    await page.goto('/hasil');
    // The chart loads as its card nears the screen (NilaiChartSlot).
    await page.locator('#grafik-nilai').scrollIntoViewIfNeeded();
    await page.locator('.apexcharts-legend-text').first().waitFor();
    // apexcharts draws, then redraws once it has measured the legend: wait until the grid stops moving.
    let last = '';
    for (let i = 0; i < 20; i++) {
      await page.waitForTimeout(150);
      const now = JSON.stringify(await page.locator('.apexcharts-grid').boundingBox());
      if (now === last) break;
      last = now;
    }
    const measured = await page.evaluate(() => {
      const box = (element: Element | null): Box => {
        const r = element?.getBoundingClientRect() ?? { top: 0, bottom: 0, left: 0, right: 0 };
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      };
      // The label's glyphs, not its box: apexcharts pads the label's box under the marker.
      const glyphs = (element: Element | null): Box => {
        if (!element) return box(null);
        const range = document.createRange();
        range.selectNodeContents(element);
        const r = range.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      };
      return {
        chart: box(document.querySelector('.apexcharts-canvas')),
        plot: box(document.querySelector('.apexcharts-grid')),
        legend: [...document.querySelectorAll('.apexcharts-legend-series')].map((series) => ({
          marker: box(series.querySelector('.apexcharts-legend-marker')),
          text: glyphs(series.querySelector('.apexcharts-legend-text')),
        })),
      };
    });
    await screenshot(page, `grafik-nilai-${width}`);
    const chartHeight = measured.chart.bottom - measured.chart.top;
    const plotHeight = measured.plot.bottom - measured.plot.top;
    const plotShare = Math.round((100 * plotHeight) / chartHeight);
    expect({ chartHeight, plotHeight, enough: plotShare >= 60 }).toEqual({
      chartHeight,
      plotHeight,
      enough: true,
    });
    expect(measured.legend.length).toBeGreaterThan(0);
    for (const { marker, text } of measured.legend) {
      const markerMiddle = (marker.top + marker.bottom) / 2;
      const gap = text.left - marker.right;
      // On the label's line, just before it.
      expect({ marker, text, onLine: markerMiddle >= text.top && markerMiddle <= text.bottom }).toEqual({
        marker,
        text,
        onLine: true,
      });
      expect({ marker, text, beside: gap >= -1 && gap <= 12 }).toEqual({ marker, text, beside: true });
    }
    // Everything of the chart inside the card, the legend too.
    for (const { marker, text } of measured.legend) {
      expect(marker.bottom).toBeLessThanOrEqual(measured.chart.bottom + 1);
      expect(text.right).toBeLessThanOrEqual(measured.chart.right + 1);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

it('/petunjuk-to at 360 px: its table fits the screen or scrolls inside its own box', async () => {
  const { page, errors } = await loggedIn(360, 'reguler');
  await page.goto('/petunjuk-to');
  const frame = page.frameLocator('iframe[title]');
  await frame.getByRole('table').waitFor();
  const measured = await frame.locator('body').evaluate(() => {
    const table = document.querySelector('table') as HTMLTableElement;
    // The nearest box that scrolls sideways, if the table sits in one.
    let scroller: HTMLElement | null = table.parentElement;
    while (scroller && scroller !== document.body && getComputedStyle(scroller).overflowX === 'visible')
      scroller = scroller.parentElement;
    const own =
      scroller && scroller !== document.body
        ? scroller.getBoundingClientRect()
        : table.getBoundingClientRect();
    return {
      viewport: document.documentElement.clientWidth,
      pageScrollWidth: document.documentElement.scrollWidth,
      boxRight: Math.round(own.right),
    };
  });
  await screenshot(page, 'petunjuk-360');
  // The frame's page itself never scrolls sideways, and the table (or its scrolling box) ends inside it.
  expect(measured.pageScrollWidth).toBeLessThanOrEqual(measured.viewport);
  expect(measured.boxRight).toBeLessThanOrEqual(measured.viewport);
  // The frame ends inside the phone's screen.
  const frameBox = await page.locator('iframe[title]').boundingBox();
  expect((frameBox?.x ?? 0) + (frameBox?.width ?? 0)).toBeLessThanOrEqual(360);
  expect(errors).toEqual([]);
  await page.context().close();
});
