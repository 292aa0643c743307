/**
 * A whole TO Akbar (event) category in real Chromium: akbar takes every subject of TPS in Paket #10, one after the
 * other, each to its time-up (an event student has no "Selesaikan Ujian"), then ends the category. Every start
 * answer is watched: a subject's question texts leave the server only once that subject is open (README
 * "Rules of the tryout"), and the sheet asks again when the next subject opens.
 * Its own server and database, so akbar's category is untouched by the other journeys.
 */
import { runOutOnServer } from '../helpers/serverClock';
import { collectPageErrors, loginAs, newContext } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';
import {
  answerDialog,
  answerQuestion,
  currentQuestion,
  kerjakan,
  openDetail,
  previewSubjects,
  startKategori,
} from '../helpers/tryoutJourney';

jest.setTimeout(300_000);

const suite = startE2eSuite();

interface StartSoal {
  id_mapel: number;
  soal: string;
}

it('akbar takes the whole TPS category subject after subject; each subject’s questions arrive only when it opens', async () => {
  const context = await newContext(suite.browser, suite.server.baseUrl, 'desktop');
  const page = await context.newPage();
  // The browser's clock runs each subject to its end; the server's clock rows are aged to match (runOutOnServer).
  await page.clock.install();
  const errors = collectPageErrors(page);

  /** Subjects by name, from the preview the SPA loads. */
  const idOf = new Map<string, number>();
  /** Every start answer, in order: the subjects whose question texts it carried. */
  const starts: Set<number>[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (/\/api\/siswa\/tryout\/preview\/paket\/10\//.test(url)) {
      pending.push(
        response
          .json()
          .then(
            (body: {
              content?: { detailPaket: { detailSoal: { mapel: string; id_mapel: number }[] }[] };
            }) => {
              for (const kategori of body.content?.detailPaket ?? [])
                for (const mapel of kategori.detailSoal) idOf.set(mapel.mapel, mapel.id_mapel);
            },
          ),
      );
    } else if (/\/api\/siswa\/tryout\/start\//.test(url)) {
      pending.push(
        response.json().then((body: { content?: { soal: StartSoal[] } }) => {
          const soal = body.content?.soal ?? [];
          starts.push(new Set(soal.filter((s) => s.soal.trim() !== '').map((s) => s.id_mapel)));
        }),
      );
    }
  });
  /** The subjects whose question texts have reached the browser so far. */
  const revealed = async (): Promise<number[]> => {
    await Promise.all(pending);
    return [...new Set(starts.flatMap((s) => [...s]))].sort((a, b) => a - b);
  };
  const ids = (names: string[]) => names.map((name) => idOf.get(name) as number).sort((a, b) => a - b);

  await loginAs(page, 'akbar');
  await openDetail(page, 10);
  await startKategori(page, 'TPS');
  const subjects = await previewSubjects(page);
  expect(subjects).toEqual([
    'Penalaran Umum',
    'Pengetahuan dan Pemahaman Umum',
    'Pemahaman Bacaan dan Menulis',
    'Pengetahuan Kuantitatif',
  ]);
  await Promise.all(pending);
  expect(ids(subjects)).toHaveLength(4);
  // Starting the category opened its first subject only.
  expect(await revealed()).toEqual(ids(subjects.slice(0, 1)));

  for (const [index, mapel] of subjects.entries()) {
    // Only this subject can be taken; the later ones wait.
    for (const later of subjects.slice(index + 1)) {
      const item = page.getByRole('listitem', { name: later, exact: true });
      expect(await item.getByRole('button', { name: 'Kerjakan' }).count()).toBe(0);
    }
    const left = await kerjakan(page, mapel);
    expect(left).toBeGreaterThan(0);
    const { nomor } = await currentQuestion(page);
    expect(nomor).toBe(1);
    if (index > 0) {
      // Its questions came with a start answer asked again (the idempotent start) once it had opened.
      await Promise.all(pending);
      expect(starts[starts.length - 1].has(idOf.get(mapel) as number)).toBe(true);
    }
    expect(await page.getByRole('button', { name: 'Selesaikan Ujian' }).count()).toBe(0);

    // A couple of answers, then the subject's time runs out.
    for (const n of [1, 2]) {
      const { article } = await currentQuestion(page);
      await page.locator(`main article[aria-label="Soal ${n}"]`).waitFor();
      await answerQuestion(page, article, n);
      if (n === 1) await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    // While this subject runs, the browser holds its questions and those before it, never a later subject's.
    expect(await revealed()).toEqual(ids(subjects.slice(0, index + 1)));

    await runOutOnServer(suite.server.databaseUrl, idOf.get(mapel) as number);
    await page.clock.fastForward((left + 5) * 1000);
    await answerDialog(page, 'Waktu Habis!', 'Lanjutkan');
    await page.getByRole('heading', { name: 'Preview Tryout Kategori TPS' }).waitFor();
    await page
      .getByRole('listitem', { name: mapel, exact: true })
      .getByRole('button', { name: 'Selesai' })
      .waitFor();
    // Closing it opened the next subject on the server (the event runs on the wall clock): at most that one more.
    const shown = await revealed();
    expect(ids(subjects.slice(0, index + 2))).toEqual(expect.arrayContaining(shown));
  }

  await page.getByRole('button', { name: 'Akhiri Tryout' }).click();
  await answerDialog(page, 'Yakin?', 'Ya, Akhiri sekarang!');
  await page.waitForURL(/\/to\/\d+$/);
  await page.getByRole('heading', { name: 'Detail Tryout Paket #10' }).waitFor();
  const tps = page.getByRole('article', { name: 'TPS', exact: true });
  await tps.getByRole('button', { name: 'Sudah Dikerjakan' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
