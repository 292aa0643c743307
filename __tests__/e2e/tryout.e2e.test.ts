/**
 * Package and per-topic tryouts in real Chromium against the production build and a freshly seeded server:
 * reguler takes the whole TPS category of Paket #2 (every question type, locking, leaving and coming back, the
 * queue, "Akhiri Tryout"); akbar's event subject runs out of time under Playwright's clock; umum reloads in the
 * middle of a subject; reguler takes a topic to its discussion; tutor's pages are photographed at mobile width.
 * Each journey has its own browser context and its own student, so they share the server without interfering.
 */
import {
  collectPageErrors,
  loginAs,
  newContext,
  screenshot,
  type Page,
  type ViewportName,
} from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';
import { runOutOnServer } from '../helpers/serverClock';
import {
  answerDialog,
  answerQuestion,
  countdownSeconds,
  currentQuestion,
  expectShown,
  kerjakan,
  openDetail,
  openTopics,
  previewSubjects,
  startKategori,
  startTopic,
  steps,
  typeOf,
  type Given,
} from '../helpers/tryoutJourney';

// The e2e project's testTimeout is not applied per project by Jest; the whole-category journey answers 40
// questions, so tests set their own (longer) limits below.
jest.setTimeout(180_000);

const suite = startE2eSuite();

interface Opened {
  page: Page;
  errors: string[];
}

async function openPage(viewport: ViewportName = 'desktop', fakeClock = false): Promise<Opened> {
  const context = await newContext(suite.browser, suite.server.baseUrl, viewport);
  const page = await context.newPage();
  // The clock must be installed before the first navigation to replace the page's timers.
  if (fakeClock) await page.clock.install();
  // A running tryout warns on reload; the student confirms that they want to reload.
  page.on('dialog', (dialog) => {
    void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss());
  });
  return { page, errors: collectPageErrors(page) };
}

describe('package tryout', () => {
  it('reguler takes the whole TPS category of Paket #2: every type, locking, leaving, queue, end', async () => {
    const { page, errors } = await openPage('desktop');
    await loginAs(page, 'reguler');
    await openDetail(page, 2);
    await screenshot(page, 'tryout-detail-desktop');
    const tps = page.getByRole('article', { name: 'TPS', exact: true });
    expect(await tps.getByRole('button', { name: 'Mulai Sekarang' }).count()).toBe(1);
    // Categories are taken in order: the next one waits.
    expect(
      await page
        .getByRole('article', { name: 'Literasi', exact: true })
        .getByRole('button', { name: 'Belum Bisa Dikerjakan' })
        .isDisabled(),
    ).toBe(true);

    await startKategori(page, 'TPS');
    await screenshot(page, 'tryout-preview-desktop');
    const subjects = await previewSubjects(page);
    expect(subjects).toHaveLength(4);

    // Nothing is finished yet: "Akhiri Tryout" refuses.
    await page.getByRole('button', { name: 'Akhiri Tryout' }).click();
    await answerDialog(page, 'Oops! Kamu belum menyelesaikan semua mapel tryout', 'Baiklah');

    const typesSeen = new Set<string>();
    for (const [index, mapel] of subjects.entries()) {
      // Queue order: only this subject can be started; the later ones wait for it.
      for (const later of subjects.slice(index + 1)) {
        const item = page.getByRole('listitem', { name: later, exact: true });
        expect(await item.getByRole('button', { name: 'Kerjakan' }).count()).toBe(0);
      }
      const opened = await kerjakan(page, mapel);
      expect(opened).toBeGreaterThan(0);
      if (index === 0) await screenshot(page, 'tryout-sheet-desktop');
      const total = await steps(page).count();
      expect(total).toBe(10);
      // The button waits for the profile that says the student is regular.
      await page.getByRole('button', { name: 'Selesaikan Ujian' }).waitFor();

      for (let answered = 0; answered < total; answered += 1) {
        const { article, nomor } = await currentQuestion(page);
        expect(nomor).toBe(answered + 1);
        typesSeen.add(typeOf(await answerQuestion(page, article, nomor)));
        if (nomor < total) {
          await page.getByRole('button', { name: 'Next', exact: true }).click();
          await page.locator(`main article[aria-label="Soal ${nomor + 1}"]`).waitFor();
          // The answered step turns orange and, for a regular student, is locked.
          const step = steps(page).nth(nomor - 1);
          expect(await step.getAttribute('data-tone')).toBe('answered');
          expect(await step.isDisabled()).toBe(true);
          expect(await page.getByRole('button', { name: 'Prev', exact: true }).isDisabled()).toBe(true);
        }
        if (index === 0 && nomor === 3) {
          // Leave the sheet for the preview and come back: the answers stay locked, the time never grows.
          const leaving = await countdownSeconds(page);
          await page.goBack();
          await page.getByRole('heading', { name: 'Preview Tryout Kategori TPS' }).waitFor();
          const back = await kerjakan(page, mapel);
          expect(back).toBeLessThanOrEqual(leaving);
          const { nomor: reopened } = await currentQuestion(page);
          expect(reopened).toBe(4);
          for (let step = 0; step < 3; step += 1) {
            expect(await steps(page).nth(step).getAttribute('data-tone')).toBe('answered');
            expect(await steps(page).nth(step).isDisabled()).toBe(true);
          }
        }
      }

      await page.getByRole('button', { name: 'Selesaikan Ujian' }).click();
      await answerDialog(page, 'Yakin menyelesaikan ujian? Aksi ini tidak dapat diubah!', 'Ya, Selesaikan!');
      await answerDialog(page, 'Ujian Selesai', 'Lanjutkan');
      await page.getByRole('heading', { name: 'Preview Tryout Kategori TPS' }).waitFor();
      const done = page.getByRole('listitem', { name: mapel, exact: true });
      await done.getByRole('button', { name: 'Selesai' }).waitFor();
      expect(await done.getByRole('button', { name: 'Selesai' }).isDisabled()).toBe(true);
      if (index < subjects.length - 1) {
        await page.getByRole('button', { name: 'Akhiri Tryout' }).click();
        await answerDialog(page, 'Oops! Kamu belum menyelesaikan semua mapel tryout', 'Baiklah');
      }
    }
    // The seeded TPS subjects hold every kind of question the sheet knows.
    expect([...typesSeen].sort()).toEqual(['esai', 'isian', 'pernyataan', 'pilihan']);

    await page.getByRole('button', { name: 'Akhiri Tryout' }).click();
    await answerDialog(page, 'Yakin?', 'Ya, Akhiri sekarang!');
    await page.waitForURL(/\/to\/\d+$/);
    await page.getByRole('heading', { name: 'Detail Tryout Paket #2' }).waitFor();
    await tps.getByRole('button', { name: 'Sudah Dikerjakan' }).waitFor();
    expect(await tps.getByRole('button', { name: 'Sudah Dikerjakan' }).isDisabled()).toBe(true);
    expect(await tps.getByRole('link', { name: 'Pembahasan' }).count()).toBe(1);
    // The next category is open now.
    expect(
      await page
        .getByRole('article', { name: 'Literasi', exact: true })
        .getByRole('button', { name: 'Mulai Sekarang' })
        .count(),
    ).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 420_000);

  it("akbar's event subject runs out of time under the browser's clock; the server keeps its own count", async () => {
    /*
     * The server's clock is its own (README "Rules of the tryout"): a browser cannot move it. So the journey
     * moves only the browser's clock and checks both directions:
     *  - backwards (setSystemTime): the page believes it gained ten minutes, but after a reload the countdown shows
     *    the server's remaining time again, never more than before;
     *  - forwards past the subject's time (fastForward): the page's countdown reaches 0, the time-up modal can
     *    only be closed with "Lanjutkan", the subject is closed on the server and shows "Selesai" — also after a
     *    reload and when its sheet is opened again by address.
     */
    const { page, errors } = await openPage('desktop', true);
    // The subjects whose questions each start answer carries (the reveal rule: only those whose clock runs).
    const revealed: Promise<number[]>[] = [];
    page.on('response', (response) => {
      if (!/\/api\/siswa\/tryout\/start\//.test(response.url())) return;
      revealed.push(
        response
          .json()
          .then((body: { content?: { soal: { id_mapel: number }[] } }) => [
            ...new Set((body.content?.soal ?? []).map((soal) => soal.id_mapel)),
          ]),
      );
    });
    await loginAs(page, 'akbar');
    await openDetail(page, 10);
    await startKategori(page, 'TPS');
    const [first, second] = await previewSubjects(page);
    // The start showed the first subject's questions only.
    expect(await Promise.all(revealed)).toEqual([[expect.any(Number)]]);
    // An event student gets no question PDF.
    expect(await page.getByRole('link', { name: 'PDF Soal' }).count()).toBe(0);
    const before = await kerjakan(page, first);
    expect(before).toBeGreaterThan(25 * 60);
    expect(before).toBeLessThanOrEqual(30 * 60);
    // Only regular students finish a subject themselves.
    expect(await page.getByRole('button', { name: 'Selesaikan Ujian' }).count()).toBe(0);
    const sheetUrl = page.url();

    // Backwards: the page shows more time than it has...
    const now = await page.evaluate(() => Date.now());
    await page.clock.setSystemTime(now - 10 * 60_000);
    await page.clock.runFor(2_000);
    await page.waitForFunction(
      (limit) => {
        const [m, s] = (document.querySelector('[role="timer"]')?.textContent ?? '0:0')
          .split(':')
          .map(Number);
        return m * 60 + s > limit;
      },
      before + 5 * 60,
    );
    // ...but the server does not give it: after a reload the countdown is the server's again.
    await page.reload();
    await page.getByRole('heading', { name: first, exact: true }).waitFor();
    const afterReload = await countdownSeconds(page);
    expect(afterReload).toBeLessThanOrEqual(before);
    await screenshot(page, 'tryout-sheet-event-desktop');

    // Forwards past the subject's time: the page's time is up, and the server's (an event subject ends only on
    // the server's clock: a close reported earlier is refused).
    const [idMapel] = await revealed[0];
    await runOutOnServer(suite.server.databaseUrl, idMapel);
    await page.clock.fastForward((afterReload + 5) * 1000);
    const popup = page.locator('.swal2-popup');
    await popup.waitFor();
    // The modal hides the page from assistive technology, so the timer is read by its role attribute.
    expect(await page.locator('[role="timer"]').textContent()).toBe('00:00');
    expect(await popup.locator('.swal2-title').textContent()).toBe('Waktu Habis!');
    // The modal cannot be dismissed: Escape and a click beside it leave it open.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await popup.isVisible()).toBe(true);
    await answerDialog(page, 'Waktu Habis!', 'Lanjutkan');
    await page.getByRole('heading', { name: 'Preview Tryout Kategori TPS' }).waitFor();
    const closed = page.getByRole('listitem', { name: first, exact: true });
    await closed.getByRole('button', { name: 'Selesai' }).waitFor();
    await page
      .getByRole('listitem', { name: second, exact: true })
      .getByRole('button', { name: 'Kerjakan' })
      .waitFor();

    // The server closed it: a reload shows "Selesai", and its sheet sends the student back to the preview.
    await page.reload();
    await closed.getByRole('button', { name: 'Selesai' }).waitFor();
    await page.goto(sheetUrl);
    await page.waitForURL(/\/preview\/[^/]+$/);
    await closed.getByRole('button', { name: 'Selesai' }).waitFor();

    // The server closes a subject whose time is over even if this browser never reports it. Its clock cannot be
    // moved from here, so a second device of akbar runs the next subject out of time (and is the one to close it)
    // while this page still shows it running; after a reload this page must follow the server, not its own count.
    await kerjakan(page, second);
    // The second subject opened when the first closed; its questions arrived with a start asked on opening it.
    await page.locator('main article[aria-label="Soal 1"]').waitFor();
    const shown = await Promise.all(revealed);
    expect(shown[0]).toHaveLength(1);
    expect(shown[shown.length - 1]).toHaveLength(2);
    expect(shown[shown.length - 1]).toContain(shown[0][0]);
    const other = await openPage('desktop', true);
    await loginAs(other.page, 'akbar');
    await openDetail(other.page, 10);
    await startKategori(other.page, 'TPS');
    const left = await kerjakan(other.page, second);
    const [idSecond] = shown[shown.length - 1].filter((id) => id !== shown[0][0]);
    await runOutOnServer(suite.server.databaseUrl, idSecond);
    await other.page.clock.fastForward((left + 5) * 1000);
    await answerDialog(other.page, 'Waktu Habis!', 'Lanjutkan');
    await other.page
      .getByRole('listitem', { name: second, exact: true })
      .getByRole('button', { name: 'Selesai' })
      .waitFor();
    await other.page.context().close();

    await page.reload();
    await answerDialog(page, 'Waktu Habis!', 'Lanjutkan');
    await page.getByRole('heading', { name: 'Preview Tryout Kategori TPS' }).waitFor();
    await page
      .getByRole('listitem', { name: second, exact: true })
      .getByRole('button', { name: 'Selesai' })
      .waitFor();
    expect([...errors, ...other.errors]).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('umum reloads in the middle of a subject: the answers stay and the time does not grow', async () => {
    // umum is not a regular student, so answered questions stay open and can be looked at again.
    const { page, errors } = await openPage('desktop');
    await loginAs(page, 'umum');
    await openDetail(page, 2);
    await startKategori(page, 'TPS');
    const [mapel] = await previewSubjects(page);
    await kerjakan(page, mapel);

    const given: Given[] = [];
    for (const nomor of [1, 2]) {
      const { article } = await currentQuestion(page);
      await page.locator(`main article[aria-label="Soal ${nomor}"]`).waitFor();
      given.push(await answerQuestion(page, article, nomor));
      if (nomor === 1) await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    expect(await steps(page).nth(0).getAttribute('data-tone')).toBe('answered');
    const before = await countdownSeconds(page);

    await page.reload();
    await page.getByRole('heading', { name: mapel, exact: true }).waitFor();
    const after = await countdownSeconds(page);
    expect(after).toBeLessThanOrEqual(before);
    for (const [index, answer] of given.entries()) {
      await steps(page).nth(index).click();
      const article = page.locator(`main article[aria-label="Soal ${index + 1}"]`);
      await article.waitFor();
      await expectShown(article, answer);
    }
    expect(await steps(page).nth(1).getAttribute('data-tone')).toBe('current');
    expect(await steps(page).nth(0).getAttribute('data-tone')).toBe('answered');
    expect(await steps(page).nth(2).getAttribute('data-tone')).toBe('idle');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('per-topic tryout', () => {
  it('reguler takes a topic from the list to its discussion', async () => {
    const { page, errors } = await openPage('desktop');
    await loginAs(page, 'reguler');
    await openTopics(page, 'Saintek', 'Matematika');
    // The topic reguler finished offers its discussion, not a start.
    const finished = page.getByRole('listitem', { name: 'Persamaan Kuadrat', exact: true });
    expect(await finished.getByRole('link', { name: 'Pembahasan' }).count()).toBe(1);
    expect(await finished.getByRole('button', { name: 'Mulai' }).count()).toBe(0);

    const materi = 'Barisan dan Deret';
    const seconds = await startTopic(page, materi);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    await screenshot(page, 'tryout-materi-sheet-desktop');
    const total = await steps(page).count();
    expect(total).toBeGreaterThan(1);
    for (let nomor = 1; nomor <= total; nomor += 1) {
      const article = page.locator(`main article[aria-label="Soal ${nomor}"]`);
      await article.waitFor();
      await answerQuestion(page, article, nomor);
      if (nomor < total) {
        await page.getByRole('button', { name: 'Soal berikutnya' }).click();
        await page.locator(`main article[aria-label="Soal ${nomor + 1}"]`).waitFor();
        expect(
          await steps(page)
            .nth(nomor - 1)
            .getAttribute('data-tone'),
        ).toBe('answered');
      }
    }

    await page.getByRole('button', { name: 'Selesaikan Ujian' }).click();
    await answerDialog(
      page,
      'Yakin menyelesaikan ujian? Aksi ini tidak dapat diubah!',
      'Ya, saya sudah selesai!',
    );
    await page.waitForURL(/\/to-permateri$/);
    const topic = page.getByRole('listitem', { name: materi, exact: true });
    await topic.getByRole('link', { name: 'Pembahasan' }).waitFor();
    expect(await topic.getByRole('button', { name: 'Mulai' }).count()).toBe(0);
    expect(await topic.textContent()).toContain(`${total}/${total} soal`);

    await topic.getByRole('link', { name: 'Pembahasan' }).click();
    await page.waitForURL(/\/pembahasan\/\d+$/);
    await page.getByRole('article', { name: 'Soal 1' }).waitFor();
    expect(await page.getByRole('article', { name: /^Soal \d+$/ }).count()).toBe(total);
    expect(await page.getByText('Kunci Jawaban').count()).toBeGreaterThanOrEqual(total);
    expect(await page.getByText('Data Pembahasan Tidak Ditemukan').count()).toBe(0);
    await screenshot(page, 'tryout-materi-pembahasan-desktop');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('at mobile width', () => {
  it('tutor: detail, preview, sheet and the per-topic sheet', async () => {
    const { page, errors } = await openPage('mobile');
    await loginAs(page, 'tutor');
    await openDetail(page, 3);
    await screenshot(page, 'tryout-detail-mobile');
    await startKategori(page, 'TPS');
    await screenshot(page, 'tryout-preview-mobile');
    const [mapel] = await previewSubjects(page);
    await kerjakan(page, mapel);
    // tutorindonesia students get four choices (A–D) in the package sheet.
    const { article } = await currentQuestion(page);
    if ((await article.getByRole('radio', { name: /^Pilihan/ }).count()) > 0) {
      expect(await article.getByRole('radio', { name: 'Pilihan E' }).count()).toBe(0);
    }
    await screenshot(page, 'tryout-sheet-mobile');
    await page.context().close();

    const second = await openPage('mobile');
    await loginAs(second.page, 'tutor');
    await openTopics(second.page, 'Saintek', 'Fisika');
    await startTopic(second.page, 'Gerak Lurus');
    await screenshot(second.page, 'tryout-materi-sheet-mobile');
    expect([...errors, ...second.errors]).toEqual([]);
    await second.page.context().close();
  });
});
