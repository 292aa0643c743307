/**
 * Steps of the tryout journeys in Chromium, shared by the e2e suites: dialogs, the countdown, the package pages,
 * the per-topic list and sheet, and answering a question the way a student does.
 */
import type { Locator } from 'playwright-core';
import type { Page } from './browser';

/** The open sweetalert2 dialog: checks its title, then presses the named button. */
export async function answerDialog(page: Page, title: string | RegExp, button: string): Promise<void> {
  const popup = page.locator('.swal2-popup');
  await popup.waitFor();
  const heading = popup.locator('.swal2-title');
  await heading.waitFor();
  if (typeof title === 'string') expect(await heading.textContent()).toBe(title);
  else expect(await heading.textContent()).toMatch(title);
  const shown = (await heading.textContent()) ?? '';
  await popup.getByRole('button', { name: button, exact: true }).click();
  // Gone, or replaced by the next dialog (sweetalert2 reuses its popup element).
  await page.waitForFunction((previous) => {
    const open = document.querySelector('.swal2-popup.swal2-show');
    return open === null || open.querySelector('.swal2-title')?.textContent !== previous;
  }, shown);
}

/** The countdown in seconds once the server's time has arrived (it shows "--:--" until then). */
export async function countdownSeconds(page: Page): Promise<number> {
  const timer = page.getByRole('timer', { name: 'Sisa waktu' });
  await timer.waitFor();
  await page.waitForFunction(() => {
    const element = document.querySelector('[role="timer"]');
    return element !== null && /^\d+:\d\d$/.test(element.textContent ?? '');
  });
  const [minutes, seconds] = ((await timer.textContent()) ?? '').split(':').map(Number);
  return minutes * 60 + seconds;
}

export type Given =
  | { kind: 'choice'; letter: string }
  | { kind: 'text'; value: string; multiline: boolean }
  | { kind: 'statements'; values: ('Y' | 'N')[] };

/** Wait for one answer save of the package or the per-topic sheet and check the server kept it. */
function savedResponse(page: Page) {
  return page.waitForResponse(
    async (response) =>
      /\/api\/siswa\/tryout(materi)?\/saveanswer\//.test(response.url()) &&
      response.request().method() === 'PUT',
  );
}

async function expectSavedResponse(response: ReturnType<typeof savedResponse>): Promise<void> {
  const reply = (await (await response).json()) as { status: boolean; message?: string };
  expect(reply).toMatchObject({ status: true });
}

/** Click option `letter` of a type 1 question and check the server kept the save. */
export async function chooseOption(page: Page, article: Locator, letter: string): Promise<void> {
  const response = savedResponse(page);
  await article.getByRole('radio', { name: `Pilihan ${letter}`, exact: true }).click();
  await expectSavedResponse(response);
}

/**
 * Answer the question on screen the way a student does, whatever its type: type 1 clicks an option, types 2/5
 * fill the short answer and leave it (blur saves), type 3 picks Y/N per statement, type 4 writes the essay. Each
 * save is awaited and checked unless `unconfirmed` (a journey on a network that loses calls).
 */
export async function answerQuestion(
  page: Page,
  article: Locator,
  nomor: number,
  { unconfirmed = false }: { unconfirmed?: boolean } = {},
): Promise<Given> {
  const saved = (on: Page) => (unconfirmed ? null : savedResponse(on));
  const expectSaved = async (response: ReturnType<typeof saved>) => {
    if (response) await expectSavedResponse(response);
  };
  const choices = article.getByRole('radio', { name: /^Pilihan [A-E]$/ });
  if ((await choices.count()) > 0) {
    const letter = ['A', 'B', 'C', 'D'][nomor % 4];
    if (unconfirmed) await article.getByRole('radio', { name: `Pilihan ${letter}`, exact: true }).click();
    else await chooseOption(page, article, letter);
    return { kind: 'choice', letter };
  }
  // Type 3: one Y/N pair of radios per statement (a table inside the question text has no radios).
  const statements = article.getByRole('radio', { name: / pernyataan \d+$/ });
  const pairs = (await statements.count()) / 2;
  if (pairs > 0) {
    const values: ('Y' | 'N')[] = [];
    for (let row = 0; row < pairs; row += 1) {
      const value = (row + nomor) % 2 === 0 ? 'Y' : 'N';
      const response = saved(page);
      await statements.nth(row * 2 + (value === 'Y' ? 0 : 1)).click();
      await expectSaved(response);
      values.push(value);
    }
    return { kind: 'statements', values };
  }
  const box = article.getByRole('textbox', { name: 'Jawaban' });
  const multiline = (await box.evaluate((element) => element.tagName)) === 'TEXTAREA';
  const value = multiline ? `Uraian jawaban soal ${nomor}: karena hasilnya tetap.` : String(10 + nomor);
  const response = saved(page);
  await box.fill(value);
  await box.blur();
  await expectSaved(response);
  return { kind: 'text', value, multiline };
}

/** The answer a student gave is what the sheet shows. */
export async function expectShown(article: Locator, given: Given): Promise<void> {
  if (given.kind === 'choice') {
    expect(
      await article.getByRole('radio', { name: `Pilihan ${given.letter}`, exact: true }).isChecked(),
    ).toBe(true);
  } else if (given.kind === 'text') {
    expect(await article.getByRole('textbox', { name: 'Jawaban' }).inputValue()).toBe(given.value);
  } else {
    const statements = article.getByRole('radio', { name: / pernyataan \d+$/ });
    for (const [row, value] of given.values.entries()) {
      expect(await statements.nth(row * 2 + (value === 'Y' ? 0 : 1)).isChecked()).toBe(true);
    }
  }
}

export function typeOf(given: Given): string {
  if (given.kind === 'choice') return 'pilihan';
  if (given.kind === 'statements') return 'pernyataan';
  return given.multiline ? 'esai' : 'isian';
}

export const steps = (page: Page) => page.locator('nav button[data-tone]');

/** /to → "Mulai" on the package → Detail Tryout. */
export async function openDetail(page: Page, paket: number): Promise<void> {
  await page.goto('/to');
  const ready = page.getByRole('table', { name: 'Siap Dikerjakan' });
  await ready.waitFor();
  await ready
    .getByRole('row', { name: new RegExp(`Paket #${paket}\\b`) })
    .getByRole('link', { name: 'Mulai' })
    .click();
  await page.getByRole('heading', { name: `Detail Tryout Paket #${paket}` }).waitFor();
  await page.getByRole('article').first().waitFor();
}

/** "Mulai Sekarang" on a category → "Ya, Mulai sekarang!" → Preview Tryout. */
export async function startKategori(page: Page, kategori: string): Promise<void> {
  await page
    .getByRole('article', { name: kategori, exact: true })
    .getByRole('button', { name: 'Mulai Sekarang' })
    .click();
  await answerDialog(page, 'Yakin?', 'Ya, Mulai sekarang!');
  await page.waitForURL(/\/to\/\d+\/preview\/[^/]+$/);
  await page.getByRole('heading', { name: `Preview Tryout Kategori ${kategori}` }).waitFor();
}

/** The subjects of the preview, in queue order. */
export async function previewSubjects(page: Page): Promise<string[]> {
  const items = page.locator('main li.list-group-item');
  await items.first().waitFor();
  return (
    await items.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')))
  ).filter((name): name is string => name !== null);
}

/** "Kerjakan" on a subject → confirmation → its sheet with the subject as title and a running countdown. */
export async function kerjakan(page: Page, mapel: string): Promise<number> {
  await page
    .getByRole('listitem', { name: mapel, exact: true })
    .getByRole('button', { name: 'Kerjakan' })
    .click();
  await answerDialog(page, 'Yakin?', 'Ya, Kerjakan!');
  await page.waitForURL(/\/to\/\d+\/sheet\/[^/]+\/[^/]+$/);
  await page.getByRole('heading', { name: mapel, exact: true }).waitFor();
  return countdownSeconds(page);
}

/** /to-permateri → category → subject → the topic list of that subject. */
export async function openTopics(page: Page, kategori: string, mapel: string): Promise<void> {
  await page.goto('/to-permateri');
  await page.getByRole('heading', { name: 'List Kategori' }).waitFor();
  await page.getByRole('button', { name: kategori, exact: true }).click();
  await page.getByRole('heading', { name: `List Mapel Kategori ${kategori}` }).waitFor();
  expect(await page.getByRole('button', { name: 'Kembali' }).count()).toBe(1);
  await page.getByRole('button', { name: mapel, exact: true }).click();
  await page.getByRole('heading', { name: `List Materi ${mapel}` }).waitFor();
  await page.locator('main li.list-group-item').first().waitFor();
}

/** "Mulai" on a topic → "Ya, Mulai sekarang!" → its sheet. */
export async function startTopic(page: Page, materi: string): Promise<number> {
  await page
    .getByRole('listitem', { name: materi, exact: true })
    .getByRole('button', { name: 'Mulai' })
    .click();
  await answerDialog(page, 'Yakin?', 'Ya, Mulai sekarang!');
  await page.waitForURL(/\/to-permateri\/\d+$/);
  await page.getByRole('heading', { name: materi, exact: true }).waitFor();
  return countdownSeconds(page);
}

export async function currentQuestion(page: Page): Promise<{ article: Locator; nomor: number }> {
  const article = page.locator('main article[aria-label^="Soal "]');
  await article.waitFor();
  const nomor = Number(((await article.getAttribute('aria-label')) ?? '').replace('Soal ', ''));
  return { article, nomor };
}

export interface ServerSoal {
  id_mapel: number;
  type: number;
  jawaban_siswa: string;
  group_soal: { jawaban: string }[];
}

/** The logged-in student's id, as the page keeps it. */
async function studentId(page: Page): Promise<number | undefined> {
  return page.evaluate(() => {
    const stored = JSON.parse(window.localStorage.getItem('persist:siaptes') ?? '{}') as { profile?: string };
    return (JSON.parse(stored.profile ?? '{}') as { profilUser?: { id: number } }).profilUser?.id;
  });
}

/** The answers as the server holds them: a second (idempotent) start of the category. */
export async function serverAnswers(page: Page): Promise<ServerSoal[]> {
  const [, idJadwal, hash] = /\/to\/(\d+)\/sheet\/([^/]+)\//.exec(page.url()) ?? [];
  const reply = await page.request.post(`/api/siswa/tryout/start/id/${idJadwal}/kategori/${hash}`, {
    data: { id_siswa: await studentId(page) },
  });
  const body = (await reply.json()) as { status: boolean; content: { soal: ServerSoal[] } };
  expect(body.status).toBe(true);
  return body.content.soal;
}

/** The topic's answers as the server holds them (`jawaban` per question, in order): a second (idempotent) start. */
export async function serverTopicAnswers(page: Page): Promise<string[]> {
  const [, idmateri] = /\/to-permateri\/(\d+)$/.exec(page.url()) ?? [];
  const reply = await page.request.post(`/api/siswa/tryoutmateri/start/materi/${idmateri}`, {
    data: { id_siswa: await studentId(page) },
  });
  const body = (await reply.json()) as { status: boolean; content: { soals: { jawaban: string }[] } };
  expect(body.status).toBe(true);
  return body.content.soals.map((soal) => soal.jawaban);
}

export function matchesServer(given: Given, soal: ServerSoal): boolean {
  if (given.kind === 'choice') return soal.jawaban_siswa === given.letter;
  if (given.kind === 'text') return soal.jawaban_siswa === given.value;
  return given.values.every((value, row) => soal.group_soal[row]?.jawaban === value);
}
