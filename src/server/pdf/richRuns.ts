/**
 * Question HTML read into the runs a PDF line layout places: text (bold/italic), math (its TeX), images (their
 * src) and breaks. Math typeset by KaTeX at import is taken back as the TeX in its MathML annotation and its
 * rendered HTML skipped, so a PDF never prints KaTeX's flattened glyphs or the TeX source as text; TeX still
 * between `\( \)`, `\[ \]` or `$$ $$` is math too, and so is bare MathML (a QTI item's `<math>`), kept as its
 * markup for MathJax's MathML input. Pure, no I/O.
 */
import { Parser } from 'htmlparser2';

export interface TextStyle {
  bold: boolean;
  italic: boolean;
}

export type Run =
  | { kind: 'text'; text: string; style: TextStyle }
  /** `tex` is the formula's TeX, or, for bare MathML (no TeX annotation), its `<math>` element's markup. */
  | { kind: 'math'; tex: string; display: boolean }
  | { kind: 'image'; src: string }
  /** A line break; `paragraph` leaves a blank half line. */
  | { kind: 'break'; paragraph: boolean };

const PLAIN: TextStyle = { bold: false, italic: false };
const BLOCKS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'table',
  'tr',
  'blockquote',
]);
const SKIPPED = new Set(['script', 'style', 'head', 'title']);
const BOLD = new Set(['b', 'strong', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const ITALIC = new Set(['i', 'em']);
const DELIMITED = /\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]|\$\$([\s\S]+?)\$\$/g;

const escapeXml = (text: string, quote = false) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(quote ? /"/g : /$^/, '&quot;');

const openTag = (name: string, attrs: Record<string, string>) =>
  `<${name}${Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(v, true)}"`)
    .join('')}>`;

export function textRun(text: string, style: TextStyle = PLAIN): Run {
  return { kind: 'text', text, style };
}

/** Text as HTML shows it (white space collapsed), with TeX delimiters turned into math runs. */
function textRuns(text: string, style: TextStyle): Run[] {
  const runs: Run[] = [];
  let last = 0;
  for (const match of text.matchAll(DELIMITED)) {
    if (match.index > last) runs.push(textRun(text.slice(last, match.index), style));
    const [, inline, display, dollars] = match;
    runs.push({ kind: 'math', tex: (inline ?? display ?? dollars).trim(), display: inline === undefined });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push(textRun(text.slice(last), style));
  return runs;
}

export function richRuns(html: string): Run[] {
  const runs: Run[] = [];
  /** Open elements, so a closing tag knows what it ends. */
  const stack: { name: string; katex?: 'inline' | 'display'; annotation?: boolean }[] = [];
  let skipDepth = 0;
  let katex: { display: boolean; depth: number; tex: string | null } | null = null;
  /** Bare MathML being copied: its markup so far and the depth of its `<math>`. */
  let mathml: { display: boolean; depth: number; markup: string } | null = null;
  let pendingText = '';

  const style = (): TextStyle => ({
    bold: stack.some((e) => BOLD.has(e.name)),
    italic: stack.some((e) => ITALIC.has(e.name)),
  });
  let pendingStyle = style();
  const flush = () => {
    if (pendingText !== '') runs.push(...textRuns(pendingText, pendingStyle));
    pendingText = '';
  };
  const pushBreak = (paragraph: boolean) => {
    flush();
    const last = runs.at(-1);
    if (!last) return; // nothing above it to break from
    if (last.kind === 'break') last.paragraph ||= paragraph;
    else runs.push({ kind: 'break', paragraph });
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const classes = (attrs.class ?? '').split(/\s+/);
        const entry: (typeof stack)[number] = { name };
        if (skipDepth > 0 || SKIPPED.has(name)) {
          skipDepth += 1;
          stack.push(entry);
          return;
        }
        if (katex) {
          // Inside KaTeX's output: only the TeX annotation is read; its HTML glyphs are never text.
          if (name === 'annotation' && attrs.encoding === 'application/x-tex') entry.annotation = true;
          stack.push(entry);
          return;
        }
        if (name === 'span' && (classes.includes('katex-display') || classes.includes('katex'))) {
          flush();
          katex = { display: classes.includes('katex-display'), depth: stack.length, tex: null };
          stack.push(entry);
          return;
        }
        if (mathml) {
          mathml.markup += openTag(name, attrs);
          stack.push(entry);
          return;
        }
        if (name === 'math') {
          // Bare MathML with no TeX: copied whole, typeset from MathML.
          flush();
          mathml = { display: attrs.display === 'block', depth: stack.length, markup: openTag(name, attrs) };
          stack.push(entry);
          return;
        }
        if (BLOCKS.has(name)) pushBreak(true);
        if (name === 'br') pushBreak(false);
        if (name === 'li') {
          pushBreak(false);
          flush();
          runs.push(textRun('- '));
        }
        if (name === 'img') {
          flush();
          runs.push({ kind: 'image', src: (attrs.src ?? '').trim() });
        }
        flush();
        stack.push(entry);
        pendingStyle = style();
      },
      ontext(text) {
        if (skipDepth > 0) return;
        if (mathml) {
          mathml.markup += escapeXml(text);
          return;
        }
        if (katex) {
          if (stack.at(-1)?.annotation) katex.tex = (katex.tex ?? '') + text;
          return;
        }
        pendingText += text;
      },
      onclosetag(name) {
        const entry = stack.pop();
        if (skipDepth > 0) {
          skipDepth -= 1;
          return;
        }
        if (katex && stack.length === katex.depth) {
          const tex = (katex.tex ?? '').trim();
          if (katex.display) pushBreak(false);
          if (tex !== '') runs.push({ kind: 'math', tex, display: katex.display });
          if (katex.display) pushBreak(false);
          katex = null;
          pendingStyle = style();
          return;
        }
        if (mathml) {
          mathml.markup += `</${name}>`;
          if (stack.length === mathml.depth) {
            if (mathml.display) pushBreak(false);
            runs.push({ kind: 'math', tex: mathml.markup, display: mathml.display });
            if (mathml.display) pushBreak(false);
            mathml = null;
            pendingStyle = style();
          }
          return;
        }
        if (katex) return;
        flush();
        if (entry && BLOCKS.has(name)) pushBreak(true);
        if (name === 'td' || name === 'th') pendingText += ' ';
        pendingStyle = style();
      },
    },
    { decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.end(html);
  flush();
  while (runs.at(-1)?.kind === 'break') runs.pop();
  return collapseSpaces(runs);
}

/** HTML white space: runs of spaces, tabs and newlines are one space, none at the start or end of a line. */
function collapseSpaces(runs: Run[]): Run[] {
  const out: Run[] = [];
  let atLineStart = true;
  for (const run of runs) {
    if (run.kind === 'break') {
      const last = out.at(-1);
      if (last?.kind === 'text') last.text = last.text.replace(/ $/, '');
      out.push(run);
      atLineStart = true;
      continue;
    }
    if (run.kind !== 'text') {
      out.push(run);
      atLineStart = run.kind === 'math' && run.display;
      continue;
    }
    let text = run.text.replace(/[ \t\n\r\f\u00a0]+/g, ' ');
    if (atLineStart) text = text.replace(/^ /, '');
    const last = out.at(-1);
    if (last?.kind === 'text' && last.text.endsWith(' ')) text = text.replace(/^ /, '');
    if (text === '') continue;
    out.push({ ...run, text });
    atLineStart = false;
  }
  const last = out.at(-1);
  if (last?.kind === 'text') last.text = last.text.replace(/ $/, '');
  return out.filter((r) => r.kind !== 'text' || r.text !== '');
}

/** The image addresses of some HTML, so their bytes can be loaded before a PDF is drawn. */
export function imageSources(html: string): string[] {
  return richRuns(html).flatMap((run) => (run.kind === 'image' ? [run.src] : []));
}
