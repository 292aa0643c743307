/**
 * GIFT, Moodle's text format, read with gift-pegjs (a PEG grammar of the format) and mapped as Moodle XML is:
 * one right option → type 1, true/false → type 3, one short answer → type 2, an exact number → type 5, essay →
 * type 4, the general feedback (`####`) and the answers' (`#`) → pembahasan, never the text. `$CATEGORY:` lines and descriptions are not questions.
 */
import { parse, type GIFTQuestion, type NumericalFormat, type TextFormat } from 'gift-pegjs';
import type { SoalFile } from '../paketFormat';
import {
  benarSalah,
  FileSoalRusak,
  type HasilKonversi,
  namaSoal,
  pembahasanDariFeedback,
  pilihanGanda,
  teksKeHtml,
  type TidakDidukung,
} from './konversi';

/** GIFT text is Moodle's auto-format by default: HTML is kept as written, a plain line becomes HTML. */
function html(text: TextFormat | null | undefined): string {
  if (!text) return '';
  const body = text.text.trim();
  if (text.format === 'html' || /<[a-z][^>]*>/i.test(body)) return body;
  return teksKeHtml(body);
}

const bobot = (weight: number | null, isCorrect: boolean) => weight ?? (isCorrect ? 100 : 0);

/** The exact number of a numerical answer, or null when it accepts a range. */
function angkaTepat(format: NumericalFormat): number | null {
  if (format.type === 'simple' && format.number !== undefined && (format.range ?? 0) === 0)
    return format.number;
  if (format.type === 'high-low' && format.numberHigh !== undefined && format.numberHigh === format.numberLow)
    return format.numberHigh;
  if (format.type === 'range' && format.number !== undefined && (format.range ?? 0) === 0)
    return format.number;
  return null;
}

/** The feedback of a question's right answer: the true/false one, or the one choice worth 100 %. */
function feedbackBenar(q: GIFTQuestion): string {
  if (q.type === 'TF') return html(q.isTrue ? q.trueFeedback : q.falseFeedback);
  if (q.type !== 'MC' && q.type !== 'Short' && q.type !== 'Numerical') return '';
  const choices = Array.isArray(q.choices) ? q.choices : [];
  const right = choices.filter((c) => bobot(c.weight, c.isCorrect) === 100);
  return right.length === 1 ? html(right[0].feedback) : '';
}

export function bacaGift(text: string): HasilKonversi {
  let questions: GIFTQuestion[];
  try {
    questions = parse(text);
  } catch (error) {
    const where = (error as { location?: { start: { line: number; column: number } } }).location?.start;
    throw new FileSoalRusak(
      `is not valid GIFT${where ? ` at line ${where.line}, column ${where.column}` : ''} (${(error as Error).message})`,
    );
  }
  const soal: SoalFile[] = [];
  const dilewati: string[] = [];
  const tidakDidukung: TidakDidukung[] = [];
  for (const q of questions) {
    if (q.type === 'Category') {
      dilewati.push(`category ${q.title} (not a question)`);
      continue;
    }
    const teksSoal = html(q.stem);
    const nama = namaSoal(q.title, teksSoal);
    if (q.type === 'Description') {
      dilewati.push(`description "${nama}" (not a question)`);
      continue;
    }
    const tolak = (alasan: string) => tidakDidukung.push({ nama, jenis: q.type, alasan });
    // `#` feedback is discussion only: the general feedback (`####`), then the right answer's.
    const umum = html(q.globalFeedback);
    const pembahasan = pembahasanDariFeedback([umum, feedbackBenar(q)]);
    const extra = pembahasan ? { pembahasan } : {};
    if (q.hasEmbeddedAnswers) {
      tolak('answers inside the text (cloze) cannot be scored here');
      continue;
    }
    switch (q.type) {
      case 'MC': {
        const weights = q.choices.map((c) => bobot(c.weight, c.isCorrect));
        const right = weights.filter((w) => w === 100).length;
        if (q.choices.length > 5) tolak(`${q.choices.length} options; at most 5 (A–E)`);
        else if (q.choices.length < 2) tolak('fewer than two options');
        else if (right !== 1 || weights.some((w) => w !== 100 && w !== 0))
          tolak('partial or negative credit, or several right options; we score one right option, others 0');
        else
          soal.push(
            pilihanGanda(
              teksSoal,
              q.choices.map((c) => html(c.text)),
              weights.indexOf(100),
              pembahasanDariFeedback(
                [umum],
                q.choices.map((c) => html(c.feedback)),
                weights.indexOf(100),
              ),
            ),
          );
        break;
      }
      case 'TF':
        soal.push(benarSalah(teksSoal, q.isTrue, pembahasan));
        break;
      case 'Short': {
        const right = q.choices.filter((c) => bobot(c.weight, c.isCorrect) === 100);
        if (right.length !== 1 || q.choices.some((c) => ![0, 100].includes(bobot(c.weight, c.isCorrect))))
          tolak('not exactly one accepted answer (or partial credit); we score one expected answer');
        else soal.push({ type: 2, soal: teksSoal, kunci: right[0].text.text.trim(), ...extra });
        break;
      }
      case 'Numerical': {
        const choices = Array.isArray(q.choices)
          ? q.choices
          : [{ isCorrect: true, weight: null, text: q.choices }];
        const right = choices.filter((c) => bobot(c.weight, c.isCorrect) === 100);
        const number = right.length === 1 ? angkaTepat(right[0].text) : null;
        if (right.length !== 1 || choices.length !== 1)
          tolak('several answers or partial credit; we score one number');
        else if (number === null) tolak('a range or tolerance; we score the exact number');
        else soal.push({ type: 5, soal: teksSoal, kunci: String(number), ...extra });
        break;
      }
      case 'Essay':
        soal.push({ type: 4, soal: teksSoal, ...extra });
        break;
      default:
        tolak('this question type cannot be scored here');
    }
  }
  if (soal.length + dilewati.length + tidakDidukung.length === 0)
    throw new FileSoalRusak('has no GIFT questions');
  return { format: 'GIFT', soal, dilewati, tidakDidukung };
}
