/**
 * The student's screens at a 360 × 740 phone and at 1280 px desktop, in real Chromium against the production
 * build: no page is wider than the viewport, axe-core (WCAG 2.1 A/AA) finds nothing serious or critical on any
 * screen, and one whole subject is taken with the keyboard only, from "Kerjakan" to "Lanjutkan".
 */
import { readFileSync } from 'node:fs';
import { collectPageErrors, loginAs, screenshot, type Page } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';

jest.setTimeout(300_000);

const suite = startE2eSuite();
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const WIDTHS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
type Width = keyof typeof WIDTHS;

async function openPage(width: Width): Promise<{ page: Page; errors: string[] }> {
  const context = await suite.browser.newContext({
    baseURL: suite.server.baseUrl,
    viewport: WIDTHS[width],
    locale: 'id-ID',
    isMobile: width === 'phone',
    hasTouch: width === 'phone',
    // axe-core is injected as a script of the test; the app's Content-Security-Policy would refuse it.
    bypassCSP: true,
    // No CSS transitions (Bootstrap honours this): axe must not measure a colour halfway through one.
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  return { page, errors: collectPageErrors(page) };
}

interface Finding {
  id: string;
  impact: string | null | undefined;
  nodes: string[];
}

/**
 * Spinners gone, then: the page is not wider than the viewport we asked for, and axe finds nothing serious or
 * critical. The width is compared with the asked width, not window.innerWidth: a mobile browser widens its layout
 * viewport to fit a too-wide page, so innerWidth would grow with it.
 */
async function checkScreen(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => !document.body.innerText.includes('Processing...'));
  // A closing dialog's fading backdrop still covers the page and would read as low contrast everywhere.
  await page.waitForFunction(() => document.querySelector('.swal2-container') === null);
  const asked = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect({ name, scrollWidth }).toEqual({ name, scrollWidth: Math.min(scrollWidth, asked) });
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const findings: Finding[] = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }));
  });
  expect({ name, findings }).toEqual({ name, findings: [] });
  await screenshot(page, `phone-journey-${name}`);
}

/** The open sweetalert2 dialog: checks its title, then presses the named button. */
async function answerDialog(page: Page, title: string, button: string): Promise<void> {
  const popup = page.locator('.swal2-popup.swal2-show');
  await popup.waitFor();
  expect(await popup.locator('.swal2-title').textContent()).toBe(title);
  await popup.getByRole('button', { name: button, exact: true }).click();
  await page.waitForFunction(
    (previous) => document.querySelector('.swal2-popup.swal2-show .swal2-title')?.textContent !== previous,
    title,
  );
}

describe.each(['phone', 'desktop'] as const)('every screen at %s width', (width) => {
  it('reguler: dashboard, schedules, results, reviews, rankings, topics, profile, instructions, 404', async () => {
    const { page, errors } = await openPage(width);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Masuk' }).waitFor();
    await checkScreen(page, `login-${width}`);
    await loginAs(page, 'reguler');
    await page.locator('#welcome-text').waitFor();
    await checkScreen(page, `home-${width}`);

    await page.goto('/to');
    await page.getByRole('table', { name: 'Siap Dikerjakan' }).waitFor();
    await checkScreen(page, `jadwal-${width}`);

    await page.goto('/hasil');
    const paketTable = page.getByRole('table', { name: 'Hasil Tryout Paket' });
    await paketTable.waitFor();
    // The chart loads as its card nears the screen (NilaiChartSlot), as the student scrolls down to it.
    await page.locator('#grafik-nilai').scrollIntoViewIfNeeded();
    await page.locator('svg.apexcharts-svg').first().waitFor();
    await checkScreen(page, `hasil-paket-${width}`);
    // Every column of the result table is on screen: its PDF link lies inside the viewport.
    const pdf = paketTable.getByRole('link', { name: /Unduh PDF/ }).first();
    const box = await pdf.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(WIDTHS[width].width);
    const pdfHref = (await pdf.getAttribute('href')) ?? '';
    const [, idjadwal, hash] = /^\/hasil\/(\d+)\/kategori\/([^/]+)\/pdf$/.exec(pdfHref) ?? [];
    // Every tab lies whole inside the viewport, with nothing to scroll to reach it.
    for (const tab of await page.getByRole('tab').all()) {
      const tabBox = await tab.boundingBox();
      expect({ tab: await tab.textContent(), inside: tabBox && tabBox.x >= 0 }).toEqual({
        tab: await tab.textContent(),
        inside: true,
      });
      expect(tabBox && tabBox.x + tabBox.width).toBeLessThanOrEqual(WIDTHS[width].width);
    }
    // By keyboard: from the selected tab, the arrow key selects the next one.
    await page.getByRole('tab', { name: 'Hasil Tryout Paket' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(
      await page.getByRole('tab', { name: 'Hasil Tryout Permateri' }).getAttribute('aria-selected'),
    ).toBe('true');
    await page.getByRole('table', { name: 'Hasil Tryout Permateri' }).waitFor();
    await checkScreen(page, `hasil-materi-${width}`);
    // By touch on the phone (a tap), by click on the desktop.
    const ptnTab = page.getByRole('tab', { name: 'Status PTN' });
    if (width === 'phone') await ptnTab.tap();
    else await ptnTab.click();
    const lihat = page.getByRole('link', { name: /^Lihat Status PTN/ }).first();
    await lihat.waitFor();
    const lihatBox = await lihat.boundingBox();
    expect(lihatBox && lihatBox.x + lihatBox.width).toBeLessThanOrEqual(WIDTHS[width].width);
    await checkScreen(page, `hasil-ptn-${width}`);

    await page.goto(`/hasil/${idjadwal}/kategori/${hash}`);
    await page.getByRole('heading', { name: 'MUHAMMAD RIZKY PRATAMA' }).waitFor();
    await checkScreen(page, `hasil-kategori-${width}`);

    await page.goto(`/hasil/${idjadwal}/ptn`);
    await page.getByText('Skor kamu adalah').waitFor();
    await page.getByRole('table', { name: 'Pilihan' }).waitFor();
    await checkScreen(page, `ptn-${width}`);
    // The pass/fail badge wraps inside the page.
    const badge = await page.getByTestId('ptn-badge').boundingBox();
    expect(badge && badge.x + badge.width).toBeLessThanOrEqual(WIDTHS[width].width);

    await page.goto(`/hasil/${idjadwal}/review`);
    const lihatPembahasan = page.getByRole('button', { name: /^Lihat Pembahasan / }).first();
    await lihatPembahasan.waitFor();
    await checkScreen(page, `review-list-${width}`);
    await lihatPembahasan.click();
    await answerDialog(page, 'Lanjutkan?', 'Ya, Lanjutkan');
    await page.waitForURL(/\/hasil\/\d+\/review\/\d+$/);
    await page.getByTestId('benar-dari').waitFor();
    await checkScreen(page, `review-sheet-${width}`);

    await page.goto('/rangking');
    const paketLink = page.getByRole('link', { name: 'Paket #1' });
    await paketLink.waitFor();
    await checkScreen(page, `rangking-${width}`);
    await paketLink.click();
    await page.getByRole('heading', { name: 'Ranking Paket #1' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Halaman ranking' })
      .getByRole('link', { name: 'Posisi saya' })
      .click();
    await page.waitForURL(/halaman=\d+/);
    // Only the student's own row is marked, however many share the score.
    await page.locator('tr[aria-current="true"]').waitFor();
    expect(await page.locator('tr[aria-current="true"]').count()).toBe(1);
    expect(await page.locator('tr[aria-current="true"]').textContent()).toContain('Muhammad Rizky Pratama');
    await checkScreen(page, `rangking-paket-${width}`);
    await page.goto(`/rangking/${idjadwal}/pilihan/Mg==`);
    await page.getByRole('table', { name: 'Peringkat Peminat' }).waitFor();
    await checkScreen(page, `rangking-pilihan-${width}`);

    await page.goto('/to-permateri');
    await page.getByRole('heading', { name: 'List Kategori' }).waitFor();
    await checkScreen(page, `permateri-${width}`);
    await page.goto('/profil');
    await page.getByText('SMA Negeri 3 Yogyakarta').waitFor();
    await checkScreen(page, `profil-${width}`);
    await page.goto('/petunjuk-to');
    await page.locator('iframe').waitFor();
    await checkScreen(page, `petunjuk-${width}`);

    // Ids that name nothing the student can open: the 404 page, never a blank title or a spinner.
    for (const path of ['/to/999', '/to/abc']) {
      await page.goto(path);
      await page.getByText('Page not found').waitFor();
      expect(await page.getByText(/Detail Tryout Paket #/).count()).toBe(0);
    }
    await checkScreen(page, `to-unknown-${width}`);
    await page.goto('/halaman-yang-tidak-ada');
    await page.getByText('Page not found').waitFor();
    await checkScreen(page, `404-${width}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('tryout screens: detail, preview and sheet', async () => {
    // tutor at one width and umum at the other, so the two runs do not share a category.
    const { page, errors } = await openPage(width);
    await loginAs(page, width === 'phone' ? 'umum' : 'tutor');
    await page.goto('/to');
    const ready = page.getByRole('table', { name: 'Siap Dikerjakan' });
    await ready.getByRole('link', { name: 'Mulai' }).first().click();
    await page.getByRole('heading', { name: /^Detail Tryout Paket #\d+$/ }).waitFor();
    await page.getByRole('article').first().waitFor();
    await checkScreen(page, `detail-${width}`);
    await page.getByRole('button', { name: 'Mulai Sekarang' }).first().click();
    await answerDialog(page, 'Yakin?', 'Ya, Mulai sekarang!');
    await page.getByRole('heading', { name: /^Preview Tryout Kategori / }).waitFor();
    await checkScreen(page, `preview-${width}`);
    await page.getByRole('button', { name: 'Kerjakan' }).first().click();
    await answerDialog(page, 'Yakin?', 'Ya, Kerjakan!');
    await page.locator('main article[aria-label="Soal 1"]').waitFor();
    await page.waitForFunction(() =>
      /^\d+:\d\d$/.test(document.querySelector('[role="timer"]')?.textContent ?? ''),
    );
    await checkScreen(page, `sheet-${width}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** Wait until focus sits on a button of the open dialog (sweetalert2 focuses its popup, then the button). */
function dialogFocus(page: Page) {
  return page.waitForFunction(
    () =>
      document.activeElement?.tagName === 'BUTTON' && document.activeElement.closest('.swal2-popup') !== null,
  );
}

/** Focus information of the page's active element. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName ?? '',
      type: element?.getAttribute('type') ?? '',
      name: element?.getAttribute('aria-label') || element?.textContent?.trim() || '',
      inArticle: element?.closest('main article') !== null,
      inDialog: element?.closest('.swal2-popup') !== null,
      radioGroupAnswered:
        element instanceof HTMLInputElement && element.type === 'radio'
          ? document.querySelectorAll(`input[name="${element.name}"]:checked`).length > 0
          : false,
    };
  });
}
type Focused = Awaited<ReturnType<typeof focused>>;

/** Press Tab (or Shift+Tab) until the focused element matches; fails after 60 presses. */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, backwards = false): Promise<Focused> {
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (wanted(now)) return now;
  }
  throw new Error(`focus never reached the wanted element; last: ${JSON.stringify(await focused(page))}`);
}

const saved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      /\/api\/siswa\/tryout\/saveanswer\//.test(response.url()) && response.request().method() === 'PUT',
  );

const isAnswerInput = (f: Focused) =>
  f.inArticle &&
  ((f.tag === 'INPUT' && (f.type === 'radio' ? !f.radioGroupAnswered : true)) || f.tag === 'TEXTAREA');

describe('by keyboard only at phone width', () => {
  it('reguler takes one subject from "Kerjakan" to "Lanjutkan" without a mouse', async () => {
    const { page, errors } = await openPage('phone');
    await loginAs(page, 'reguler');
    await page.goto('/to');
    await page
      .getByRole('table', { name: 'Siap Dikerjakan' })
      .getByRole('row', { name: /Paket #2\b/ })
      .getByRole('link', { name: 'Mulai' })
      .click();
    await page.getByRole('heading', { name: 'Detail Tryout Paket #2' }).waitFor();
    await page
      .getByRole('article', { name: 'TPS', exact: true })
      .getByRole('button', { name: 'Mulai Sekarang' })
      .click();
    await answerDialog(page, 'Yakin?', 'Ya, Mulai sekarang!');
    await page.getByRole('heading', { name: 'Preview Tryout Kategori TPS' }).waitFor();
    // The closing dialog hands focus back when it is gone; a student cannot act on the page before that either.
    await page.waitForFunction(() => document.querySelector('.swal2-container') === null);

    // From here on: the keyboard only. Any pointer event on the page fails the run.
    await page.evaluate(() => {
      const w = window as unknown as { pointerEvents: number };
      w.pointerEvents = 0;
      for (const type of ['pointerdown', 'mousedown', 'click'])
        window.addEventListener(
          type,
          (event) => {
            if ((event as MouseEvent).detail > 0 || type !== 'click') w.pointerEvents += 1;
          },
          true,
        );
    });

    await tabTo(page, (f) => f.name === 'Kerjakan');
    // Escape closes the dialog, and focus goes back to the button that opened it.
    await page.keyboard.press('Enter');
    await page.locator('.swal2-popup.swal2-show').waitFor();
    await dialogFocus(page);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('.swal2-container') === null);
    await page
      .waitForFunction(() => document.activeElement?.textContent?.trim() === 'Kerjakan', undefined, {
        timeout: 10_000,
      })
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\nfocused: ${JSON.stringify(await focused(page))}`);
      });
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Kerjakan', inDialog: false });
    expect(page.url()).not.toContain('/sheet/');
    await page.keyboard.press('Enter');
    // Focus moves into the dialog, on its confirm button.
    await page.locator('.swal2-popup.swal2-show').waitFor();
    await dialogFocus(page);
    expect(await focused(page)).toMatchObject({ inDialog: true, name: 'Ya, Kerjakan!' });
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/sheet\//);
    await page.locator('main article[aria-label="Soal 1"]').waitFor();
    // After the navigation, focus is at the start of the new page's content.
    await page.waitForFunction(() => document.activeElement?.tagName === 'MAIN');
    // The engine opens the subject and may fetch its questions first: wait for the steps before counting them.
    await page.getByRole('navigation', { name: 'Daftar Soal' }).getByRole('button').first().waitFor();
    const total = await page.getByRole('navigation', { name: 'Daftar Soal' }).getByRole('button').count();
    expect(total).toBeGreaterThan(1);
    expect(
      await page
        .getByRole('navigation', { name: 'Daftar Soal' })
        .getByRole('button')
        .first()
        .getAttribute('aria-label'),
    ).toBe('Soal 1, sedang dibuka, belum dijawab');

    for (let nomor = 1; nomor <= total; nomor += 1) {
      await page.locator(`main article[aria-label="Soal ${nomor}"]`).waitFor();
      // The first question is reached going forward from the top; later ones going back from "Next".
      let at = await tabTo(page, isAnswerInput, nomor > 1);
      if (at.tag === 'INPUT' && at.type === 'radio') {
        // A choice, or one radio group per statement: Space answers the focused group, Tab finds the next one.
        for (;;) {
          const response = saved(page);
          await page.keyboard.press('Space');
          expect((await (await response).json()).status).toBe(true);
          const open = await page.evaluate(() => {
            const article = document.querySelector('main article');
            const names = new Set(
              [...(article?.querySelectorAll('input[type="radio"]') ?? [])].map(
                (r) => (r as HTMLInputElement).name,
              ),
            );
            return [...names].filter((name) => !article?.querySelector(`input[name="${name}"]:checked`))
              .length;
          });
          if (open === 0) break;
          at = await tabTo(page, isAnswerInput, nomor > 1);
        }
      } else {
        const response = saved(page);
        await page.keyboard.type(`Jawaban ${nomor}`);
        // Leaving the box saves it.
        await page.keyboard.press('Tab');
        expect((await (await response).json()).status).toBe(true);
      }
      if (nomor < total) {
        await tabTo(page, (f) => f.name === 'Next');
        await page.keyboard.press('Enter');
        await page.locator(`main article[aria-label="Soal ${nomor + 1}"]`).waitFor();
        // The step locks once the engine has the server's acknowledgement, which may land just after Next.
        const step = page
          .getByRole('navigation', { name: 'Daftar Soal' })
          .getByRole('button', { name: `Soal ${nomor}, sudah dijawab, terkunci`, exact: true });
        await step.waitFor({ timeout: 10_000 });
        expect(await step.getAttribute('aria-label')).toBe(`Soal ${nomor}, sudah dijawab, terkunci`);
      }
    }

    await tabTo(page, (f) => f.name === 'Selesaikan Ujian');
    await page.keyboard.press('Enter');
    await page.locator('.swal2-popup.swal2-show').waitFor();
    await dialogFocus(page);
    expect(await focused(page)).toMatchObject({ inDialog: true, name: 'Ya, Selesaikan!' });
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('.swal2-popup.swal2-show .swal2-title')?.textContent === 'Ujian Selesai',
    );
    await dialogFocus(page);
    expect(await focused(page)).toMatchObject({ inDialog: true, name: 'Lanjutkan' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Preview Tryout Kategori TPS' }).waitFor();
    await page.getByRole('button', { name: 'Selesai' }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { pointerEvents: number }).pointerEvents)).toBe(0);
    await checkScreen(page, 'keyboard-preview-after-phone');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

it('a student on a 360 px phone sends "Laporkan masalah" from the menu with the keyboard alone', async () => {
  const { page, errors } = await openPage('phone');
  await loginAs(page, 'reguler');
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('button', { name: 'Laporkan masalah' }).click();
  const form = page.getByRole('dialog', { name: 'Laporkan masalah' });
  await form.waitFor();
  await checkScreen(page, 'laporan');
  const textarea = form.getByLabel('Ceritakan masalahnya');
  // From wherever the dialog put the focus, Tab reaches the sentence, then "Kirim" after "Tutup".
  for (let i = 0; i < 6 && !(await textarea.evaluate((element) => element === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await page.keyboard.type('Gambar soal nomor 4 tidak muncul');
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Kirim') break;
  }
  await page.keyboard.press('Enter');
  await form.getByText(/^Laporan terkirim\. Kode laporan: [A-Z0-9]{4}-[A-Z0-9]{4}$/).waitFor();
  await checkScreen(page, 'laporan-terkirim');
  expect(errors).toEqual([]);
});
