/**
 * Question HTML cleaned at import with the same profile the SPA applies before rendering (src/contract/htmlSoal.ts),
 * so what the database stores is already clean. DOMPurify needs a DOM; jsdom gives it one, created on first use
 * (only an import needs it, never the API's request path).
 */
import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { buatPembersihHtml } from '../../contract';

let pembersih: ((html: string) => string) | null = null;

export function bersihkanHtmlSoal(html: string): string {
  if (html === '') return html;
  // jsdom's window is a full DOM window; its type and DOMPurify's WindowLike differ only in lib.dom's details.
  pembersih ??= buatPembersihHtml(createDOMPurify(new JSDOM('').window as unknown as WindowLike));
  return pembersih(html);
}
