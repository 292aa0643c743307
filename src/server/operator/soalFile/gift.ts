/**
 * GIFT, Moodle's text format, read as Moodle reads it: cut into questions at blank lines (giftPotong.ts), each read
 * with gift-pegjs (a PEG grammar of the format) where Moodle's own grammar is wider (numerical feedback after `~`),
 * and mapped as Moodle XML is: one right option → type 1, true/false → type 3, one short answer → type 2, an exact
 * number → type 5, essay → type 4; text after the answers is Moodle's "missing word" (the blank `_____` stays in the
 * text). The general feedback (`####`) and the answers' (`#`) → pembahasan, never the text. `$CATEGORY:` lines and
 * descriptions are not questions. A piece the grammar cannot read is refused by its name and line.
 */
import { parse, type GIFTQuestion, type NumericalFormat, type TextFormat } from 'gift-pegjs';
import type { SoalFile } from '../paketFormat';
import {
  benarSalah,
  FileSoalRusak,
  hasilKosong,
  type HasilKonversi,
  namaSoal,
  pembahasanDariFeedback,
  pilihanGanda,
  teksKeHtml,
} from './konversi';
import { giftSeperMoodle, namaPotongan, potongGift, type PotonganGift } from './giftPotong';
import { markdownKeHtml } from './markdown';

/**
 * A GIFT text in its format as our HTML: `[html]` as written, `[plain]` as text, `[markdown]` rendered, and
 * Moodle's auto-format (the default) kept as HTML when it has tags, otherwise as text.
 */
function html(text: TextFormat | null | undefined): string {
  if (!text) return '';
  const body = text.text.trim();
  switch (text.format) {
    case 'html':
      return body;
    case 'plain':
      return teksKeHtml(body);
    case 'markdown':
      return markdownKeHtml(body);
    default:
      return /<[a-z][^>]*>/i.test(body) ? body : teksKeHtml(body);
  }
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

/** A piece's questions, read as Moodle's grammar allows; the parser's error when it cannot be read. */
function bacaPotongan(p: PotonganGift): GIFTQuestion[] | string {
  const coba = (teks: string) => parse(teks);
  try {
    return coba(p.teks);
  } catch (error) {
    const seperMoodle = giftSeperMoodle(p.teks);
    if (seperMoodle !== p.teks)
      try {
        return coba(seperMoodle);
      } catch {
        // The first error, on the text as written, is the one to show.
      }
    const where = (error as { location?: { start: { line: number; column: number } } }).location?.start;
    return `not valid GIFT${where ? ` at line ${p.baris + where.line - 1}, column ${where.column}` : ''} (${(error as Error).message})`;
  }
}

export function bacaGift(text: string): HasilKonversi {
  const hasil = hasilKosong('GIFT');
  for (const potongan of potongGift(text)) {
    const tempat = `line ${potongan.barisSoal}`;
    const questions = bacaPotongan(potongan);
    if (typeof questions === 'string') {
      hasil.tidakDidukung.push({
        nama: namaPotongan(potongan.teks),
        jenis: 'GIFT',
        tempat,
        alasan: questions,
      });
      continue;
    }
    for (const q of questions) bacaSatu(q, tempat, hasil);
  }
  const { soal, dilewati, tidakDidukung } = hasil;
  if (soal.length + dilewati.length + tidakDidukung.length === 0)
    throw new FileSoalRusak('has no GIFT questions');
  return hasil;
}

function bacaSatu(q: GIFTQuestion, tempat: string, hasil: HasilKonversi): void {
  if (q.type === 'Category') {
    hasil.dilewati.push(`category ${q.title} (not a question)`);
    return;
  }
  const teksSoal = html(q.stem);
  const nama = namaSoal(q.title, teksSoal);
  if (q.type === 'Description') {
    hasil.dilewati.push(`description "${nama}" (not a question)`);
    return;
  }
  const asal = { nama, jenis: q.type, tempat };
  const tolak = (alasan: string) => hasil.tidakDidukung.push({ ...asal, alasan });
  const ambil = (s: SoalFile) => {
    hasil.soal.push(s);
    hasil.asal.push(asal);
  };
  // `#` feedback is discussion only: the general feedback (`####`), then the right answer's.
  const umum = html(q.globalFeedback);
  const pembahasan = pembahasanDariFeedback([umum, feedbackBenar(q)]);
  const extra = pembahasan ? { pembahasan } : {};
  switch (q.type) {
    case 'MC': {
      const weights = q.choices.map((c) => bobot(c.weight, c.isCorrect));
      const right = weights.filter((w) => w === 100).length;
      if (q.choices.length > 5) tolak(`${q.choices.length} options; at most 5 (A–E)`);
      else if (q.choices.length < 2) tolak('fewer than two options');
      else if (right !== 1 || weights.some((w) => w !== 100 && w !== 0))
        tolak('partial or negative credit, or several right options; we score one right option, others 0');
      else
        ambil(
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
      return;
    }
    case 'TF':
      ambil(benarSalah(teksSoal, q.isTrue, pembahasan));
      return;
    case 'Short': {
      const right = q.choices.filter((c) => bobot(c.weight, c.isCorrect) === 100);
      if (right.length !== 1 || q.choices.some((c) => ![0, 100].includes(bobot(c.weight, c.isCorrect))))
        tolak('not exactly one accepted answer (or partial credit); we score one expected answer');
      else ambil({ type: 2, soal: teksSoal, kunci: right[0].text.text.trim(), ...extra });
      return;
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
      else ambil({ type: 5, soal: teksSoal, kunci: String(number), ...extra });
      return;
    }
    case 'Essay':
      ambil({ type: 4, soal: teksSoal, ...extra });
      return;
    default:
      tolak('this question type cannot be scored here');
  }
}
