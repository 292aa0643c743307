/**
 * Text for pdfkit's standard fonts: HTML → plain paragraphs, and Unicode → what the WinAnsi-encoded standard
 * fonts can draw (anything else would print as garbage), with readable ASCII stand-ins for common symbols.
 */

const NAMED_ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  le: '≤',
  ge: '≥',
  ne: '≠',
  times: '×',
  divide: '÷',
  minus: '−',
  plusmn: '±',
  deg: '°',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  middot: '·',
  bull: '•',
  rarr: '→',
  larr: '←',
  pi: 'π',
  alpha: 'α',
  beta: 'β',
  theta: 'θ',
  sup2: '²',
  sup3: '³',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Paragraph structure survives (block ends → blank line, <br> → newline, list items → "- "); tags go. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<img[^>]*>/gi, ' [gambar] ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|table|tr|blockquote)>/gi, '\n\n')
    .replace(/<\/t[dh]>/gi, '\t')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Stand-ins for characters the standard fonts lack (and a few they have but render poorly in Helvetica). */
const REPLACEMENTS: Record<string, string> = {
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '≈': '~',
  '±': '+/-',
  '−': '-',
  '–': '-',
  '—': '-',
  '‐': '-',
  '“': '"',
  '”': '"',
  '„': '"',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '…': '...',
  '•': '-',
  '·': '.',
  '½': '1/2',
  '¼': '1/4',
  '¾': '3/4',
  '⅓': '1/3',
  '⅔': '2/3',
  '→': '->',
  '←': '<-',
  '⇒': '=>',
  '⇔': '<=>',
  '√': 'akar ',
  '∞': 'tak hingga',
  π: 'pi',
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  θ: 'theta',
  Δ: 'delta',
  '∑': 'sigma',
  '€': 'EUR',
  '™': '(TM)',
  '\u200b': '',
  '\ufeff': '',
};

const DRAWABLE = /^[\x20-\x7e\n\t\u00a0-\u00ff]$/;

/** Every character the standard fonts can draw, the rest mapped to ASCII (accents dropped, unknown → '?'). */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) {
      out += replacement;
    } else if (DRAWABLE.test(char)) {
      out += char;
    } else if (char === '\r') {
      continue;
    } else {
      const stripped = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += stripped !== '' && [...stripped].every((c) => DRAWABLE.test(c)) ? stripped : '?';
    }
  }
  return out;
}

/** HTML of a question, option or discussion, ready for a standard-font PDF. */
export function pdfText(html: string): string {
  return toWinAnsi(htmlToText(html));
}
