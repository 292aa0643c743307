/**
 * Moodle XML (a question bank's "Export" in Moodle XML format, root `<quiz>`) read with fast-xml-parser and mapped
 * to our questions: multichoice with one right answer and at most five options → type 1; truefalse → type 3 with
 * one statement; shortanswer → type 2; numerical with tolerance 0 → type 5; essay → type 4; the general feedback
 * and the answers' feedback → pembahasan (never the text). Categories and descriptions are not questions. Everything we would score differently from Moodle
 * is refused. Images `<file encoding="base64">` behind `@@PLUGINFILE@@/name` become data: images, which the
 * import moves into the content store; so does Moodle 1.9's `<image>` with its `<image_base64>`, after the text as
 * Moodle puts it, and a question whose `<image>` is not in the file is refused by name (never shown without it).
 * A question is named by its name, its `<idnumber>` and its line.
 */
import { XMLParser } from 'fast-xml-parser';
import { jenisGambar } from '../../konten/jenisGambar';
import {
  benarSalah,
  FileSoalRusak,
  type HasilKonversi,
  hasilKosong,
  namaSoal,
  pembahasanDariFeedback,
  pilihanGanda,
  teksKeHtml,
  type AsalSoal,
  type TidakDidukung,
} from './konversi';

type Node = Record<string, unknown>;

const DAFTAR = new Set(['question', 'answer', 'file', 'tag', 'unit', 'dataset_definition', 'subquestion']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (tagName) => DAFTAR.has(tagName),
});

const node = (x: unknown): Node =>
  x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Node) : {};
const list = (x: unknown): Node[] => (Array.isArray(x) ? x.map(node) : x === undefined ? [] : [node(x)]);
const teks = (x: unknown): string => {
  if (typeof x === 'string' || typeof x === 'number') return String(x);
  const text = node(x)['#text'];
  return typeof text === 'string' || typeof text === 'number' ? String(text) : '';
};
/** The `<text>` of an element such as `<questiontext>`. */
const textOf = (x: unknown): string => teks(node(x).text);
const attr = (x: unknown, name: string): string => String(node(x)[`@_${name}`] ?? '');

/** `@@PLUGINFILE@@/name` → the file's bytes as a data URI, from the `<file>` elements of the question. */
function denganBerkas(html: string, files: Map<string, string>): string {
  return html.replace(/@@PLUGINFILE@@\/([^"'\s)>]+)/g, (whole, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // A name that is not percent-encoded stands as written.
    }
    return files.get(decoded) ?? files.get(name) ?? whole;
  });
}

function berkasSoal(question: Node): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (x: unknown) => {
    if (Array.isArray(x)) x.forEach(visit);
    else if (x !== null && typeof x === 'object') {
      const n = x as Node;
      for (const f of list(n.file)) {
        if (attr(f, 'encoding') !== 'base64') continue;
        const bytes = Buffer.from(teks(f).replace(/\s+/g, ''), 'base64');
        const type = jenisGambar(bytes) ?? 'application/octet-stream';
        files.set(
          `${(attr(f, 'path') || '/').replace(/^\/|\/$/g, '')}/${attr(f, 'name')}`.replace(/^\//, ''),
          `data:${type};base64,${bytes.toString('base64')}`,
        );
      }
      for (const [key, value] of Object.entries(n)) if (key !== 'file') visit(value);
    }
  };
  visit(question);
  return files;
}

/** A Moodle text element as our HTML: its format honoured, its images inline. */
function html(element: unknown, files: Map<string, string>): string {
  const raw = textOf(element);
  const format = attr(element, 'format') || 'html';
  const body = format === 'html' || format === 'moodle_auto_format' ? raw : teksKeHtml(raw);
  return denganBerkas(body, files);
}

/** Moodle 1.9's image of a question: `<image>` names it, `<image_base64>` holds it. */
function gambarLama(q: Node): { html: string } | { hilang: string } | null {
  const name = teks(q.image).trim();
  const data = teks(q.image_base64).replace(/\s+/g, '');
  if (name === '' && data === '') return null;
  if (data === '') return { hilang: name };
  const bytes = Buffer.from(data, 'base64');
  const type = jenisGambar(bytes);
  if (type === null) return { hilang: name || '(unnamed)' };
  const alt = name.replace(/^.*\//, '').replace(/"/g, '&quot;');
  return { html: `<p><img src="data:${type};base64,${bytes.toString('base64')}" alt="${alt}"></p>` };
}

/** The line (1-based) of each index asked for, asked in increasing order: the file is counted through once. */
function penghitungBaris(xml: string): (index: number) => number {
  let line = 1;
  let last = 0;
  return (index) => {
    for (let i = last; i < index; i += 1) if (xml.charCodeAt(i) === 10) line += 1;
    last = index;
    return line;
  };
}

/** Each `<question>…</question>` of a file as written, with the line it starts on. */
function potongMoodleXml(xml: string): { teks: string; baris: number }[] {
  const baris = penghitungBaris(xml);
  return [...xml.matchAll(/<question[\s>][\s\S]*?<\/question>/g)].map((m) => ({
    teks: m[0],
    baris: baris(m.index),
  }));
}

/** The line of each `<question>` start tag, in document order. */
function barisPertanyaan(xml: string): number[] {
  const baris = penghitungBaris(xml);
  return [...xml.matchAll(/<question[\s>]/g)].map((m) => baris(m.index));
}

const fraksi = (answer: Node) => Number(attr(answer, 'fraction') || '0');

const pesanXml = (error: unknown) => (error as Error).message.split('\n')[0];

/** A question of the file, or one that is not well-formed XML, refused by its name and line. */
type Entri = { q: Node; baris?: number } | { rusak: TidakDidukung };

/**
 * The file's questions: all of it parsed at once, or, when it is not well-formed, each `<question>` on its own (as
 * a GIFT file is read per question), so one broken question is refused by name and the others can be imported.
 */
function entriMoodle(xml: string): Entri[] {
  try {
    const questions = list(node(node(parser.parse(xml, true)).quiz).question);
    const baris = barisPertanyaan(xml);
    return questions.map((q, i) => ({
      q,
      ...(baris.length === questions.length ? { baris: baris[i] } : {}),
    }));
  } catch (error) {
    const blok = potongMoodleXml(xml);
    if (blok.length === 0) throw new FileSoalRusak(`is not well-formed XML (${pesanXml(error)})`);
    return blok.map((b): Entri => {
      try {
        const [q] = list(node(node(parser.parse(`<quiz>${b.teks}</quiz>`, true)).quiz).question);
        return { q, baris: b.baris };
      } catch (rusak) {
        const nama = /<name>\s*<text>([\s\S]*?)<\/text>/.exec(b.teks)?.[1].trim() || '(untitled)';
        const jenis = /^<question\b[^>]*\btype="([^"]*)"/.exec(b.teks)?.[1] ?? 'question';
        return {
          rusak: {
            nama,
            jenis,
            tempat: `line ${b.baris}`,
            alasan: `is not well-formed XML (${pesanXml(rusak)})`,
          },
        };
      }
    });
  }
}

export function bacaMoodleXml(xml: string): HasilKonversi {
  const entri = entriMoodle(xml);
  const hasil = hasilKosong('Moodle XML');
  const { soal, dilewati, tidakDidukung } = hasil;

  for (const e of entri) {
    if ('rusak' in e) {
      tidakDidukung.push(e.rusak);
      continue;
    }
    const { q, baris } = e;
    const jenis = attr(q, 'type');
    if (jenis === 'category') {
      dilewati.push(`category ${textOf(q.category)} (not a question)`);
      continue;
    }
    const files = berkasSoal(q);
    const gambar = gambarLama(q);
    const teksSoal = html(q.questiontext, files) + (gambar && 'html' in gambar ? gambar.html : '');
    const nama = namaSoal(textOf(q.name), teksSoal);
    const idnumber = teks(q.idnumber).trim();
    const asal: AsalSoal = {
      nama,
      jenis,
      ...(idnumber ? { id: idnumber } : {}),
      ...(baris === undefined ? {} : { tempat: `line ${baris}` }),
    };
    const tolak = (alasan: string) => tidakDidukung.push({ ...asal, alasan });
    if (jenis === 'description') {
      dilewati.push(`description "${nama}" (not a question)`);
      continue;
    }
    if (gambar && 'hilang' in gambar) {
      tolak(`its image ${gambar.hilang} (Moodle 1.9 <image>) is not in the file as <image_base64>`);
      continue;
    }
    const sebelum = soal.length;
    const answers = list(q.answer);
    const benar = answers.filter((a) => fraksi(a) === 100);
    const sebagian = answers.filter((a) => fraksi(a) !== 100 && fraksi(a) !== 0);
    // Feedback is discussion only: the general feedback, then the right answer's (an answer's <feedback> is never
    // part of its option text).
    const umum = html(q.generalfeedback, files);
    const pembahasan = pembahasanDariFeedback([
      umum,
      benar.length === 1 ? html(benar[0].feedback, files) : '',
    ]);

    switch (jenis) {
      case 'multichoice': {
        if (teks(q.single) === 'false' || teks(q.single) === '0') {
          tolak('several answers may be chosen (multi-response); we score one right option');
        } else if (answers.length > 5) {
          tolak(`${answers.length} options; at most 5 (A–E)`);
        } else if (answers.length < 2) {
          tolak('fewer than two options');
        } else if (benar.length !== 1 || sebagian.length > 0) {
          tolak(
            'partial or negative credit, or not exactly one 100 % answer; we score one right option, others 0',
          );
        } else {
          soal.push(
            pilihanGanda(
              teksSoal,
              answers.map((a) => html(a, files)),
              answers.indexOf(benar[0]),
              pembahasanDariFeedback(
                [umum],
                answers.map((a) => html(a.feedback, files)),
                answers.indexOf(benar[0]),
              ),
            ),
          );
        }
        break;
      }
      case 'truefalse': {
        const kunci = benar[0] ? textOf(benar[0]).trim().toLowerCase() : '';
        if (benar.length !== 1 || (kunci !== 'true' && kunci !== 'false'))
          tolak('no 100 % answer true or false');
        else soal.push(benarSalah(teksSoal, kunci === 'true', pembahasan));
        break;
      }
      case 'shortanswer': {
        const kunci = benar[0] ? textOf(benar[0]).trim() : '';
        if (benar.length !== 1 || sebagian.length > 0)
          tolak('not exactly one 100 % answer (or partial credit); we score one expected answer');
        else if (kunci.includes('*')) tolak(`the answer "${kunci}" uses the * wildcard`);
        else if (teks(q.usecase) === '1') tolak('case-sensitive answers; we compare without case');
        else soal.push({ type: 2, soal: teksSoal, kunci, ...(pembahasan ? { pembahasan } : {}) });
        break;
      }
      case 'numerical': {
        const kunci = benar[0] ? textOf(benar[0]).trim() : '';
        const tolerance = benar[0] ? Number(teks(benar[0].tolerance) || '0') : 0;
        if (benar.length !== 1 || sebagian.length > 0)
          tolak('not exactly one 100 % answer (or partial credit); we score one number');
        else if (tolerance !== 0) tolak(`tolerance ${teks(benar[0].tolerance)}; we score the exact number`);
        else if (kunci === '*') tolak('any number is accepted (*)');
        else if (list(node(q.units).unit).length > 1) tolak('several units with multipliers');
        else soal.push({ type: 5, soal: teksSoal, kunci, ...(pembahasan ? { pembahasan } : {}) });
        break;
      }
      case 'essay': {
        const model = html(q.graderinfo, files);
        soal.push({
          type: 4,
          soal: teksSoal,
          ...(model ? { kunci: model } : {}),
          ...(pembahasan ? { pembahasan } : {}),
        });
        break;
      }
      default:
        tolak('this question type cannot be scored here');
    }
    if (soal.length > sebelum) hasil.asal.push(asal);
  }
  if (entri.length === 0) throw new FileSoalRusak('has no <question> in its <quiz>');
  return hasil;
}
