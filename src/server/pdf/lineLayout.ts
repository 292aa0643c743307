/**
 * Runs of text, math and images placed on lines of one column width: words wrap, a math or image box sits on the
 * text's baseline, display math gets a centred line of its own, a break ends the line. Sizes come from a
 * `Measure`, so this stays pure (the PDF side measures with its fonts, a test with fixed numbers).
 */
import type { Run, TextStyle } from './richRuns';

/** A box on the baseline: `ascent` above it, `descent` below. */
export interface Box {
  width: number;
  ascent: number;
  descent: number;
}

export interface Measure {
  textWidth(text: string, style: TextStyle): number;
  /** The font's box for a line of text (ascent, descent; no width). */
  textBox(style: TextStyle): Omit<Box, 'width'>;
  /** Null when the TeX cannot be typeset: the layout then prints nothing of it as text. */
  math(tex: string, display: boolean): Box | null;
  /** Null when the image cannot be drawn (not loaded, not a PNG/JPEG/SVG): the layout prints a short note. */
  image(src: string, maxWidth: number): Box | null;
}

export type Placed =
  | { kind: 'text'; x: number; width: number; text: string; style: TextStyle }
  | { kind: 'math'; x: number; box: Box; tex: string; display: boolean }
  | { kind: 'image'; x: number; box: Box; src: string };

export interface Line {
  items: Placed[];
  width: number;
  ascent: number;
  descent: number;
  /** Extra space after the line (a paragraph ends). */
  gapAfter: number;
}

export const IMAGE_NOTE = '[gambar]';
/** A math expression the typesetter refused: said without its source. */
export const MATH_NOTE = '[rumus]';

/** Words with the space that follows them, so a line can end between any two. */
function words(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export function layoutLines(
  runs: Run[],
  width: number,
  measure: Measure,
  options: { paragraphGap: number },
): Line[] {
  const lines: Line[] = [];
  const base = measure.textBox({ bold: false, italic: false });
  let current: Line = newLine();

  function newLine(): Line {
    return { items: [], width: 0, ascent: base.ascent, descent: base.descent, gapAfter: 0 };
  }
  function endLine(gapAfter = 0) {
    const last = current.items.at(-1);
    if (last?.kind === 'text' && / $/.test(last.text)) {
      // A space at a line's end takes no room.
      const trimmed = last.text.replace(/ +$/, '');
      current.width -= last.width - measure.textWidth(trimmed, last.style);
      last.width = measure.textWidth(trimmed, last.style);
      last.text = trimmed;
    }
    current.gapAfter = gapAfter;
    lines.push(current);
    current = newLine();
  }
  function fits(w: number) {
    return current.items.length === 0 || current.width + w <= width + 0.01;
  }
  function grow(box: Omit<Box, 'width'>) {
    current.ascent = Math.max(current.ascent, box.ascent);
    current.descent = Math.max(current.descent, box.descent);
  }
  function placeText(text: string, style: TextStyle) {
    const w = measure.textWidth(text, style);
    if (!fits(w)) endLine();
    if (current.items.length === 0 && /^\s+$/.test(text)) return;
    const last = current.items.at(-1);
    if (last?.kind === 'text' && last.style.bold === style.bold && last.style.italic === style.italic) {
      last.text += text;
      last.width += w;
    } else {
      current.items.push({ kind: 'text', x: current.width, width: w, text, style });
    }
    current.width += w;
    grow(measure.textBox(style));
  }
  /** A word wider than the whole line is cut where it must be. */
  function placeWord(word: string, style: TextStyle) {
    if (measure.textWidth(word.trimEnd(), style) <= width) return placeText(word, style);
    let piece = '';
    for (const char of word) {
      if (piece !== '' && measure.textWidth(piece + char, style) > width) {
        placeText(piece, style);
        piece = '';
      }
      piece += char;
    }
    if (piece !== '') placeText(piece, style);
  }
  function placeBox(item: Placed & { box: Box }) {
    if (!fits(item.box.width)) endLine();
    current.items.push({ ...item, x: current.width });
    current.width += item.box.width;
    grow(item.box);
  }

  for (const run of runs) {
    if (run.kind === 'break') {
      const gap = run.paragraph ? options.paragraphGap : 0;
      const previous = lines.at(-1);
      // After a display formula the line has already ended: only the gap is added.
      if (current.items.length === 0 && previous) previous.gapAfter = Math.max(previous.gapAfter, gap);
      else endLine(gap);
    } else if (run.kind === 'text') {
      for (const word of words(run.text)) placeWord(word, run.style);
    } else if (run.kind === 'math') {
      const box = measure.math(run.tex, run.display);
      if (!box) {
        placeText(MATH_NOTE, { bold: false, italic: false });
      } else if (run.display) {
        if (current.items.length > 0) endLine();
        current.items.push({
          kind: 'math',
          x: Math.max(0, (width - box.width) / 2),
          box,
          tex: run.tex,
          display: true,
        });
        current.width = width;
        grow(box);
        endLine();
      } else {
        placeBox({ kind: 'math', x: 0, box, tex: run.tex, display: false });
      }
    } else {
      const box = measure.image(run.src, width);
      if (box) placeBox({ kind: 'image', x: 0, box, src: run.src });
      else placeText(IMAGE_NOTE, { bold: false, italic: false });
    }
  }
  if (current.items.length > 0) endLine();
  // Breaks with nothing after them leave no empty lines at the end.
  while (lines.length > 0 && lines.at(-1)?.items.length === 0) lines.pop();
  return lines;
}
