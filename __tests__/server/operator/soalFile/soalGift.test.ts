/**
 * GIFT as Moodle reads it: cut into questions at blank lines and read one by one, so a question the grammar cannot
 * read is refused by its name and line and `--skip-unsupported` converts the rest; Moodle's grammar where the GIFT
 * library's is narrower (numerical `~` feedback, text after the answers, escapes, `[html]`/`[markdown]`/`[plain]`).
 * Moodle's own fixture from __tests__/fixtures/korpus/gift (sources in its README).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestContext } from '../../../helpers/buildTestApp';
import { runner } from '../../../helpers/operatorRun';
import { bacaGift } from '../../../../src/server/operator/soalFile/gift';

const korpus = (name: string) =>
  readFileSync(path.join(__dirname, '../../../fixtures/korpus/gift', name), 'utf8');
const words = (html: string | undefined) =>
  (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe("Moodle's questions.gift.txt", () => {
  const hasil = bacaGift(korpus('questions.gift.txt'));

  it('is read question by question: what we score imported, the rest refused by name, line and reason', () => {
    expect(hasil.soal.map((s) => [s.type, s.kunci ?? '', words(s.soal)])).toEqual([
      [4, '', 'How are you?'],
      [1, 'A', "What's between orange and green in the spectrum?"],
      // Text after the answers is Moodle's "missing word": the blank stays where the answers were.
      [3, '', '42 is the Absolute Answer to everything. _____ ";'],
      [3, '', 'TSL is blablabla.'],
      [3, '', 'TSL is blablabla.'],
    ]);
    expect(hasil.asal.map((a) => `${a.nama} ${a.tempat}`)).toEqual([
      'Q8 line 2',
      'Q2 line 14',
      'Q1 line 41',
      '2-08 TSL line 46',
      '2-08 TSL line 49',
    ]);
    expect(hasil.tidakDidukung).toEqual([
      {
        nama: 'Moodle activities',
        jenis: 'Matching',
        tempat: 'line 5',
        alasan: 'this question type cannot be scored here',
      },
      {
        nama: 'colours',
        jenis: 'MC',
        tempat: 'line 22',
        alasan: 'partial or negative credit, or several right options; we score one right option, others 0',
      },
      // `{#3:2~#Completely wrong}` is read as Moodle reads it (not a syntax error): 3 ± 2, which we cannot score.
      {
        nama: 'Q5',
        jenis: 'Numerical',
        tempat: 'line 31',
        alasan: 'a range or tolerance; we score the exact number',
      },
      {
        nama: 'Shortanswer',
        jenis: 'Short',
        tempat: 'line 34',
        alasan: 'not exactly one accepted answer (or partial credit); we score one expected answer',
      },
    ]);
  });

  it("keeps each answer's feedback out of its option text", () => {
    const q2 = hasil.soal[1];
    if (q2.type !== 1) throw new Error(`type ${q2.type}`);
    expect(Object.values(q2.opsi ?? {}).map(words)).toEqual(['yellow', 'red', 'blue', '']);
    expect(words(q2.pembahasan)).toBe(
      "right; good! Pilihan B: wrong, it's yellow Pilihan C: wrong, it's yellow",
    );
    // True/false: `#wrong#right`; only the right answer's feedback follows the general one.
    expect(words(hasil.soal[2].pembahasan)).toBe(
      "This is, of course, a Hitchiker's Guide to the Galaxy reference. You gave the right answer.",
    );
  });
});

describe("Moodle's grammar", () => {
  it('reads an exact number with feedback for any other answer; that feedback is no discussion', () => {
    const { soal, tidakDidukung } = bacaGift('::Akar::Berapakah akar dari 144? {#12~#Hitung lagi.}\n');
    expect(tidakDidukung).toEqual([]);
    expect(soal).toEqual([{ type: 5, soal: 'Berapakah akar dari 144?', kunci: '12' }]);
  });

  it('reads escaped \\{ \\} \\= \\~ \\# \\: as the characters themselves', () => {
    const { soal } = bacaGift(
      '::Himpunan \\{a\\}::Himpunan \\{1\\, 2\\} \\= A\\: pilih \\~ \\# {=\\{1\\} ~\\{2\\} ~\\# ~\\~}\n',
    );
    expect(soal).toHaveLength(1);
    const [q] = soal;
    if (q.type !== 1) throw new Error(`type ${q.type}`);
    expect(q.soal).toBe('Himpunan {1\\, 2} = A: pilih ~ #');
    expect(Object.values(q.opsi ?? {})).toEqual(['{1}', '{2}', '#', '~']);
  });

  it('honours [html], [plain] and [markdown]', () => {
    const { soal } = bacaGift(
      [
        '::H::[html]<p>Pilih <b>satu</b></p>{=[html]<i>ya</i> ~[plain]<b>tidak</b>}',
        '',
        '::M::[markdown]Apa **tebal** dan *miring* \\(a_1 * b_2\\)?{=[markdown]`kode` ~biasa}',
      ].join('\n'),
    );
    const [h, m] = soal;
    if (h.type !== 1 || m.type !== 1) throw new Error('not type 1');
    expect(h.soal).toBe('<p>Pilih <b>satu</b></p>');
    expect(h.opsi?.a).toBe('<i>ya</i>');
    // Plain text is shown as written, tags and all.
    expect(h.opsi?.b).toBe('&lt;b&gt;tidak&lt;/b&gt;');
    expect(m.soal).toBe('<p>Apa <strong>tebal</strong> dan <em>miring</em> \\(a_1 * b_2\\)?</p>');
    expect(m.opsi?.a).toBe('<p><code>kode</code></p>');
  });

  it('reads = ~ # in the question text as themselves, as Moodle does', () => {
    const { soal, tidakDidukung } = bacaGift('::Jumlah::2 + 2 = 4, bukan ~5 # catatan.{T}\n');
    expect(tidakDidukung).toEqual([]);
    expect(soal.map((s) => s.soal)).toEqual(['2 + 2 = 4, bukan ~5 # catatan.']);
  });

  it('refuses a question it cannot read by its name and line; the questions around it are read', () => {
    const { soal, tidakDidukung } = bacaGift(
      [
        '// bank soal',
        '::Satu::Ibu kota Bali?{=Denpasar}',
        '',
        '::Rusak::Pilih {=a ~b',
        '',
        '::Dua::2 + 2 = 4.{T}',
      ].join('\n'),
    );
    expect(soal.map((s) => s.type)).toEqual([2, 3]);
    expect(tidakDidukung).toEqual([
      {
        nama: 'Rusak',
        jenis: 'GIFT',
        tempat: 'line 4',
        alasan: expect.stringMatching(/^not valid GIFT at line 4, column \d+ \(/),
      },
    ]);
  });
});

describe('convert-soal', () => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'siaptes-gift-'));
    writeFileSync(path.join(dir, 'questions.gift.txt'), korpus('questions.gift.txt'));
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses Moodle's fixture by question, never as a file; --skip-unsupported converts the rest", async () => {
    const run = runner(ctx, dir);
    const refused = await run('convert-soal', 'questions.gift.txt');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      'questions.gift.txt: question "Q5" (Numerical, line 31): a range or tolerance; we score the exact number ' +
        '(--skip-unsupported converts the rest)',
    );
    expect(refused.err).not.toContain('not valid GIFT');
    const converted = await run('convert-soal', 'questions.gift.txt', '--skip-unsupported');
    expect(converted.code).toBe(0);
    expect((JSON.parse(converted.out) as unknown[]).length).toBe(5);
    expect(converted.err).toContain('skipped question "Moodle activities" (Matching, line 5)');
  });
});
