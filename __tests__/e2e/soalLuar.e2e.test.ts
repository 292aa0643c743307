/**
 * A question loads nothing from another site when it is shown. The other site is a real server on another address
 * of this machine (127.0.0.3) that counts what reaches it. The questions of reguler's first TPS subject of
 * Paket #2 are overwritten in the database with hostile markup, as if the import's sanitiser had missed it (images,
 * SVG paint, xlink:href, MathML, style url(), image-set): the SPA's own sanitiser and the page's CSP ('self' and
 * data: only) leave Chromium with no request to another host while the sheet shows them. A reference placed in the
 * page behind the sanitiser's back is refused by the CSP as well.
 */
import net, { type AddressInfo } from 'node:net';
import { closeDb, createDb } from '../../src/server/db/createDb';
import { collectPageErrors, loginAs, newContext, takeCspViolations } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';
import {
  currentQuestion,
  kerjakan,
  openDetail,
  previewSubjects,
  startKategori,
} from '../helpers/tryoutJourney';

jest.setTimeout(180_000);

const suite = startE2eSuite();

/** Every connection that reached the other site (https, as a real one: the page's old policy allowed https: images). */
const diLuar: string[] = [];
const luarServer = net.createServer((socket) => {
  diLuar.push(`${socket.remoteAddress}`);
  socket.destroy();
});
let LUAR = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => luarServer.listen(0, '127.0.0.3', resolve));
  LUAR = `https://127.0.0.3:${(luarServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => luarServer.close(() => resolve())));

const berbahaya = () =>
  [
    `<img src="${LUAR}/img.gif" alt="a">`,
    `<img src="//${LUAR.slice('https://'.length)}/relatif.gif" alt="b">`,
    `<div style="background:url(${LUAR}/bg.gif)">latar</div>`,
    `<div style="background-image:image-set('${LUAR}/set.png' 1x)">set</div>`,
    `<svg width="10" height="10"><rect width="10" height="10" fill="url(${LUAR}/fill#p)" stroke="url(${LUAR}/s#p)"></rect>`,
    `<rect width="5" height="5" filter="url(${LUAR}/f#x)" mask="url(${LUAR}/m#x)" cursor="url(${LUAR}/c.cur),auto"></rect>`,
    `<rect width="5" height="5" fill="\\75 rl(${LUAR}/esc)" style="fill:url(${LUAR}/st#p)"></rect>`,
    `<pattern id="p" xlink:href="${LUAR}/pat.svg#p" href="${LUAR}/pat2.svg#p"></pattern>`,
    `<image href="${LUAR}/svgimg.png" width="1" height="1"></image><use href="${LUAR}/use.svg#x"></use>`,
    `<feImage href="${LUAR}/feimage.png"></feImage></svg>`,
    `<math><mglyph src="${LUAR}/glyph.png"></mglyph><mi>x</mi></math>`,
    `<video poster="${LUAR}/poster.png" src="${LUAR}/v.mp4"></video><audio src="${LUAR}/a.mp3"></audio>`,
    `<object data="${LUAR}/o.swf"></object><iframe src="${LUAR}/frame.html"></iframe>`,
    `<link rel="stylesheet" href="${LUAR}/gaya.css"><table background="${LUAR}/tb.gif"><tr><td>sel</td></tr></table>`,
  ].join('');

/** Every question and option of the first TPS subject of Paket #2 gets the hostile markup before its own text. */
async function soalBerbahaya(databaseUrl: string): Promise<number> {
  const db = await createDb(databaseUrl);
  try {
    const mapel = await db
      .selectFrom('mapel')
      .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
      .innerJoin('jadwal', 'jadwal.id', 'kategori.id_jadwal')
      .select('mapel.id')
      .where('jadwal.paket', '=', 2)
      .where('kategori.nama', '=', 'TPS')
      .orderBy('mapel.urutan')
      .executeTakeFirstOrThrow();
    const soal = await db
      .selectFrom('soal')
      .select(['id', 'soal', 'a', 'b'])
      .where('id_mapel', '=', mapel.id)
      .execute();
    const BERBAHAYA = berbahaya();
    for (const row of soal) {
      await db
        .updateTable('soal')
        .set({ soal: `${BERBAHAYA}${row.soal}`, a: `${BERBAHAYA}${row.a}`, b: `${BERBAHAYA}${row.b}` })
        .where('id', '=', row.id)
        .execute();
    }
    return soal.length;
  } finally {
    await closeDb(db);
  }
}

it('reguler sees hostile questions and Chromium asks no other host for anything', async () => {
  expect(await soalBerbahaya(suite.server.databaseUrl)).toBeGreaterThan(1);
  const context = await newContext(suite.browser, suite.server.baseUrl, 'desktop');
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const origin = new URL(suite.server.baseUrl).host;
  // Requests to another host the browser tried, blocked by the CSP or not (a blocked one fails with "csp").
  const luar: string[] = [];
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (url.host !== origin && !/csp/i.test(request.failure()?.errorText ?? '')) luar.push(request.url());
  });
  page.on('response', (response) => {
    if (new URL(response.url()).host !== origin) luar.push(response.url());
  });

  await loginAs(page, 'reguler');
  await openDetail(page, 2);
  await startKategori(page, 'TPS');
  const [first] = await previewSubjects(page);
  await kerjakan(page, first);
  for (const nomor of [1, 2]) {
    const { article } = await currentQuestion(page);
    await page.locator(`main article[aria-label="Soal ${nomor}"]`).waitFor();
    await article.getByText('latar').first().waitFor();
    // The images and drawings have had their turn to load.
    await page.waitForLoadState('networkidle');
    if (nomor === 1) await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  expect(luar).toEqual([]);
  expect(diLuar).toEqual([]);
  expect(takeCspViolations()).toEqual([]);
  expect(errors).toEqual([]);

  // Markup that reached the page without the sanitiser: the CSP alone keeps it from loading.
  await page.evaluate((alamat) => {
    const holder = document.createElement('div');
    holder.innerHTML =
      `<img src="${alamat}/langsung.gif" alt="">` +
      `<svg><rect width="1" height="1" fill="url(${alamat}/langsung-fill#p)"></rect></svg>`;
    document.querySelector('main')?.append(holder);
  }, LUAR);
  await page.waitForLoadState('networkidle');
  expect(luar).toEqual([]);
  expect(diLuar).toEqual([]);
  // The page reports its violations asynchronously (browser.ts): wait for the report of the image.
  let violations = '';
  for (let i = 0; i < 50 && !violations.includes('/langsung.gif'); i++) {
    await page.waitForTimeout(100);
    violations += takeCspViolations().join('\n');
  }
  expect(violations).toContain('/langsung.gif');
  await context.close();
});
