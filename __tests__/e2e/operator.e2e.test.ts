/**
 * The operator's import seen by a student in real Chromium: a package file imported with the operator's tool into
 * the running production server's database appears in reguler's ready schedules, and he starts it and sees its
 * first question; a question with TeX and an embedded image shows typeset math and the image from /konten.
 */
import { collectPageErrors, loginAs, newContext, type Page } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';
import { dataUri, pngPolos } from '../helpers/gambar';
import { importAsOperator } from '../helpers/operatorE2e';
import { paketContoh } from '../helpers/operatorFixtures';

jest.setTimeout(120_000);

const suite = startE2eSuite();

/** reguler opens package `paket` from his ready schedules and starts its first TPS subject. */
async function openFirstQuestion(page: Page, paket: number): Promise<void> {
  await loginAs(page, 'reguler');
  await page.getByRole('navigation').getByRole('link', { name: 'Tryout Paket' }).click();
  await page.waitForURL('**/to');
  const ready = page.getByRole('table', { name: 'Siap Dikerjakan' });
  const row = ready.getByRole('row', { name: new RegExp(`Paket #${paket}\\b`) });
  await row.waitFor();
  await row.getByRole('link', { name: 'Mulai' }).click();
  await page.getByRole('heading', { name: `Detail Tryout Paket #${paket}` }).waitFor();

  await page
    .getByRole('article', { name: 'TPS', exact: true })
    .getByRole('button', { name: 'Mulai Sekarang' })
    .click();
  const popup = page.locator('.swal2-popup');
  await popup.getByRole('button', { name: 'Ya, Mulai sekarang!' }).click();
  await page.getByRole('heading', { name: 'Preview Tryout Kategori TPS' }).waitFor();
  await page
    .getByRole('listitem', { name: 'Penalaran Umum', exact: true })
    .getByRole('button', { name: 'Kerjakan' })
    .click();
  await popup.getByRole('button', { name: 'Ya, Kerjakan!' }).click();
  await page.getByRole('heading', { name: 'Penalaran Umum', exact: true }).waitFor();
}

it('an imported package is ready on the student’s schedule list and can be started', async () => {
  const out = await importAsOperator(suite.server.databaseUrl, paketContoh(Date.now(), ['reguler']));
  expect(out).toMatch(/created schedule id \d+/);

  const context = await newContext(suite.browser, suite.server.baseUrl);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await openFirstQuestion(page, 77);
  await page.getByText('Semua burung bertelur. Merpati adalah burung.').waitFor();
  expect(await page.getByText('merpati bertelur', { exact: true }).count()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

it('a question imported with TeX and an image shows typeset math and the image from /konten', async () => {
  const paket = paketContoh(Date.now(), ['reguler'], { paket: 78, nama: 'Tryout Sekolah Paket #78' });
  const [first] = paket.kategori[0].mapel[0].soal;
  first.soal =
    '<p>Luas segitiga \\(L = \\frac{1}{2} a t\\) pada gambar:</p>' +
    `<p><img src="${dataUri(pngPolos(60, 30, [30, 90, 200]))}" alt="Segitiga siku-siku"></p>` +
    '\\[\\sqrt{a^2 + b^2}\\]';
  await importAsOperator(suite.server.databaseUrl, paket);

  const context = await newContext(suite.browser, suite.server.baseUrl);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await openFirstQuestion(page, 78);
  await page.getByText('Luas segitiga').waitFor();

  // Typeset by KaTeX (its stylesheet applied), inline and displayed.
  const katex = page.locator('.katex');
  await expect(katex.first().isVisible()).resolves.toBe(true);
  expect(await katex.count()).toBe(2);
  expect(await page.locator('.katex-display').count()).toBe(1);
  expect(await katex.first().evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/KaTeX_Main/);
  // What the eye reads: no TeX source anywhere outside the screen readers' MathML.
  const shown = await page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest('.katex-mathml')) texts.push(node.textContent ?? '');
    }
    return texts.join(' ');
  });
  expect(shown).toContain('Luas segitiga');
  for (const source of ['\\frac', '\\sqrt', '\\(', '\\[', 'a^2']) expect(shown).not.toContain(source);
  // The MathML is there for screen readers, with its TeX annotation, and visually hidden.
  const mathml = page.locator('.katex-mathml math');
  expect(await mathml.count()).toBe(2);
  expect(
    await page.locator('.katex-mathml annotation[encoding="application/x-tex"]').first().textContent(),
  ).toBe('L = \\frac{1}{2} a t');
  const hidden = await page.locator('.katex-mathml').first().boundingBox();
  expect((hidden?.width ?? 0) <= 1 && (hidden?.height ?? 0) <= 1).toBe(true);

  // The image comes from our own content store, and it actually loaded.
  const image = page.getByRole('img', { name: 'Segitiga siku-siku' });
  expect(await image.getAttribute('src')).toMatch(/^\/konten\/[0-9a-f]{64}$/);
  const naturalWidth = await image.evaluate((el: HTMLImageElement) =>
    el.complete
      ? el.naturalWidth
      : new Promise<number>((resolve) => {
          el.addEventListener('load', () => resolve(el.naturalWidth));
          el.addEventListener('error', () => resolve(0));
        }),
  );
  expect(naturalWidth).toBe(60);
  expect(errors).toEqual([]);
  await context.close();
});
