/**
 * Question HTML cleaned at import with the same profile the SPA applies before rendering (src/contract/htmlSoal.ts),
 * so what the database stores is already clean; and SVG images cleaned before they enter the content store. DOMPurify
 * needs a DOM; jsdom gives it one, created on first use (only an import needs it, never the API's request path).
 */
import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { buatPembersihHtml } from '../../contract';

let pembersih: ((html: string) => string) | null = null;

/** A DOMPurify of its own (hooks are per instance) on a jsdom window. */
function purifyBaru(): { purify: DOMPurify; window: JSDOM['window'] } {
  const { window } = new JSDOM('');
  // jsdom's window is a full DOM window; its type and DOMPurify's WindowLike differ only in lib.dom's details.
  return { purify: createDOMPurify(window as unknown as WindowLike), window };
}

export function bersihkanHtmlSoal(html: string): string {
  if (html === '') return html;
  pembersih ??= buatPembersihHtml(purifyBaru().purify);
  return pembersih(html);
}

/** A reference that leaves the file: any `url(` but `url(#…)`, any CSS escape, `@import`, `expression(`. */
const SVG_MEMUAT_LUAR = /[\\]|@import|expression\s*\(|(url|image|image-set|src)\s*\(\s*(?!['"]?#)/i;

/**
 * What an SVG image may keep: its drawing, its own styles and references inside the file (`#id`: gradients,
 * markers, clip paths). Not scripts, event handlers, `<foreignObject>` (HTML inside), links, nor anything that loads
 * from elsewhere (`<image>`, `<use>` of another file, `href`/`url()` to an address, `@import`).
 */
const KONFIGURASI_SVG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  ADD_TAGS: ['style'],
  FORBID_TAGS: [
    'script',
    'foreignobject',
    'image',
    'feimage',
    'a',
    'iframe',
    'audio',
    'video',
    'animate',
    'set',
  ],
  RETURN_DOM_FRAGMENT: true,
};

let svgBersih: ((svg: string) => string | null) | null = null;

function buatPembersihSvg(): (svg: string) => string | null {
  const { purify, window } = purifyBaru();
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const lokal = data.attrValue.trim().startsWith('#');
    if ((name === 'href' || name === 'xlink:href') && !lokal) data.keepAttr = false;
    else if (SVG_MEMUAT_LUAR.test(data.attrValue)) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeElements', (node) => {
    // A style sheet that imports or points elsewhere is emptied: the drawing keeps its shapes.
    if (node.nodeName.toLowerCase() === 'style' && SVG_MEMUAT_LUAR.test(node.textContent ?? ''))
      node.textContent = '';
  });
  const serializer = new window.XMLSerializer();
  return (svg) => {
    const fragment = purify.sanitize(svg, KONFIGURASI_SVG) as unknown as DocumentFragmentSvg;
    const root = fragment.firstElementChild;
    if (!root || root.nodeName.toLowerCase() !== 'svg') return null;
    // The root element itself (typed here as the little this file reads of it).
    return serializer.serializeToString(root as Parameters<typeof serializer.serializeToString>[0]);
  };
}

/** The part of jsdom's DocumentFragment read here (the server compiles without lib.dom). */
interface DocumentFragmentSvg {
  firstElementChild: { nodeName: string } | null;
}

/**
 * An SVG image as the content store keeps it: the same drawing without scripts, event handlers or outside
 * references, as well-formed XML. Null when the bytes hold no `<svg>` at all.
 */
export function bersihkanSvg(svg: string): string | null {
  svgBersih ??= buatPembersihSvg();
  return svgBersih(svg);
}
