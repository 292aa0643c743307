/**
 * Formulas are typeset once for every PDF of every app: an import typesets its package's formulas and stores them
 * (table rumus_pdf), a PDF draws a stored formula as stored instead of typesetting it again, and what a PDF had to
 * typeset is stored for the next one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestContext } from '../../helpers/buildTestApp';
import { paketContoh, SISWA_CSV } from '../../helpers/operatorFixtures';
import { runner } from '../../helpers/operatorRun';
import { pdfFilledPaths, pdfShownText } from '../../helpers/pdfBytes';
import { waitFor } from '../../helpers/waitFor';
import { typesetTex } from '../../../src/server/konten/tex';
import type { PdfQuestion } from '../../../src/server/pdf/documents';
import type { PdfJob } from '../../../src/server/pdf/jobs';
import { kunciRumus, mathSvg, type MathSvg } from '../../../src/server/pdf/mathSvg';
import { renderPdf } from '../../../src/server/pdf/renderPool';
import { simpananRumusDb } from '../../../src/server/pdf/rumusTersimpan';

jest.setTimeout(60_000);

let ctx: TestContext;
beforeEach(async () => {
  ctx = await buildTestApp();
});
afterEach(() => ctx.close());

const rumusRows = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('rumus_pdf')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function subjek(soal: string): PdfJob {
  const question: PdfQuestion = {
    nomor: 1,
    type: 1,
    soal: typesetTex(soal).html,
    options: { a: 'satu', b: 'dua', c: 'tiga', d: 'empat', e: '' },
    group_text_type: null,
    statements: [],
  };
  return {
    jenis: 'soal',
    data: { paket: 7, kategori: 'Saintek', mapel: soal, waktu: 90, soal: [question], gambar: new Map() },
  };
}

it('an import typesets each distinct formula of its questions, options and discussions once, and stores it', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'siaptes-rumus-'));
  try {
    const paket = paketContoh(ctx.clock.now(), ['budi.santoso']);
    const [first] = paket.kategori[0].mapel[0].soal;
    Object.assign(first, {
      soal: '<p>Jika \\(x^2 = 4\\) dan \\[\\int_0^1 x\\,dx\\], maka …</p>',
      opsi: { a: '\\(x = 2\\)', b: '\\(x^2 = 4\\)', c: 'tiga', d: 'empat', e: 'lima' },
      pembahasan: '<p>Karena \\(\\frac{1}{2}\\) …</p>',
    });
    writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paket));
    writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
    const run = runner(ctx, dir);
    expect((await run('import-siswa', 'kelas.csv')).code).toBe(0);
    expect(await rumusRows()).toBe(0);
    expect((await run('import-paket', 'paket.json')).code).toBe(0);
    // x^2 = 4 (twice), the integral (display), x = 2 and 1/2.
    expect(await rumusRows()).toBe(4);
    const stored = await simpananRumusDb(ctx.db).baca([
      kunciRumus('\\int_0^1 x\\,dx', true),
      kunciRumus('x', false),
    ]);
    expect([...stored.keys()]).toEqual([kunciRumus('\\int_0^1 x\\,dx', true)]);
    expect(stored.get(kunciRumus('\\int_0^1 x\\,dx', true))).toEqual(mathSvg('\\int_0^1 x\\,dx', true));
    // Imported again: nothing new to typeset.
    expect((await run('import-paket', 'paket.json')).code).toBe(0);
    expect(await rumusRows()).toBe(4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('draws a stored formula as stored, and stores a formula it had to typeset for the next PDF', async () => {
  const simpanan = simpananRumusDb(ctx.db);
  // A run-unique formula, so no cache of this process has it.
  const unik = `${process.pid}${Date.now() % 100000}`;
  const stored = `\\alpha_{${unik}}`;
  // Stored as drawing nothing: a PDF that typeset it instead would draw its glyphs.
  const kosong: MathSvg = { svg: '', shapes: [], minX: 0, minY: -500, width: 0.5, ascent: 0.5, depth: 0 };
  await simpanan.simpan([[kunciRumus(stored, false), kosong]]);

  const fromStore = await renderPdf(subjek(`<p>Nilai \\(${stored}\\) adalah …</p>`), simpanan);
  expect(pdfShownText(fromStore)).toContain('adalah');
  expect(pdfFilledPaths(fromStore)).toBe(0);

  const baru = `\\beta_{${unik}}`;
  const typeset = await renderPdf(subjek(`<p>Nilai \\(${baru}\\) adalah …</p>`), simpanan);
  expect(pdfFilledPaths(typeset)).toBeGreaterThan(0);
  // Stored just after the PDF is answered.
  const later = await waitFor(
    () => simpanan.baca([kunciRumus(baru, false)]),
    (found) => found.size === 1,
    5000,
  );
  expect(later.get(kunciRumus(baru, false))).toEqual(mathSvg(baru, false));
});
