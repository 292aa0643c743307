/**
 * TeX in question HTML typeset once, at import, with KaTeX: `\( … \)` inline, `\[ … \]` and `$$ … $$` displayed.
 * An empty pair (`\(\)`, `$$ $$`, which TeX-to-Moodle exporters put before texts) is dropped: it is no math and no
 * error, and it never pairs with the next expression's delimiters.
 * The output carries KaTeX's HTML (what the eye reads, styled by katex.css in the SPA) and its MathML (what a screen
 * reader reads), so the sheet runs no script for it. The source stays inside the MathML annotation, where the PDFs
 * read it back. Pure, no I/O.
 */
import katex from 'katex';

/** TeX between its delimiters, the three forms in turn (an empty pair included: it is dropped). */
export const DELIMITED = /\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]|\$\$([\s\S]*?)\$\$/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The TeX as written in HTML source: tags a rich-text editor put inside dropped, entities read. */
function texOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      return String.fromCodePoint(
        name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    });
}

export interface TexHasil {
  html: string;
  /** KaTeX's message for each expression it could not typeset (with the expression). */
  salah: string[];
}

export function typesetTex(html: string): TexHasil {
  const salah: string[] = [];
  const out = html.replace(DELIMITED, (whole, inline?: string, display?: string, dollars?: string) => {
    const tex = texOf(inline ?? display ?? dollars ?? '');
    if (tex.trim() === '') return '';
    try {
      return katex.renderToString(tex, {
        displayMode: inline === undefined,
        output: 'htmlAndMathml',
        throwOnError: true,
        // No \href, \url, \includegraphics: a question links nowhere.
        trust: false,
        strict: 'ignore',
      });
    } catch (error) {
      salah.push(
        `TeX ${whole.trim()} cannot be typeset (${(error as Error).message.replace(/^KaTeX parse error: /, '')})`,
      );
      return whole;
    }
  });
  return { html: out, salah };
}
