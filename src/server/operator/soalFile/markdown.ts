/**
 * The Markdown a GIFT text marked `[markdown]` is written in, as HTML (Moodle renders it with Markdown Extra): the
 * inline marks a question uses — `**strong**`, `*em*` / `_em_`, `` `code` ``, `[text](http…)` — paragraphs at blank
 * lines, a line break at a line ending in two spaces. HTML written inside stays HTML (Markdown allows it) and is
 * cleaned with the question profile at import; TeX between its delimiters is left exactly as written.
 */
import { DELIMITED as TEX } from '../../konten/tex';

const escapeHtml = (text: string) => text.replace(/&(?![a-z]+;|#\d+;|#x[0-9a-f]+;)/gi, '&amp;');

function inline(text: string): string {
  return text
    .replace(/`([^`]+)`/g, (_, code: string) => `<code>${code.replace(/</g, '&lt;')}</code>`)
    .replace(
      /\*\*(?=\S)([\s\S]*?\S)\*\*|__(?=\S)([\s\S]*?\S)__/g,
      (_, a?: string, b?: string) => `<strong>${a ?? b}</strong>`,
    )
    .replace(
      /\*(?=\S)([^*]*?\S)\*|\b_(?=\S)([^_]*?\S)_\b/g,
      (_, a?: string, b?: string) => `<em>${a ?? b}</em>`,
    )
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2">$1</a>')
    .replace(/ {2,}\n/g, '<br>\n');
}

export function markdownKeHtml(markdown: string): string {
  const tex: string[] = [];
  // TeX out of the way of the marks (`a_1 * b_2` is no emphasis), back in after (private-use marks hold its place).
  const guarded = markdown.replace(TEX, (whole) => `\uE000${tex.push(whole) - 1}\uE001`);
  const html = guarded
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const body = inline(escapeHtml(block.trim()));
      return /^<(p|div|ul|ol|table|h[1-6]|blockquote|pre)\b/i.test(body) ? body : `<p>${body}</p>`;
    })
    .join('\n');
  return html.replace(/\uE000(\d+)\uE001/g, (_, i: string) => tex[Number(i)]);
}
