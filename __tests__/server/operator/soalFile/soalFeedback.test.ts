/**
 * Feedback in imported question files is never question or option text: the right answer's feedback (or the general
 * feedback) becomes the discussion, the other options' follow it labelled by option, and feedback shown only for a
 * wrong answer is left out. Real files from __tests__/fixtures/feedback (sources in its README).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bacaGift } from '../../../../src/server/operator/soalFile/gift';
import { bacaMoodleXml } from '../../../../src/server/operator/soalFile/moodleXml';
import { bacaQtiItem } from '../../../../src/server/operator/soalFile/qti';

const fixture = (name: string) =>
  readFileSync(path.join(__dirname, '../../../fixtures/feedback', name), 'utf8');
/** HTML as the words a student reads. */
const words = (html: string | undefined) =>
  (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('QTI', () => {
  it('feedbackInline inside the choices (qtiworks feedback.xml) stays out of the options', () => {
    const [soal] = bacaQtiItem(fixture('qti-feedback.xml'), new Map()).soal;
    expect(soal.type).toBe(1);
    if (soal.type !== 1) return;
    expect(Object.values(soal.opsi ?? {}).map(words)).toEqual([
      'George W Bush',
      'Tony Blair',
      'Vicente Fox',
      'Ariel Sharon',
    ]);
    expect(words(soal.soal)).toBe('Who is the President of Mexico?');
    expect(soal.kunci).toBe('C');
    // The right answer's feedback first, then the other options' by letter; "No, the correct answer is …" (shown
    // only to a wrong answer) is left out.
    expect(words(soal.pembahasan)).toBe(
      'Yes, that is correct. Yes. Pilihan A: No, he is the President of the USA. ' +
        'Pilihan B: No, he is the Prime Minister of England. Pilihan D: No, he is the Prime Minister of Israel.',
    );
    // Each a paragraph of its own, not one run-on sentence.
    expect(soal.pembahasan).toContain('<p>Yes.</p>');
    expect(soal.pembahasan).toMatch(
      /<p><strong>Pilihan A:<\/strong> No, he is the\s+President of the USA\.<\/p>/,
    );
  });

  it('feedbackBlock inside the choices stays out of the options too', () => {
    const xml = fixture('qti-feedback.xml').replace(/feedbackInline/g, 'feedbackBlock');
    const [soal] = bacaQtiItem(xml, new Map()).soal;
    if (soal.type !== 1) throw new Error(`type ${soal.type}`);
    expect(Object.values(soal.opsi ?? {}).map(words)).toEqual([
      'George W Bush',
      'Tony Blair',
      'Vicente Fox',
      'Ariel Sharon',
    ]);
    expect(words(soal.pembahasan)).toMatch(/^Yes, that is correct\. Yes\. Pilihan A: /);
  });

  it('modalFeedback for right and wrong: only the right one is the discussion', () => {
    const [soal] = bacaQtiItem(fixture('qti-modalFeedback.xml'), new Map()).soal;
    if (soal.type !== 1) throw new Error(`type ${soal.type}`);
    // A two-choice item: C and D stay empty.
    expect(Object.values(soal.opsi ?? {}).map(words)).toEqual(['True', 'False', '', '']);
    expect(words(soal.pembahasan)).toBe('correct');
  });
});

describe('Moodle XML', () => {
  it("an answer's <feedback> is never its text; general feedback, then the right answer's", () => {
    const { soal } = bacaMoodleXml(fixture('moodle-truefalse.xml'));
    expect(soal).toHaveLength(1);
    const [tf] = soal;
    if (tf.type !== 3) throw new Error(`type ${tf.type}`);
    expect(words(tf.soal)).toBe('The answer is true.');
    expect((tf.pernyataan ?? []).map((p) => p.teks)).toEqual(['Pernyataan di atas']);
    expect(words(tf.pembahasan)).toBe('You should have selected true. This is the right answer.');
  });
});

describe('GIFT', () => {
  it("`#` feedback is never option text; the right answer's first, the others by letter", () => {
    const { soal } = bacaGift(fixture('gift-questions_in_category.gift.txt'));
    const greeting = soal.find((s) => s.soal.includes('What language is being spoken?'));
    if (greeting?.type !== 1) throw new Error('no Greeting question of type 1');
    expect(Object.values(greeting.opsi ?? {}).map(words)).toEqual(['English', 'French', 'German', 'Spanish']);
    expect(greeting.kunci).toBe('B');
    expect(words(greeting.pembahasan)).toBe(
      'Yes, well done! Pilihan A: Sorry, listen again. Pilihan C: Sorry, listen again. Pilihan D: Sorry, listen again.',
    );
  });
});
