/**
 * Every file of the corpus (__tests__/fixtures/korpus, real files other people wrote; sources in its README) read
 * as the operator's tools read it: what we can score imported with its type and key, every other question refused by
 * its name, type, identifier or line and reason, never the file as a whole; images into the content store, MathML
 * and TeX as math. A file added to the corpus without an outcome here fails the first test.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { buildTestApp, type TestContext } from '../../../helpers/buildTestApp';
import { pngPolos } from '../../../helpers/gambar';
import { paketContoh, SISWA_CSV } from '../../../helpers/operatorFixtures';
import { runner } from '../../../helpers/operatorRun';
import type { PaketFile } from '../../../../src/server/operator/paketFormat';
import { bacaFileSoal, kalimatTidakDidukung } from '../../../../src/server/operator/soalFile/muatSoalFile';

jest.setTimeout(60_000);

const KORPUS = path.join(__dirname, '../../../fixtures/korpus');
const EXCEL_KOLOM = '(columns: type, soal, a, b, c, d, e, kunci, pembahasan, pernyataan)';
const PILIHAN = ' (or the options a–d, opsi_a–opsi_d, for multiple choice)';
const MULTI = 'several choices may be chosen (multi-response); we score one right option';
const TANPA_GAMBAR = (name: string) =>
  `its image ${name} is not in this file; import the item's content package (zip) instead`;

interface Hasil {
  format: string;
  /** [type, kunci] of each imported question, in order. */
  soal: [number, string][];
  /** Each refused question as the operator reads it. */
  ditolak: string[];
}

/** Each file's outcome: its questions and refusals, or (a string) why the file itself is not a question file. */
const HASIL: Record<string, Hasil | string> = {
  'excel/bimbel_template_soal.xlsx': `bimbel_template_soal.xlsx row 1 lacks the column(s) type${PILIHAN} ${EXCEL_KOLOM}`,
  // Its one row is the template's placeholder ("soal", "a", …, "jawaban_benar").
  'excel/puskomedia_template_soal.xlsx': {
    format: 'Excel',
    soal: [],
    ditolak: ['question "row 2" (type 1): the key "jawaban_benar" is no option letter A–E'],
  },
  'excel/puskomedia_template_user.xlsx': `puskomedia_template_user.xlsx row 1 lacks the column(s) type, soal${PILIHAN} ${EXCEL_KOLOM}`,
  'gift/questions.gift.txt': {
    format: 'GIFT',
    soal: [
      [4, ''],
      [1, 'A'],
      [3, ''],
      [3, ''],
      [3, ''],
    ],
    ditolak: [
      'question "Moodle activities" (Matching, line 5): this question type cannot be scored here',
      'question "colours" (MC, line 22): partial or negative credit, or several right options; we score one right ' +
        'option, others 0',
      'question "Q5" (Numerical, line 31): a range or tolerance; we score the exact number',
      'question "Shortanswer" (Short, line 34): not exactly one accepted answer (or partial credit); we score one ' +
        'expected answer',
    ],
  },
  'gift/questions_in_category.gift.txt': {
    format: 'GIFT',
    soal: [
      [1, 'B'],
      [2, 'Moodler'],
      [3, ''],
    ],
    ditolak: ['question "Moodle activities" (Matching, line 5): this question type cannot be scored here'],
  },
  'moodle/error_invalid_grades.xml': {
    format: 'Moodle XML',
    soal: [],
    ditolak: [
      'question "Question with <strong>invalid grades</strong> : x > 1 & x < 2" (multichoice, line 4): several ' +
        'answers may be chosen (multi-response); we score one right option',
    ],
  },
  'moodle/multianswer.xml': {
    format: 'Moodle XML',
    soal: [],
    ditolak: ['question "cloze with images" (cloze, line 12): this question type cannot be scored here'],
  },
  'moodle/nested_categories_with_questions.xml': {
    format: 'Moodle XML',
    soal: [
      [3, ''],
      [4, ''],
      [3, ''],
      [3, ''],
      [3, ''],
    ],
    ditolak: [],
  },
  'moodle/type_essay_testquestion.moodle.xml': { format: 'Moodle XML', soal: [[4, '']], ditolak: [] },
  'moodle/type_multichoice_testquestion.moodle.xml': {
    format: 'Moodle XML',
    soal: [],
    ditolak: [
      'question "Multi-choice-001" (multichoice, line 12): several answers may be chosen (multi-response); we ' +
        'score one right option',
    ],
  },
  'moodle/type_shortanswer_testquestion.moodle.xml': {
    format: 'Moodle XML',
    soal: [],
    ditolak: [
      'question "shortanswer-001" (shortanswer, line 12): not exactly one 100 % answer (or partial credit); we ' +
        'score one expected answer',
    ],
  },
  'moodle/type_truefalse_testquestion.moodle.xml': { format: 'Moodle XML', soal: [[3, '']], ditolak: [] },
  // Nine items titled "Getting Started", several with one identifier: told apart by their file.
  'qti/WebDeveloperTest1.zip': {
    format: 'QTI content package',
    soal: [
      [1, 'C'],
      [1, 'A'],
      [1, 'C'],
      [1, 'D'],
      [1, 'D'],
      [1, 'A'],
    ],
    ditolak: [
      `question "Getting Started" (choiceInteraction, id choiceMultiple, question5.xml): ${MULTI}`,
      'question "Getting Started" (inlineChoiceInteraction + inlineChoiceInteraction, id inlineChoice, ' +
        'question8.xml): several interactions in one item',
      `question "Getting Started" (choiceInteraction, id choiceMultiple, question9.xml): ${MULTI}`,
    ],
  },
  // A single item names images/sign.png, which only its package would carry: refused, never shown without it.
  'qti/choice.xml': {
    format: 'QTI',
    soal: [],
    ditolak: [
      `question "Unattended Luggage" (choiceInteraction, id choice): ${TANPA_GAMBAR('images/sign.png')}`,
    ],
  },
  'qti/choice_fixed.xml': {
    format: 'QTI',
    soal: [],
    ditolak: [
      `question "Unattended Luggage" (choiceInteraction, id choice): ${TANPA_GAMBAR('images/sign.png')}`,
    ],
  },
  'qti/choice_multiple.xml': {
    format: 'QTI',
    soal: [],
    ditolak: [`question "Composition of Water" (choiceInteraction, id choiceMultiple): ${MULTI}`],
  },
  // The postcard is an <object type="image/png">: an image too.
  'qti/extended_text.xml': {
    format: 'QTI',
    soal: [],
    ditolak: [
      `question "Writing a Postcard" (extendedTextInteraction, id extendedText): ${TANPA_GAMBAR('images/postcard.png')}`,
    ],
  },
  'qti/hottext.xml': {
    format: 'QTI',
    soal: [],
    ditolak: [
      'question "Identifying Sentence Errors" (hottextInteraction, id IMS00004_StemError): this interaction ' +
        'cannot be scored here',
    ],
  },
  'qti/inline_choice.xml': {
    format: 'QTI',
    soal: [],
    ditolak: [
      'question "Richard III (Take 2)" (inlineChoiceInteraction, id inlineChoice): this interaction cannot be ' +
        'scored here',
    ],
  },
  'qti/match.xml': {
    format: 'QTI',
    soal: [],
    ditolak: [
      'question "Characters and Plays" (matchInteraction, id match): this interaction cannot be scored here',
    ],
  },
  'qti/math.xml': { format: 'QTI', soal: [[1, 'A']], ditolak: [] },
  'qti/modalFeedback.xml': { format: 'QTI', soal: [[1, 'A']], ditolak: [] },
  'qti/order.xml': {
    format: 'QTI',
    soal: [],
    ditolak: [
      'question "Grand Prix of Bahrain" (orderInteraction, id order): this interaction cannot be scored here',
    ],
  },
  'qti/text_entry.xml': {
    format: 'QTI',
    soal: [],
    ditolak: [
      'question "Richard III (Take 3)" (textEntryInteraction, id textEntry): partial credit ("york" 0.5); we ' +
        'score one answer, right or wrong',
    ],
  },
};

const fileKorpus = () =>
  readdirSync(KORPUS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(path.join(KORPUS, d.name)).map((f) => `${d.name}/${f}`))
    .sort();

it('has an outcome for every file of the corpus', () => {
  expect(fileKorpus()).toEqual(Object.keys(HASIL).sort());
});

it.each(Object.entries(HASIL))('%s', async (file, expected) => {
  const hasil = await bacaFileSoal(path.join(KORPUS, file));
  if (typeof expected === 'string') {
    expect(hasil).toBe(expected);
    return;
  }
  if (typeof hasil === 'string') throw new Error(hasil);
  expect({
    format: hasil.format,
    soal: hasil.soal.map((s) => [s.type, s.kunci ?? '']),
    ditolak: hasil.tidakDidukung.map(kalimatTidakDidukung),
  }).toEqual(expected);
});

it('a Moodle XML file with one broken question is read per question: that one refused by name and line', async () => {
  // nested_categories_with_questions.xml with one closing tag lost, as a hand edit loses it.
  const xml = readFileSync(path.join(KORPUS, 'moodle/nested_categories_with_questions.xml'), 'utf8').replace(
    /(Testing Kappa Question<\/p>\]\]><\/text>\s*)<\/questiontext>/,
    '$1',
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'siaptes-rusak-'));
  try {
    writeFileSync(path.join(dir, 'rusak.xml'), xml);
    const hasil = await bacaFileSoal(path.join(dir, 'rusak.xml'));
    if (typeof hasil === 'string') throw new Error(hasil);
    expect(hasil.soal.map((s) => [s.type, s.soal])).toEqual([
      [3, '<p>Testing Iota Question</p>'],
      [4, 'Testing Kappa Essay Question'],
      [3, '<p>Testing Lambda Question</p>'],
      [3, '<p>Testing Mu Question</p>'],
    ]);
    expect(hasil.tidakDidukung.map(kalimatTidakDidukung)).toEqual([
      expect.stringMatching(
        /^question "Kappa Question" \(truefalse, line 83\): is not well-formed XML \(.+\)$/,
      ),
    ]);
    expect(hasil.dilewati).toHaveLength(4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('imported', () => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'siaptes-korpus-'));
    writeFileSync(path.join(dir, 'kelas.csv'), SISWA_CSV);
    expect((await runner(ctx, dir)('import-siswa', 'kelas.csv')).code).toBe(0);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A package with one subject per question file. */
  function paketDengan(files: string[], nomor: number): PaketFile {
    const paket = paketContoh(ctx.clock.now(), ['budi.santoso'], { paket: nomor });
    const { soal: _unused, ...rest } = paket.kategori[0].mapel[0];
    paket.kategori = [paket.kategori[0]];
    paket.kategori[0].mapel = files.map(
      (file, i) =>
        ({ ...rest, nama: `Korpus ${i + 1}`, soal_file: file }) as unknown as typeof rest & { soal: [] },
    );
    return paket;
  }

  const soalMapel = (nama: string) =>
    ctx.db
      .selectFrom('soal')
      .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
      .select(['soal.type', 'soal.soal', 'soal.a', 'soal.kunci'])
      .where('mapel.nama', '=', nama)
      .orderBy('soal.nomor')
      .execute();

  it('every question file of the corpus in one package: refused by question, then imported with --skip-unsupported', async () => {
    const files = fileKorpus().filter(
      (f) => typeof HASIL[f] !== 'string' && (HASIL[f] as Hasil).soal.length > 0,
    );
    for (const f of files)
      writeFileSync(path.join(dir, path.basename(f)), readFileSync(path.join(KORPUS, f)));
    writeFileSync(
      path.join(dir, 'korpus.json'),
      JSON.stringify(
        paketDengan(
          files.map((f) => path.basename(f)),
          91,
        ),
      ),
    );
    const run = runner(ctx, dir);
    const refused = await run('import-paket', 'korpus.json');
    expect(refused.code).toBe(1);
    const expected = files.flatMap((f) => (HASIL[f] as Hasil).ditolak);
    const problems = refused.err.split('\n').filter((l) => l.startsWith('korpus.json'));
    expect(problems).toHaveLength(expected.length);
    for (const line of expected) expect(problems.some((p) => p.includes(line))).toBe(true);

    const result = await run('import-paket', 'korpus.json', '--skip-unsupported');
    expect(result.code).toBe(0);
    const total = files.reduce((n, f) => n + (HASIL[f] as Hasil).soal.length, 0);
    expect(result.out).toContain(`${files.length} subjects, ${total} questions`);

    // The package's directory.jpg (question4.xml) is served from the content store, typed by its bytes: a GIF.
    const web = await soalMapel(`Korpus ${files.indexOf('qti/WebDeveloperTest1.zip') + 1}`);
    const images = web.flatMap((s) =>
      [...s.soal.matchAll(/<img src="\/konten\/([0-9a-f]{64})"/g)].map((m) => m[1]),
    );
    expect(images).toHaveLength(1);
    const served = await ctx.app.inject({ method: 'GET', url: `/konten/${images[0]}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    // MathML stays math (E = mc²), not flattened text.
    const [math] = await soalMapel(`Korpus ${files.indexOf('qti/math.xml') + 1}`);
    expect(math.soal).toMatch(/<math[^>]*>[\s\S]*<msup>\s*<mi>c<\/mi>\s*<mn>2<\/mn>\s*<\/msup>/);
    expect(math.a).toBe('Einstein');
  });

  it("a QTI item with its image in a content package imports with the image (the corpus's choice.xml)", async () => {
    const png = pngPolos(6, 2, [10, 120, 200]);
    const manifest =
      '<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><resources>' +
      '<resource identifier="choice" type="imsqti_item_xmlv2p1" href="choice.xml"><file href="choice.xml"/></resource>' +
      '</resources></manifest>';
    writeFileSync(
      path.join(dir, 'choice.zip'),
      zipSync({
        'imsmanifest.xml': Buffer.from(manifest),
        'choice.xml': readFileSync(path.join(KORPUS, 'qti/choice.xml')),
        'images/sign.png': png,
      }),
    );
    writeFileSync(path.join(dir, 'choice.json'), JSON.stringify(paketDengan(['choice.zip'], 92)));
    const result = await runner(ctx, dir)('import-paket', 'choice.json');
    expect(result.code).toBe(0);
    const soal = await ctx.db
      .selectFrom('soal')
      .select('soal')
      .where('soal', 'like', '%What does it say?%')
      .executeTakeFirstOrThrow();
    const image = /<img src="\/konten\/([0-9a-f]{64})" alt="NEVER LEAVE LUGGAGE UNATTENDED"/.exec(soal.soal);
    expect(image).not.toBeNull();
    const served = await ctx.app.inject({ method: 'GET', url: `/konten/${image![1]}` });
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('the student template of the corpus is no student list of ours: import-siswa says which columns it lacks', async () => {
    writeFileSync(
      path.join(dir, 'user.xlsx'),
      readFileSync(path.join(KORPUS, 'excel/puskomedia_template_user.xlsx')),
    );
    const refused = await runner(ctx, dir)('import-siswa', 'user.xlsx');
    expect(refused.code).toBe(1);
    expect(refused.err.split('\n')[0]).toBe(
      'user.xlsx line 1: unknown column "no_telpon" (the columns are: username, nama_lengkap, nama_panggilan, ' +
        'lembaga, id_program, minat, sekolah, kelas, jenjang, kurikulum, no_telp, no_telp_ortu, email, alamat, password)',
    );
  });
});
