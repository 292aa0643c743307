/**
 * Redux DevTools exports recorded in Chromium against the production build through the interface the extension
 * injects (helpers/fakeDevtools, whose Export writes what the extension's writes), then replayed by the QA
 * harness (README "Support"):
 * (a) a save that fails on transport (503) three times: kept, waiting, then sent, never rolled back; then a
 *     save the server refuses (`status: false`): rolled back at once with the server's reason;
 * (b) the time runs out while "Selesaikan Ujian" asks for confirmation;
 * (c) the time runs out, the first report that closes the subject fails, the second, 10 s later, succeeds;
 * (d) a per-topic tryout: one answer, then "Selesaikan Ujian" confirmed.
 * (A report sent with no extension at all replays the same way: laporan.e2e.test.ts.)
 * Each recording must replay green. `RECORD_REPLAYS=1` also writes them into `__tests__/client/replays/`, where
 * the client suite replays the committed copies on every run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';
import {
  apiQuiet,
  logIn,
  openRecordedPage,
  PERSONAL,
  replayRecorded,
  type Exported,
} from '../helpers/e2eReplay';
import { devtools, exportFile, installFakeDevtools } from '../helpers/fakeDevtools';
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
const REPLAYS = path.resolve(__dirname, '../client/replays');
const SAVE_KEPT_THEN_REFUSED = 'paket-save-503-kept-refusal-rolled-back.json';
const recorded = mkdtempSync(path.join(tmpdir(), 'siaptes-replays-'));

afterAll(() => rmSync(recorded, { recursive: true, force: true }));

/** Export the session as the extension's Export button does, and keep it (alone in its own folder). */
async function exportSession(page: Page, file: string): Promise<{ type: string; payload?: unknown }[]> {
  await apiQuiet(page);
  const text = await exportFile(page);
  mkdirSync(path.join(recorded, file));
  writeFileSync(path.join(recorded, file, file), `${text}\n`);
  if (process.env.RECORD_REPLAYS === '1') writeFileSync(path.join(REPLAYS, file), `${text}\n`);
  const exported = JSON.parse(text) as Exported;
  expect(typeof exported.payload).toBe('string');
  // The page creates its store with the state it booted with (logged in from the cookie): the export starts there.
  expect(JSON.parse(exported.preloadedState ?? 'null')).toMatchObject({ auth: { isLoggedIn: true } });
  for (const value of PERSONAL) expect(text).not.toContain(value);
  return JSON.parse(exported.payload) as { type: string; payload?: unknown }[];
}

async function openPage() {
  const opened = await openRecordedPage(suite);
  await installFakeDevtools(opened.page);
  return opened;
}

it('records a save kept through 503s then sent, and one refused and rolled back; the export replays green', async () => {
  const { context, page, errors } = await openPage();
  await logIn(page, 'umum');
  // The last page load starts the recording (as the extension's history does).
  await openDetail(page, 2);
  const options = await devtools(page, 'options');
  expect(options).toMatchObject({
    name: 'SiapTes',
    maxAge: 2000,
    actionsDenylist: ['^run/clockTicked$'],
    serialize: { replacer: 'function', options: { refs: false } },
  });

  await startKategori(page, 'TPS');
  const [mapel] = await previewSubjects(page);
  await kerjakan(page, mapel);
  // Saves 1-3: the server is overloaded (a 503 says nothing about the answer); save 4 is taken; save 5 is refused
  // (`status: false`, as after a subject's grace): the server's word on that answer.
  let saves = 0;
  await page.route('**/api/siswa/tryout/saveanswer/**', async (route) => {
    saves += 1;
    if (saves === 4) return route.continue();
    return route.fulfill({
      status: saves <= 3 ? 503 : 200,
      contentType: 'application/json',
      body: JSON.stringify({
        status: false,
        message: saves <= 3 ? 'Server sedang sibuk.' : 'Waktu mapel ini sudah habis',
      }),
    });
  });
  const first = await currentQuestion(page);
  const taken = page.waitForResponse(
    (response) => /saveanswer/.test(response.url()) && response.status() === 200,
  );
  await answerQuestion(page, first.article, first.nomor, { unconfirmed: true });
  // While the saves fail the answer stays on the sheet, counted as waiting, under the calm banner.
  await page.getByTestId('offline-banner').waitFor();
  expect(await page.getByTestId('pending-saves').textContent()).toBe('1 jawaban menunggu dikirim…');
  expect(((await (await taken).json()) as { status: boolean }).status).toBe(true);
  await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  await page.waitForFunction(
    () => document.querySelector('[data-testid="pending-saves"]')?.textContent === '',
  );
  expect(await page.locator('.swal2-popup').count()).toBe(0);

  await steps(page).nth(first.nomor).click();
  await page.locator(`main article[aria-label="Soal ${first.nomor + 1}"]`).waitFor();
  expect(
    await steps(page)
      .nth(first.nomor - 1)
      .getAttribute('data-tone'),
  ).toBe('answered');
  const second = await currentQuestion(page);
  await answerQuestion(page, second.article, second.nomor, { unconfirmed: true });
  await page.locator('.swal2-popup.swal2-show').waitFor();
  expect(await page.locator('.swal2-popup .swal2-html-container').textContent()).toBe(
    'Waktu mapel ini sudah habis',
  );
  await answerDialog(page, 'Failed', 'OK');
  expect(saves).toBe(5);
  // Rolled back to what the server holds: no option chosen.
  expect(await second.article.locator('input[type="radio"]:checked').count()).toBe(0);
  expect(await page.getByTestId('pending-saves').textContent()).toBe('');
  // Ticks reached the store but not DevTools' history.
  expect(
    (await devtools(page, 'received')).filter((type) => type === 'run/clockTicked').length,
  ).toBeGreaterThan(3);
  expect(await devtools(page, 'history')).not.toContain('run/clockTicked');

  const actions = await exportSession(page, SAVE_KEPT_THEN_REFUSED);
  const answered = actions.filter(
    (action) => action.type === 'api/answered' && /saveanswer/.test(JSON.stringify(action.payload)),
  );
  expect(
    answered.map((save) => {
      const { status, body } = save.payload as { status: number; body: { status: boolean } };
      return [status, body.status];
    }),
  ).toEqual([
    [503, false],
    [503, false],
    [503, false],
    [200, true],
    [200, false],
  ]);
  const types = actions.map((action) => action.type);
  expect(types.filter((type) => type === 'run/saveAcked')).toHaveLength(1);
  expect(types.filter((type) => type === 'run/saveDropped')).toHaveLength(1);
  expect(JSON.stringify(actions)).not.toContain('tryout123');
  await page.unroute('**/api/siswa/tryout/saveanswer/**');
  expect(errors.filter((error) => !/Failed to load resource|503/.test(error))).toEqual([]);
  await context.close();

  expect(replayRecorded(path.join(recorded, SAVE_KEPT_THEN_REFUSED))).toEqual({
    passed: 1,
    failed: 0,
    messages: '',
  });
});

it('records the time running out during the finish confirmation, and the export replays green', async () => {
  const { context, page, errors } = await openPage();
  // The page's clock is the browser's: it can jump to the end of the subject.
  await page.clock.install();
  await logIn(page, 'reguler');
  await openDetail(page, 2);
  await startKategori(page, 'TPS');
  const [mapel] = await previewSubjects(page);
  await kerjakan(page, mapel);
  const finish = page.getByRole('button', { name: 'Selesaikan Ujian' });
  await finish.waitFor().catch(async (error: unknown) => {
    // What the store went through says why the page is not a regular student's sheet.
    const { actions } = await devtools(page, 'staged');
    const steps = (actions as { type: string; payload?: { path?: string; status?: number } }[]).map(
      (action) =>
        action.type === 'api/answered' ? `${action.payload?.path} ${action.payload?.status}` : action.type,
    );
    const regular = await page.evaluate(() => window.localStorage.getItem('persist:siaptes')?.slice(0, 600));
    throw new Error(`${String(error)}\n${steps.join('\n')}\n${regular}`);
  });
  const left = await countdownSeconds(page);
  await finish.click();
  const popup = page.locator('.swal2-popup.swal2-show .swal2-title');
  await popup.filter({ hasText: 'Yakin menyelesaikan ujian? Aksi ini tidak dapat diubah!' }).waitFor();
  // The clock reaches 0 while the confirmation is open.
  await page.clock.fastForward((left + 2) * 1000);
  await answerDialog(page, 'Waktu Habis!', 'Lanjutkan');
  await page.getByRole('heading', { name: 'Preview Tryout Kategori TPS' }).waitFor();
  const done = page.getByRole('listitem', { name: mapel, exact: true });
  await done.getByRole('button', { name: 'Selesai' }).waitFor();

  const actions = await exportSession(page, 'paket-timeup-during-finish.json');
  const dialogs = actions
    .filter((action) => action.type === 'dialog/answered')
    .map((action) => action.payload as { title: string; button: string });
  expect(dialogs.slice(-2)).toEqual([
    { title: 'Yakin menyelesaikan ujian? Aksi ini tidak dapat diubah!', button: 'replaced' },
    { title: 'Waktu Habis!', button: 'confirm' },
  ]);
  expect(actions.map((action) => action.type)).not.toContain('tryoutPaket/finishConfirmed');
  expect(errors).toEqual([]);
  await context.close();

  expect(replayRecorded(path.join(recorded, 'paket-timeup-during-finish.json'))).toEqual({
    passed: 1,
    failed: 0,
    messages: '',
  });
});

it('records a time-up whose first closing report fails and is tried again 10 s later, and it replays green', async () => {
  const { context, page, errors } = await openPage();
  await page.clock.install();
  await logIn(page, 'tutor');
  await openDetail(page, 3);
  await startKategori(page, 'TPS');
  const [mapel] = await previewSubjects(page);
  const left = await kerjakan(page, mapel);
  let refused = 0;
  await page.route('**/api/siswa/tryout/statusmapel/**', async (route) => {
    const body = route.request().postDataJSON() as { status?: number };
    if (body.status !== 1 || refused > 0) return route.continue();
    refused += 1;
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":false}' });
  });
  await page.clock.fastForward((left + 2) * 1000);
  await answerDialog(page, 'Waktu Habis!', 'Lanjutkan');
  await answerDialog(page, 'Error', 'OK');
  expect(refused).toBe(1);
  // Ten more seconds, then the time-up flow again.
  await page.clock.fastForward(11_000);
  await answerDialog(page, 'Waktu Habis!', 'Lanjutkan');
  await page.getByRole('heading', { name: 'Preview Tryout Kategori TPS' }).waitFor();
  await page
    .getByRole('listitem', { name: mapel, exact: true })
    .getByRole('button', { name: 'Selesai' })
    .waitFor();

  const actions = await exportSession(page, 'paket-timeup-status-fails-once.json');
  const closing = actions
    .filter((action) => action.type === 'api/answered')
    .map((action) => action.payload as { path: string; sent: { status?: number }; status: number })
    .filter((answer) => /statusmapel/.test(answer.path) && answer.sent.status === 1)
    .map((answer) => answer.status);
  expect(closing).toEqual([503, 200]);
  expect(errors.filter((error) => !/Failed to load resource|503/.test(error))).toEqual([]);
  await context.close();

  expect(replayRecorded(path.join(recorded, 'paket-timeup-status-fails-once.json'))).toEqual({
    passed: 1,
    failed: 0,
    messages: '',
  });
});

it('records a per-topic tryout answered and finished, and it replays green', async () => {
  const { context, page, errors } = await openPage();
  await logIn(page, 'reguler');
  await page.goto('/to-permateri');
  await page.getByRole('heading', { name: 'List Kategori' }).waitFor();
  await page.getByRole('button', { name: 'Saintek', exact: true }).click();
  await page.getByRole('button', { name: 'Matematika', exact: true }).click();
  await page.getByRole('heading', { name: 'List Materi Matematika' }).waitFor();
  const materi = 'Barisan dan Deret';
  await page
    .getByRole('listitem', { name: materi, exact: true })
    .getByRole('button', { name: 'Mulai' })
    .click();
  await answerDialog(page, 'Yakin?', 'Ya, Mulai sekarang!');
  await page.getByRole('heading', { name: materi, exact: true }).waitFor();
  await countdownSeconds(page);
  const article = page.locator('main article[aria-label="Soal 1"]');
  await article.waitFor();
  await answerQuestion(page, article, 1);
  await page.getByRole('button', { name: 'Selesaikan Ujian' }).click();
  await answerDialog(
    page,
    'Yakin menyelesaikan ujian? Aksi ini tidak dapat diubah!',
    'Ya, saya sudah selesai!',
  );
  await page.waitForURL(/\/to-permateri$/);
  await page
    .getByRole('listitem', { name: materi, exact: true })
    .getByRole('link', { name: 'Pembahasan' })
    .waitFor();

  const actions = await exportSession(page, 'materi-answer-and-finish.json');
  const types = actions.map((action) => action.type);
  expect(types).toContain('tryoutMateri/answerRequested');
  expect(types).toContain('tryoutMateri/finishConfirmed');
  expect(errors).toEqual([]);
  await context.close();

  expect(replayRecorded(path.join(recorded, 'materi-answer-and-finish.json'))).toEqual({
    passed: 1,
    failed: 0,
    messages: '',
  });
});
