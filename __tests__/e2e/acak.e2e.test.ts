/**
 * Each student's own order in real Chromium: a package that shuffles its questions and options, taken by reguler
 * (A–E) and tutor (A–D only). Each student's sheet shows the same numbering, order and letters before and after a
 * reload, and the review after the category shows exactly that sheet again, with his answer and the key in his own
 * letters; the two students' sheets differ.
 */
import type { Locator } from 'playwright-core';
import { collectPageErrors, loginAs, newContext, type Page } from '../helpers/browser';
import { startE2eSuite } from '../helpers/e2eSuite';
import { importAsOperator } from '../helpers/operatorE2e';
import { paketContoh } from '../helpers/operatorFixtures';
import {
  answerDialog,
  chooseOption,
  currentQuestion,
  kerjakan,
  openDetail,
  startKategori,
  steps,
} from '../helpers/tryoutJourney';

jest.setTimeout(300_000);

const suite = startE2eSuite();

const MAPEL = 'Penalaran Umum';
const KUNCI = ['B', 'C', 'A', 'D', 'B'];
/** The package's letter each student picks: the key for odd numbers, a wrong option for even ones. */
const dipilih = (n: number) => (n % 2 === 1 ? KUNCI[n - 1] : KUNCI[n - 1] === 'A' ? 'B' : 'A');
/** The fixture names option x of question n "b<n><x>". */
const teksAsli = (n: number, huruf: string) => `b${n}${huruf.toLowerCase()}`;

let idJadwal = 0;

beforeAll(async () => {
  const paket = paketContoh(Date.now(), ['reguler', 'tutor'], {
    paket: 79,
    nama: 'Tryout Sekolah Paket #79',
    acak_soal: true,
    acak_opsi: true,
  });
  paket.kategori = [
    {
      nama: 'TPS',
      mapel: [
        {
          nama: MAPEL,
          waktu: 30,
          soal: KUNCI.map((kunci, i) => {
            const n = i + 1;
            const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((h) => teksAsli(n, h));
            return {
              type: 1,
              soal: `<p>Butir ${n}</p>`,
              // Question 2 has four options; question 3 pins its E last.
              opsi: n === 2 ? { a, b, c, d } : { a, b, c, d, e },
              kunci,
              pembahasan: `<p>Pembahasan butir ${n}</p>`,
              ...(n === 3 ? { opsi_tetap: 'E' as const } : {}),
            };
          }),
        },
      ],
    },
  ];
  const out = await importAsOperator(suite.server.databaseUrl, paket);
  idJadwal = Number(/schedule id (\d+)/.exec(out)?.[1]);
}, 60_000);

/** One question as the student sees it: the package's number behind it and its options that have a text. */
interface Shown {
  butir: number;
  opsi: Record<string, string>;
}

async function sheetQuestion(article: Locator): Promise<Shown> {
  return article.evaluate((element) => {
    const opsi: Record<string, string> = {};
    for (const input of element.querySelectorAll<HTMLInputElement>('input[type="radio"]')) {
      const text = document.getElementById(`${input.id}-text`)?.textContent?.trim() ?? '';
      if (text !== '') opsi[input.value] = text;
    }
    return { butir: Number(/Butir (\d+)/.exec(element.textContent ?? '')?.[1]), opsi };
  });
}

/** The letter the student sees for the package's option `huruf` of the question shown. */
function hurufSiswa(shown: Shown, huruf: string): string {
  const entry = Object.entries(shown.opsi).find(([, text]) => text === teksAsli(shown.butir, huruf));
  if (!entry) throw new Error(`butir ${shown.butir}: opsi ${huruf} tidak tampil`);
  return entry[0];
}

/** Every question of the open sheet, from number 1 with "Next"; picks the package's `dipilih` when asked. */
async function readSheet(page: Page, answer: boolean): Promise<(Shown & { nomor: number })[]> {
  const total = await steps(page).count();
  const sheet: (Shown & { nomor: number })[] = [];
  for (let index = 0; index < total; index += 1) {
    const { article, nomor } = await currentQuestion(page);
    const shown = await sheetQuestion(article);
    sheet.push({ ...shown, nomor });
    if (answer) await chooseOption(page, article, hurufSiswa(shown, dipilih(shown.butir)));
    if (index < total - 1) {
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.locator(`main article[aria-label="Soal ${nomor + 1}"]`).waitFor();
    }
  }
  return sheet;
}

async function takeAndReview(username: string, fiveChoices: boolean) {
  const context = await newContext(suite.browser, suite.server.baseUrl, 'desktop');
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await loginAs(page, username);
  await openDetail(page, 79);
  await startKategori(page, 'TPS');
  await kerjakan(page, MAPEL);

  const first = await readSheet(page, false);
  expect(first.map((q) => q.nomor)).toEqual([1, 2, 3, 4, 5]);
  expect(first.map((q) => q.butir).sort()).toEqual([1, 2, 3, 4, 5]);
  for (const q of first) {
    const letters = Object.keys(q.opsi).sort();
    const texts = Object.values(q.opsi).sort();
    // Four options (question 2, or a student limited to A–D) are A–D, never a blank among them and never E's text.
    const four = q.butir === 2 || !fiveChoices;
    expect(letters).toEqual(four ? ['A', 'B', 'C', 'D'] : ['A', 'B', 'C', 'D', 'E']);
    expect(texts).toEqual(
      (four ? ['a', 'b', 'c', 'd'] : ['a', 'b', 'c', 'd', 'e']).map((h) => teksAsli(q.butir, h)),
    );
    if (q.butir === 3 && fiveChoices) expect(q.opsi.E).toBe(teksAsli(3, 'E'));
  }

  // A reload shows the same sheet; this time the student answers it.
  await page.reload();
  await page.getByRole('heading', { name: MAPEL, exact: true }).waitFor();
  const second = await readSheet(page, true);
  expect(second).toEqual(first);

  await page.getByRole('button', { name: 'Selesaikan Ujian' }).click();
  await answerDialog(page, 'Yakin menyelesaikan ujian? Aksi ini tidak dapat diubah!', 'Ya, Selesaikan!');
  await answerDialog(page, 'Ujian Selesai', 'Lanjutkan');
  await page.getByRole('heading', { name: 'Preview Tryout Kategori TPS' }).waitFor();
  await page.getByRole('button', { name: 'Akhiri Tryout' }).click();
  await answerDialog(page, 'Yakin?', 'Ya, Akhiri sekarang!');
  await page.waitForURL(/\/to\/\d+$/);

  // The review: the sheet's numbers, order and letters; his answer and the key in his letters.
  await page.goto(`/hasil/${idJadwal}/review`);
  await page.getByRole('button', { name: `Lihat Pembahasan ${MAPEL}` }).click();
  await answerDialog(page, 'Lanjutkan?', 'Ya, Lanjutkan');
  await page.waitForURL(/\/hasil\/\d+\/review\/\d+$/);
  await page.getByRole('heading', { name: MAPEL }).waitFor();
  expect(await page.getByTestId('benar-dari').textContent()).toBe('Benar 3 / 5');
  const daftar = page.getByRole('navigation', { name: 'Daftar Soal' }).getByRole('button');
  for (const [index, shown] of first.entries()) {
    await daftar.nth(index).click();
    const article = page.locator(`main article[aria-label="Soal ${index + 1}"]`);
    await article.waitFor();
    const reviewed = await article.evaluate((element) => ({
      butir: Number(/Butir (\d+)/.exec(element.textContent ?? '')?.[1]),
      opsi: Object.fromEntries(
        [...element.querySelectorAll('li[data-option]')].map((li) => [
          li.getAttribute('data-option') ?? '',
          li.querySelector('.flex-grow-1')?.textContent?.trim() ?? '',
        ]),
      ),
    }));
    expect(reviewed).toEqual({ butir: shown.butir, opsi: shown.opsi });
    expect(await article.getByTestId('jawaban').textContent()).toBe(hurufSiswa(shown, dipilih(shown.butir)));
    expect(await article.getByTestId('kunci').textContent()).toBe(hurufSiswa(shown, KUNCI[shown.butir - 1]));
  }
  expect(errors).toEqual([]);
  await context.close();
  return first;
}

it('each student keeps his own order and letters on the sheet, after a reload and in the review', async () => {
  const reguler = await takeAndReview('reguler', true);
  const tutor = await takeAndReview('tutor', false);
  // Two students, two orders: of the questions, or of the options A–D have in common.
  const urutan = (sheet: Shown[]) =>
    sheet.map((q) => [q.butir, ...Object.values(q.opsi).filter((text) => !text.endsWith('e'))]);
  expect(urutan(tutor)).not.toEqual(urutan(reguler));
});
