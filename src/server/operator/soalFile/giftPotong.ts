/**
 * A GIFT file cut into questions as Moodle cuts it (qformat_default::readquestions): a question is a run of
 * non-blank lines, questions are parted by blank lines, `//` lines are comments. Each piece is then read on its own,
 * so one piece the grammar cannot read is refused by its name and line and the others still import.
 */
export interface PotonganGift {
  /** The piece as written, comment lines blanked (so the parser's line numbers stay the file's). */
  teks: string;
  /** The file's line (1-based) of the piece's first line. */
  baris: number;
  /** The file's line of its first line that is not a comment: where the question starts. */
  barisSoal: number;
}

const KOMENTAR = /^\s*\/\//;

export function potongGift(text: string): PotonganGift[] {
  const lines = text.split(/\r?\n/);
  const out: PotonganGift[] = [];
  let start = -1;
  const tutup = (end: number) => {
    if (start < 0) return;
    const piece = lines.slice(start, end);
    const first = piece.findIndex((l) => !KOMENTAR.test(l));
    if (first >= 0)
      out.push({
        teks: piece.map((l) => (KOMENTAR.test(l) ? '' : l)).join('\n'),
        baris: start + 1,
        barisSoal: start + first + 1,
      });
    start = -1;
  };
  lines.forEach((line, i) => {
    if (line.trim() === '') tutup(i);
    else if (start < 0) start = i;
  });
  tutup(lines.length);
  return out;
}

/** Index of the first `ch` at or after `from` that no backslash escapes, or -1. */
function cari(text: string, ch: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === ch) return i;
  }
  return -1;
}

/** `=`, `~` and `#` of a text outside the answers escaped, as Moodle reads them there: as themselves. */
const escapeTeks = (text: string) =>
  text.replace(/(\\.)|([=~#])/g, (whole, escaped?: string) => escaped ?? `\\${whole}`);

/**
 * Moodle's grammar where the GIFT library's is narrower. Moodle takes the question text to be everything before the
 * first unescaped `{` (after the `::title::`), so `=`, `~` and `#` there, or in the text after the answers, are
 * plain characters. And a numerical answer may be followed by feedback for any other number
 * (`{#3:2~#Completely wrong}`): Moodle keeps that as a 0 % answer "*", which scores nothing and is shown only to a
 * wrong answer, so it is no discussion: it is cut here and the number read as written.
 */
export function giftSeperMoodle(teks: string): string {
  const judul = /^\s*::/.test(teks) ? cari(teks, ':', teks.indexOf('::') + 2) : -1;
  const awalSoal = judul >= 0 && teks[judul + 1] === ':' ? judul + 2 : 0;
  const buka = cari(teks, '{', awalSoal);
  const tutupIdx = buka < 0 ? -1 : cari(teks, '}', buka + 1);
  if (tutupIdx < 0) return teks;
  let blok = teks.slice(buka + 1, tutupIdx);
  const tilde = /^\s*#(?!###)/.test(blok) ? cari(blok, '~', 0) : -1;
  if (tilde >= 0) blok = blok.slice(0, tilde);
  const format = /^\s*\[[a-z]+\]/.exec(teks.slice(awalSoal, buka))?.[0] ?? '';
  return (
    teks.slice(0, awalSoal) +
    format +
    escapeTeks(teks.slice(awalSoal + format.length, buka)) +
    `{${blok}}` +
    escapeTeks(teks.slice(tutupIdx + 1))
  );
}

/** A question's name in an unreadable piece: its `::title::`, or its first words. */
export function namaPotongan(teks: string): string {
  const title = /^\s*::([\s\S]*?[^\\])::/.exec(teks);
  if (title) return title[1].replace(/\\(.)/g, '$1').trim();
  const words = teks.replace(/\s+/g, ' ').trim();
  return words.length > 40 ? `${words.slice(0, 37)}...` : words;
}
