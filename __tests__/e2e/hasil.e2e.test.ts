/**
 * Results, reviews, PTN status and rankings in real Chromium against the production build and a freshly seeded
 * server: reguler (finished Paket #1 with 300 participants, choices and a finished topic) and akbar (event
 * Paket #9 scored by IRT).
 */
import { collectPageErrors, loginAs, newContext, screenshot, type Page } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';

jest.setTimeout(180_000);

const suite = startE2eSuite();

async function loggedIn(username: string): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(suite.browser, suite.server.baseUrl);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await loginAs(page, username);
  return { page, errors };
}

/** The Hasil page with its package table and the chart drawn by apexcharts. */
async function openHasil(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Hasil', exact: true }).click();
  await page.waitForURL('**/hasil');
  const table = page.getByRole('table', { name: 'Hasil Tryout Paket' });
  await table.waitFor();
  // The chart loads as its card nears the screen (NilaiChartSlot): below the table, as a student scrolls to it.
  await page.locator('#grafik-nilai').scrollIntoViewIfNeeded();
  await page.locator('svg.apexcharts-svg').first().waitFor();
  expect(await page.locator('.apexcharts-xaxis-title').textContent()).toBe('Paket');
  expect(await page.locator('.apexcharts-yaxis-title').textContent()).toBe('Skor');
  return table;
}

describe('results in the browser', () => {
  it('reguler: tabs, chart, category detail, PDF, discussion, PTN status, choice ranking and review', async () => {
    const { page, errors } = await loggedIn('reguler');
    const table = await openHasil(page);
    const firstRow = table.getByRole('row').nth(1);
    expect(await firstRow.textContent()).toContain('Paket #1');
    expect(await page.locator('.apexcharts-legend-text').allTextContents()).toContain('UTBK');
    await screenshot(page, 'hasil-reguler');

    // The result PDF: its view embeds the file, and the file downloads as a real PDF with the session cookie.
    await firstRow.getByRole('link', { name: /Unduh PDF/ }).click();
    await page.waitForURL(/\/hasil\/\d+\/kategori\/[^/]+\/pdf$/);
    const src = await page.getByTitle('PDF hasil tryout').getAttribute('src');
    expect(src).toMatch(/^\/api\/pdf\/hasil\/\d+\/[A-Za-z0-9_-]+$/);
    const pdf = await page.request.get(src as string);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.goBack();

    // Category detail.
    await table.waitFor();
    const kategori = (await firstRow.getByRole('cell').nth(2).textContent()) ?? '';
    await firstRow.getByRole('link', { name: kategori, exact: true }).click();
    await page.getByRole('heading', { name: 'MUHAMMAD RIZKY PRATAMA' }).waitFor();
    expect(await page.getByRole('table', { name: kategori }).getByRole('row').count()).toBeGreaterThan(2);
    expect(await page.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(src);
    await screenshot(page, 'hasil-kategori-reguler');
    await page.goBack();

    // Per-topic results → discussion.
    await page.getByRole('tab', { name: 'Hasil Tryout Permateri' }).click();
    const materi = page.getByRole('table', { name: 'Hasil Tryout Permateri' });
    await materi.getByRole('link', { name: 'Pembahasan' }).first().click();
    await page.waitForURL(/\/pembahasan\/\d+$/);
    await page.getByRole('article', { name: 'Soal 1' }).waitFor();
    expect(await page.getByText('Data Pembahasan Tidak Ditemukan').count()).toBe(0);
    await screenshot(page, 'pembahasan-materi-reguler');
    await page.goBack();

    // PTN tab → status of Paket #1: his second choice passes.
    await page.getByRole('tab', { name: 'Status PTN' }).click();
    await page.getByRole('link', { name: 'Lihat Status PTN Paket #1' }).click();
    await page.getByText('Skor kamu adalah').waitFor();
    const badge = page.getByTestId('ptn-badge');
    expect(await badge.getAttribute('class')).toContain('text-bg-success');
    const pilihan = page.getByRole('table', { name: 'Pilihan' });
    expect(await pilihan.getByRole('row').count()).toBe(3);
    expect(await page.getByRole('table', { name: 'Mata Pelajaran' }).getByText('Total').count()).toBe(1);
    await screenshot(page, 'hasil-ptn-reguler');
    const ptnUrl = page.url();

    // The rank of choice 2 leads to its ranking, a page of at most 50 from the top.
    await pilihan.getByRole('row').nth(2).getByRole('link').click();
    await page.waitForURL(/\/rangking\/\d+\/pilihan\/Mg==$/);
    const top = page.getByRole('table', { name: 'Peringkat Peminat' });
    await top.waitFor();
    const topRows = await top.getByRole('row').count();
    expect(topRows).toBeGreaterThan(1);
    expect(topRows).toBeLessThanOrEqual(51);
    expect(await top.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('1');
    expect(await page.getByRole('navigation', { name: 'Halaman ranking' }).textContent()).toContain(
      'Halaman 1 dari',
    );
    expect(await page.getByText('Nilai Minimum').count()).toBe(1);
    await screenshot(page, 'rangking-pilihan-reguler');

    // Back to the PTN status → Pembahasan → a finished subject's review.
    await page.goto(ptnUrl);
    await page.getByRole('link', { name: 'Pembahasan' }).click();
    await page.waitForURL(/\/hasil\/\d+\/review$/);
    const lihat = page.getByRole('button', { name: /^Lihat Pembahasan / }).first();
    const mapel = ((await lihat.getAttribute('aria-label')) ?? '').replace('Lihat Pembahasan ', '');
    await lihat.click();
    await page.getByRole('heading', { name: 'Lanjutkan?' }).waitFor();
    await page.getByRole('button', { name: 'Ya, Lanjutkan' }).click();
    await page.waitForURL(/\/hasil\/\d+\/review\/\d+$/);
    await page.getByRole('heading', { name: mapel }).waitFor();
    expect(await page.getByTestId('benar-dari').textContent()).toMatch(/^Benar \d+ \/ \d+$/);
    expect(
      await page.getByRole('navigation', { name: 'Daftar Soal' }).getByRole('button').count(),
    ).toBeGreaterThan(1);
    await screenshot(page, 'review-reguler');

    // A reload keeps the sheet: it asks for its review itself.
    await page.reload();
    await page.getByRole('heading', { name: mapel }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reguler: the package ranking a page of 50 at a time, "Posisi saya" on his own row, back to the top', async () => {
    const { page, errors } = await loggedIn('reguler');
    // Every ranking answer the page fetches, with its size.
    const answers: { halaman: number; bytes: number }[] = [];
    page.on('response', (response) => {
      if (!/\/api\/siswa\/tryout\/ranking\/idsiswa\/\d+\/paket\/\d+$/.test(response.url())) return;
      const body = JSON.parse(response.request().postData() ?? '{}') as { halaman?: number };
      void response.body().then((raw) => answers.push({ halaman: body.halaman ?? 0, bytes: raw.length }));
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Ranking', exact: true }).click();
    await page.getByRole('link', { name: 'Paket #1' }).click();
    await page.getByRole('heading', { name: 'Ranking Paket #1' }).waitFor();
    expect(await page.getByText('Rank Saya').count()).toBe(1);
    const peserta = await page.getByText(/dari \d+ Peserta/).textContent();
    const jumlah = Number(/dari (\d+) Peserta/.exec(peserta ?? '')?.[1]);
    // Everyone who finished the package (the seed's synthetic participants and reguler), 50 rows shown.
    expect(jumlah).toBeGreaterThan(100);
    const table = page.getByRole('table', { name: 'Ranking Paket #1' });
    expect(await table.getByRole('row').count()).toBe(51);
    const pager = page.getByRole('navigation', { name: 'Halaman ranking' });
    expect(await pager.textContent()).toContain(`Halaman 1 dari ${Math.ceil(jumlah / 50)}`);
    const rank = Number(await page.getByTestId('rank-saya').textContent());
    expect(rank).toBeGreaterThan(0);

    // "Posisi saya": the page holding his row, the row marked and scrolled into view.
    await pager.getByRole('link', { name: 'Posisi saya' }).click();
    await page.waitForURL(/\?halaman=\d+$/);
    const halaman = Number(new URL(page.url()).searchParams.get('halaman'));
    const mine = page.locator('tr[aria-current="true"]');
    await mine.waitFor();
    expect(await mine.textContent()).toContain('Muhammad Rizky Pratama');
    expect(Number(await mine.getByRole('cell').first().textContent())).toBe(rank);
    expect(await mine.isVisible()).toBe(true);
    // Bootstrap scrolls smoothly, so the row comes into view over a few frames, later on a busy machine.
    const inView = await page
      .waitForFunction(
        () => {
          const box = document.querySelector('tr[aria-current="true"]')?.getBoundingClientRect();
          return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
        },
        undefined,
        { timeout: 5000 },
      )
      .then(
        () => true,
        () => false,
      );
    expect(inView).toBe(true);
    expect(halaman).toBeGreaterThanOrEqual(Math.ceil(rank / 50));
    await screenshot(page, 'rangking-paket-reguler');

    // The next page, then back to the top: rank 1 first. (His own page may be the first, where "Teratas" is off.)
    await pager.getByRole('link', { name: 'Berikutnya' }).click();
    await page.waitForURL(new RegExp(`\\?halaman=${halaman + 1}$`));
    await pager.getByRole('link', { name: 'Teratas' }).click();
    await page.waitForURL(/\?halaman=1$/);
    await page.getByText('Halaman 1 dari').waitFor();
    expect(await table.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('1');
    // Every answer was one page, a few kilobytes (the whole list was never asked for).
    for (let wait = 0; wait < 50 && answers.length < 3; wait++) await page.waitForTimeout(100);
    expect(answers.length).toBeGreaterThanOrEqual(3);
    expect(answers.every((a) => a.halaman >= 1 && a.bytes < 30 * 1024)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('akbar: the event package in the chart, its PTN status and its ranking', async () => {
    const { page, errors } = await loggedIn('akbar');
    const table = await openHasil(page);
    expect(await table.textContent()).toContain('Paket #9');
    expect(await page.locator('.apexcharts-legend-text').allTextContents()).toContain('TO Akbar');
    await screenshot(page, 'hasil-akbar');

    await page.getByRole('tab', { name: 'Status PTN' }).click();
    await page.getByRole('link', { name: 'Lihat Status PTN Paket #9' }).click();
    await page.getByText('Skor kamu adalah').waitFor();
    expect(await page.getByTestId('ptn-badge').textContent()).not.toBe('');
    expect(
      await page.getByRole('table', { name: 'Mata Pelajaran' }).getByRole('row').count(),
    ).toBeGreaterThan(2);
    await screenshot(page, 'hasil-ptn-akbar');

    await page.getByRole('navigation').getByRole('link', { name: 'Ranking', exact: true }).click();
    await page.getByRole('link', { name: 'Paket #9' }).click();
    await page.getByRole('heading', { name: 'Ranking Paket #9' }).waitFor();
    expect(await page.getByText('Rank Saya').count()).toBe(1);
    expect(await page.getByText(/dari \d+ Peserta/).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
