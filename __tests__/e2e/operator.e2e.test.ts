/**
 * The operator's import seen by a student in real Chromium: a package file imported with the operator's tool into
 * the running production server's database appears in reguler's ready schedules, and he starts it and sees its
 * first question.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jalankan } from '../../src/server/cli/siaptesPerintah';
import { loadConfig } from '../../src/server/config';
import { createDb } from '../../src/server/db/createDb';
import { collectPageErrors, loginAs, newContext } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';
import { paketContoh } from '../helpers/operatorFixtures';

jest.setTimeout(120_000);

const suite = startE2eSuite();

async function importAsOperator(databaseUrl: string, paket: unknown): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'siaptes-operator-e2e-'));
  const db = await createDb(databaseUrl);
  let out = '';
  let err = '';
  try {
    writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paket));
    const code = await jalankan(['import-paket', 'paket.json'], {
      db,
      config: loadConfig({ ...process.env, DATABASE_URL: databaseUrl }),
      now: () => Date.now(),
      cwd: dir,
      konsol: { out: (t) => (out += t), err: (t) => (err += t), tty: false },
    });
    if (code !== 0) throw new Error(`import-paket failed: ${err}`);
    return out;
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

it('an imported package is ready on the student’s schedule list and can be started', async () => {
  const out = await importAsOperator(suite.server.databaseUrl, paketContoh(Date.now(), ['reguler']));
  expect(out).toMatch(/created schedule id \d+/);

  const context = await newContext(suite.browser, suite.server.baseUrl);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await loginAs(page, 'reguler');
  await page.getByRole('navigation').getByRole('link', { name: 'Tryout Paket' }).click();
  await page.waitForURL('**/to');
  const ready = page.getByRole('table', { name: 'Siap Dikerjakan' });
  await ready.getByRole('row', { name: /Paket #77\b/ }).waitFor();
  await ready
    .getByRole('row', { name: /Paket #77\b/ })
    .getByRole('link', { name: 'Mulai' })
    .click();
  await page.getByRole('heading', { name: 'Detail Tryout Paket #77' }).waitFor();

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
  await page.getByText('Semua burung bertelur. Merpati adalah burung.').waitFor();
  expect(await page.getByText('merpati bertelur', { exact: true }).count()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});
