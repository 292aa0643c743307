/**
 * Support's loop with no extension anywhere (README "Support"): during a package tryout, after a save the server
 * refused, the student sends "Laporkan masalah" from the account menu while the exam's clock goes on; support
 * fetches the report with `siaptes laporan ambil`, and that file replays green in the QA harness as it is. Its own
 * server, so the student's sheet is untouched by the recordings of devtoolsReplay.e2e.test.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startE2eSuite } from '../helpers/e2eSuite';
import {
  apiQuiet,
  logIn,
  openRecordedPage,
  PERSONAL,
  replayRecorded,
  type Exported,
} from '../helpers/e2eReplay';
import { runOperator } from '../helpers/operatorE2e';
import {
  answerDialog,
  answerQuestion,
  countdownSeconds,
  currentQuestion,
  kerjakan,
  openDetail,
  previewSubjects,
  startKategori,
  steps,
} from '../helpers/tryoutJourney';

jest.setTimeout(300_000);

const suite = startE2eSuite();
const recorded = mkdtempSync(path.join(tmpdir(), 'siaptes-laporan-'));

afterAll(() => rmSync(recorded, { recursive: true, force: true }));

it('a report sent during a package tryout after a refused save is fetched by support and replays green', async () => {
  const { context, page, errors } = await openRecordedPage(suite);
  await logIn(page, 'umum');
  await openDetail(page, 2);
  await startKategori(page, 'TPS');
  const [mapel] = await previewSubjects(page);
  await kerjakan(page, mapel);
  // The first save is taken; the second refused (`status: false`) and rolled back.
  let saves = 0;
  await page.route('**/api/siswa/tryout/saveanswer/**', async (route) => {
    saves += 1;
    if (saves !== 2) return route.continue();
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ status: false, message: 'Waktu mapel ini sudah habis' }),
    });
  });
  const first = await currentQuestion(page);
  await answerQuestion(page, first.article, first.nomor);
  await steps(page).nth(first.nomor).click();
  await page.locator(`main article[aria-label="Soal ${first.nomor + 1}"]`).waitFor();
  const second = await currentQuestion(page);
  await answerQuestion(page, second.article, second.nomor, { unconfirmed: true });
  await answerDialog(page, 'Failed', 'OK');
  await apiQuiet(page);

  const clockBefore = await countdownSeconds(page);
  await page.getByRole('button', { name: /^Akun / }).click();
  await page.getByRole('button', { name: 'Laporkan masalah' }).click();
  const form = page.getByRole('dialog', { name: 'Laporkan masalah' });
  await form.getByLabel('Ceritakan masalahnya').fill('Jawaban nomor 2 saya hilang setelah dipilih');
  await form.getByRole('button', { name: 'Kirim' }).click();
  const sent = await form.getByText(/^Laporan terkirim\. Kode laporan: /).textContent();
  const kode = /([A-Z0-9]{4}-[A-Z0-9]{4})$/.exec(sent ?? '')?.[1];
  expect(kode).toBeDefined();
  await form.getByRole('button', { name: 'Tutup' }).first().click();
  await form.waitFor({ state: 'detached' });
  // The exam was not left and its clock went on.
  await page.locator(`main article[aria-label="Soal ${second.nomor}"]`).waitFor();
  const until = Date.now() + 10_000;
  let clockAfter = await countdownSeconds(page);
  while (clockAfter >= clockBefore && Date.now() < until) {
    await page.waitForTimeout(200);
    clockAfter = await countdownSeconds(page);
  }
  expect(clockAfter).toBeLessThan(clockBefore);
  await page.unroute('**/api/siswa/tryout/saveanswer/**');
  expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
  await context.close();

  // Support: the report's export, byte for byte, into QA's replay folder.
  const folder = path.join(recorded, 'laporan');
  mkdirSync(folder);
  await runOperator(
    suite.server.databaseUrl,
    ['laporan', 'ambil', kode as string, '--out', 'laporan.json'],
    folder,
  );
  const text = readFileSync(path.join(folder, 'laporan.json'), 'utf8');
  for (const value of PERSONAL) expect(text).not.toContain(value);
  const actions = JSON.parse((JSON.parse(text) as Exported).payload) as { type: string }[];
  expect(actions.filter((action) => action.type === 'run/saveDropped')).toHaveLength(1);
  expect(replayRecorded(folder)).toEqual({ passed: 1, failed: 0, messages: '' });
});
