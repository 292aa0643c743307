/**
 * The one profile for question HTML (questions, options, statements, discussions), applied by the server when a
 * package is imported and again by the SPA before it renders. Both tiers hand their own DOMPurify instance to
 * `buatPembersihHtml`, so the rules below cannot drift apart.
 *
 * What a question may carry: text markup, tables, lists, links, images from our content store, and KaTeX's output
 * (its HTML with inline sizes and offsets, its SVG strokes, its MathML with the TeX annotation). What it may not:
 * anything a student can fill in or press (forms, inputs, buttons), anything that runs or embeds another page
 * (scripts, event handlers, iframes, objects), anything that loads from another site when the question is shown
 * (every address but our content store's and a `data:` image: external images, CSS `url()` in styles and in SVG
 * paint such as `fill="url(…)"`, `href`/`xlink:href` outside a link, MathML `src`, media, SVG `<image>`/`<use>`),
 * and anything that lifts itself out of the article (CSS positioning, stacking, transforms, large negative offsets,
 * the page's own overlay and positioning classes). A link (`<a href>`) stays: it loads nothing until it is followed.
 */
import type { Config, DOMPurify } from 'dompurify';

/** Elements removed with their content (DOMPurify's HTML, SVG and MathML lists are the base). */
export const TAG_DILARANG: readonly string[] = [
  // Something to fill in or press.
  'form',
  'input',
  'button',
  'select',
  'option',
  'optgroup',
  'textarea',
  'datalist',
  'output',
  // Another page, a script, or the page's own styles.
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'style',
  'link',
  'meta',
  'base',
  'template',
  // Loads from elsewhere, or opens above the page.
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'dialog',
  'image',
  'use',
  'feimage',
  'foreignobject',
];

/** Attributes removed everywhere (DOMPurify already removes every `on…` event handler). */
export const ATRIBUT_DILARANG: readonly string[] = [
  'id',
  'name',
  'srcset',
  'sizes',
  'background',
  'poster',
  'action',
  'formaction',
  'ping',
  'usemap',
  'longdesc',
  'tabindex',
  'accesskey',
  'autofocus',
  'contenteditable',
  'popover',
  'popovertarget',
  'popovertargetaction',
];

const GAMBAR_KONTEN = /^\/konten\/[0-9a-f]{64}$/;
const GAMBAR_DATA = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i;

/** An image may come only from our content store (`/konten/<sha256 hex>`) or be embedded as a data URI. */
export function gambarBoleh(src: string | null): boolean {
  if (src === null) return false;
  const trimmed = src.trim();
  return GAMBAR_KONTEN.test(trimmed) || GAMBAR_DATA.test(trimmed);
}

/**
 * A value that may load something (`url(`, `image(`, `image-set(`, `src(`), run something (`expression(`) or hide
 * either behind a CSS escape or comment. SVG presentation attributes (`fill`, `stroke`, `filter`, `mask`, …) are
 * CSS values, so this holds for them as for `style`.
 */
const NILAI_MEMUAT = /[\\]|\/\*|(url|image|image-set|src|expression)\s*\(/i;

/** Attributes that name an address; outside `<img src>` and a link's `href` none is kept. */
const ATRIBUT_ALAMAT = new Set(['src', 'href', 'xlink:href']);

/** Attributes that are text for people, never a CSS value: kept whatever they say. */
const ATRIBUT_TEKS = /^(alt|title|aria-[a-z-]+)$/;

/** Properties that take an element out of the flow or above other content: never kept. */
const PROPERTI_DILARANG = /^(position|z-index|transform.*|translate|rotate|scale|inset.*|behavior)$/;
const PROPERTI_GESER = /^(top|right|bottom|left)$/;
const PROPERTI_MARGIN = /^margin(-(top|right|bottom|left|block.*|inline.*))?$/;
/** KaTeX writes every offset in em, and never further than a few em; 20 em is a tall matrix. */
const GESER_MAKS_EM = 20;
const EM = /^(-?(?:\d+\.?\d*|\.\d+))em$/;
const NEGATIF = /(^|[\s(,])-(?:\d|\.\d)/;

/** An offset (top/right/bottom/left) is a single em length of at most 20 em either way. */
function geserBoleh(value: string): boolean {
  const match = EM.exec(value);
  return match !== null && Math.abs(Number(match[1])) <= GESER_MAKS_EM;
}

/** A margin may be negative only as em lengths of at most 20 em (KaTeX's spacing); positive margins are free. */
function marginBoleh(value: string): boolean {
  return value.split(/\s+/).every((part) => !NEGATIF.test(part) || geserBoleh(part));
}

/**
 * The declarations of a `style` attribute that may stay, in their order, or '' when none may. A declaration goes
 * when its property positions, stacks or transforms (see above), when it loads something (`url(`, `image-set(`),
 * runs something (`expression(`), hides a name behind a CSS escape or comment, or is not `property: value` at all.
 */
export function gayaAman(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!/^[a-z][a-z-]*$/.test(property) || value === '') continue;
    if (NILAI_MEMUAT.test(value)) continue;
    if (PROPERTI_DILARANG.test(property)) continue;
    if (PROPERTI_GESER.test(property) && !geserBoleh(value)) continue;
    if (PROPERTI_MARGIN.test(property) && !marginBoleh(value)) continue;
    kept.push(`${property}:${value}`);
  }
  return kept.length === 0 ? '' : `${kept.join(';')};`;
}

/** The page's own classes that fix, stick, stack or overlay an element, or make something look pressable. */
const KELAS_DILARANG =
  /^(position-|fixed-|sticky-|top-|bottom-|start-|end-|translate-|z-|modal|offcanvas|toast|tooltip|popover|dropdown|navbar|stretched-link|btn)/;

/** The class list without the page's positioning and overlay classes (KaTeX's own classes all stay). */
export function kelasAman(value: string): string {
  return value
    .split(/\s+/)
    .filter((name) => name !== '' && !KELAS_DILARANG.test(name))
    .join(' ');
}

export const KONFIGURASI_HTML_SOAL: Config = {
  USE_PROFILES: { html: true, svg: true, mathMl: true },
  // KaTeX's MathML keeps the TeX source in <semantics><annotation encoding="application/x-tex">.
  ADD_TAGS: ['semantics', 'annotation'],
  ADD_ATTR: ['encoding'],
  FORBID_TAGS: [...TAG_DILARANG],
  FORBID_ATTR: [...ATRIBUT_DILARANG],
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/**
 * What the hook below reads and changes of an element, written out: the server compiles without lib.dom (its
 * DOM is jsdom's), so lib.dom's Element is not there to type it.
 */
interface ElementDisaring {
  nodeName: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
  parentNode: { removeChild(child: ElementDisaring): unknown } | null;
}

/** The sanitiser for question HTML on a DOMPurify instance of its own (hooks are per instance). */
export function buatPembersihHtml(purify: DOMPurify): (html: string) => string {
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    const tag = (node as unknown as ElementDisaring).nodeName.toLowerCase();
    if (ATRIBUT_ALAMAT.has(name)) {
      // An image's source is judged whole below (gambarBoleh); a link's by DOMPurify's list of safe schemes.
      if (!(tag === 'img' && name === 'src') && !(tag === 'a' && name !== 'src')) data.keepAttr = false;
      return;
    }
    if (name === 'style') data.attrValue = gayaAman(data.attrValue);
    else if (name === 'class') data.attrValue = kelasAman(data.attrValue);
    else if (!ATRIBUT_TEKS.test(name) && NILAI_MEMUAT.test(data.attrValue)) data.attrValue = '';
    else return;
    if (data.attrValue === '') data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (element) => {
    const node = element as unknown as ElementDisaring;
    if (node.nodeName.toLowerCase() === 'img' && !gambarBoleh(node.getAttribute('src'))) {
      node.parentNode?.removeChild(node);
      return;
    }
    if (node.nodeName.toLowerCase() === 'a' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return (html: string) => purify.sanitize(html, KONFIGURASI_HTML_SOAL);
}

/** Something shown without any text: an image, KaTeX's SVG or MathML. */
const ISI_TANPA_TEKS = /<(img|svg|math)\b/i;

/**
 * True when question HTML shows nothing (an option the question does not have): tags, `&nbsp;`, zero-width
 * characters and spaces only. An option that is only an image or a formula is not empty. The sheets, the review
 * and the PDFs all leave such an option out, so no student ever sees or picks a blank "E.".
 */
export function isEmptyHtml(html: string): boolean {
  if (ISI_TANPA_TEKS.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&(nbsp|#160|#x0*a0|zwsp|#8203|#x200b);/gi, '')
      .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
      .trim() === ''
  );
}
