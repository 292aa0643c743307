/**
 * TeX typeset as SVG for the PDFs with MathJax (glyphs as paths, so pdfkit needs no math font). MathJax loads once
 * per process, on the first formula; each expression is typeset once and kept in a bounded cache, since PDFs are
 * made per request and a subject repeats its formulas. Formulas typeset elsewhere (stored at import, read by
 * rumusTersimpan.ts) are put in the cache by `ingatRumus`; what was typeset here is told by `ambilRumusBaru`, to
 * be stored. No I/O.
 */
import type { LiteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import type { MathDocument } from 'mathjax-full/js/core/MathDocument.js';
import type { LiteElement } from 'mathjax-full/js/adaptors/lite/Element.js';
import type { LiteText } from 'mathjax-full/js/adaptors/lite/Text.js';
import type { LiteDocument } from 'mathjax-full/js/adaptors/lite/Document.js';

/** An affine matrix [a, b, c, d, e, f] as SVG and PDF write it. */
export type Matrix = [number, number, number, number, number, number];

/** One filled shape of a formula, in the SVG's units (1/1000 em, y down, the viewBox's origin). */
export type MathShape = { matrix: Matrix } & (
  { kind: 'path'; d: string } | { kind: 'rect'; x: number; y: number; width: number; height: number }
);

/** Sizes in em of the font size the formula is set in; the SVG's own units are 1/1000 em. */
export interface MathSvg {
  /** The SVG to draw when `shapes` is null; empty otherwise (the shapes are drawn, and stored, without it). */
  svg: string;
  /**
   * The formula as plain filled shapes when it is only that (MathJax's usual output): drawn directly, about ten
   * times faster than through svg-to-pdfkit. Null for anything else (colours, strokes, text): the SVG is drawn.
   */
  shapes: MathShape[] | null;
  minX: number;
  minY: number;
  width: number;
  ascent: number;
  depth: number;
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** An SVG transform list of translate/scale/matrix; null for anything else. */
function parseTransform(value: string): Matrix | null {
  let matrix = IDENTITY;
  const rest = value.replace(/(translate|scale|matrix)\(([^)]*)\)/g, (_whole, name: string, args: string) => {
    const n = args
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    let step: Matrix | null = null;
    if (name === 'translate' && n.length >= 1) step = [1, 0, 0, 1, n[0], n[1] ?? 0];
    if (name === 'scale' && n.length >= 1) step = [n[0], 0, 0, n[1] ?? n[0], 0, 0];
    if (name === 'matrix' && n.length === 6) step = n as Matrix;
    if (!step || step.some((x) => !Number.isFinite(x))) return '?';
    matrix = multiply(matrix, step);
    return '';
  });
  return rest.trim() === '' ? matrix : null;
}

/**
 * A glyph path with its smooth quadratic curves (T) written out as Q: pdfkit's path reader gets the control point
 * of a second T in a row wrong, which bends MathJax's parentheses and brackets. Only absolute M L H V Q T C Z are
 * read (what MathJax's fonts use); null for anything else, and the SVG is drawn by svg-to-pdfkit instead.
 */
export function withoutSmoothQuadratics(d: string): string | null {
  const tokens = d.match(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? [];
  const arity: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, Q: 4, T: 2, C: 6, Z: 0 };
  const out: string[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let control: [number, number] | null = null;
  let command = '';
  let i = 0;
  while (i < tokens.length) {
    if (/[A-Za-z]/.test(tokens[i])) command = tokens[i++];
    else if (command === 'M') command = 'L'; // pairs after a move are lines
    const n = arity[command];
    if (n === undefined || (n === 0 && command !== 'Z')) return null;
    const a = tokens.slice(i, i + n).map(Number);
    if (a.length < n || a.some((v) => !Number.isFinite(v))) return null;
    i += n;
    if (command === 'T') {
      const c: [number, number] = control ? [2 * x - control[0], 2 * y - control[1]] : [x, y];
      out.push(`Q${c[0]} ${c[1]} ${a[0]} ${a[1]}`);
      control = c;
    } else {
      out.push(command + a.join(' '));
      control = command === 'Q' ? [a[0], a[1]] : null;
    }
    if (command === 'Z') [x, y] = [startX, startY];
    else if (command === 'H') x = a[0];
    else if (command === 'V') y = a[0];
    else [x, y] = a.slice(-2);
    if (command === 'M') [startX, startY] = [x, y];
    if (command === 'Z' && i < tokens.length && !/[A-Za-z]/.test(tokens[i])) return null;
  }
  return out.join('');
}

/** Plain filled shapes of the SVG's content, or null when it holds anything more. */
function shapesOf(adaptor: LiteAdaptor, root: LiteElement): MathShape[] | null {
  const shapes: MathShape[] = [];
  const walk = (node: LiteElement, parent: Matrix, isRoot: boolean): boolean => {
    const attr = (name: string) => adaptor.getAttribute(node, name) as string | undefined | null;
    const transform = attr('transform');
    const own = transform ? parseTransform(transform) : IDENTITY;
    if (!own) return false;
    if (!isRoot && (attr('fill') || attr('stroke') || attr('style') || attr('stroke-width'))) return false;
    const matrix = multiply(parent, own);
    const name = adaptor.kind(node);
    if (name === 'path') {
      const d = withoutSmoothQuadratics(attr('d') ?? '');
      if (d === null) return false;
      shapes.push({ kind: 'path', d, matrix });
      return true;
    }
    if (name === 'rect') {
      const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((n) => Number(attr(n) ?? 0));
      if (![x, y, width, height].every(Number.isFinite)) return false;
      shapes.push({ kind: 'rect', x, y, width, height, matrix });
      return true;
    }
    if (name !== 'g') return false;
    return adaptor.childNodes(node).every((child) => {
      const kind = adaptor.kind(child);
      if (kind === '#text' || kind === '#comment') return true;
      return walk(child as LiteElement, matrix, false);
    });
  };
  const children = adaptor.childNodes(root) as LiteElement[];
  return children.every((child) => walk(child, IDENTITY, true)) ? shapes : null;
}

type Doc = MathDocument<LiteElement | LiteText, LiteText, LiteDocument>;

let engine: { adaptor: LiteAdaptor; document: Doc; mathml: Doc } | null = null;

/**
 * MathJax, loaded on the first formula to typeset rather than with the module: a PDF worker given every formula
 * from the store (rumusTersimpan.ts) never needs it, and loading it costs about half a second at start.
 */
function loadEngine() {
  if (engine) return engine;
  /* eslint-disable @typescript-eslint/no-require-imports -- a synchronous load on first use (see above) */
  const { mathjax } = require('mathjax-full/js/mathjax.js') as typeof import('mathjax-full/js/mathjax.js');
  const { TeX } = require('mathjax-full/js/input/tex.js') as typeof import('mathjax-full/js/input/tex.js');
  const { MathML } =
    require('mathjax-full/js/input/mathml.js') as typeof import('mathjax-full/js/input/mathml.js');
  const { SVG } = require('mathjax-full/js/output/svg.js') as typeof import('mathjax-full/js/output/svg.js');
  const { liteAdaptor } =
    require('mathjax-full/js/adaptors/liteAdaptor.js') as typeof import('mathjax-full/js/adaptors/liteAdaptor.js');
  const { RegisterHTMLHandler } =
    require('mathjax-full/js/handlers/html.js') as typeof import('mathjax-full/js/handlers/html.js');
  const { AllPackages } =
    require('mathjax-full/js/input/tex/AllPackages.js') as typeof import('mathjax-full/js/input/tex/AllPackages.js');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const adaptor = liteAdaptor();
  RegisterHTMLHandler(adaptor);
  const tex = new TeX({
    // bussproofs needs an asynchronous second pass: not question material.
    packages: AllPackages.filter((name) => name !== 'bussproofs'),
    // An expression MathJax cannot read throws instead of becoming red TeX source inside the formula.
    formatError: (_jax: unknown, error: Error) => {
      throw error;
    },
  });
  const document = mathjax.document('', { InputJax: tex, OutputJax: new SVG({ fontCache: 'none' }) }) as Doc;
  const mathml = mathjax.document('', {
    InputJax: new MathML(),
    OutputJax: new SVG({ fontCache: 'none' }),
  }) as Doc;
  engine = { adaptor, document, mathml };
  return engine;
}

/** Formulas kept in memory: a 216-question subject with its discussion holds about 1,500 (~3 KB each). */
export const MATH_CACHE_LIMIT = 5000;
const cache = new Map<string, MathSvg | null>();
/** Keys typeset here since `ambilRumusBaru` was last asked. */
let baru: string[] = [];

/** The cache's key of a formula: display or inline, and its TeX (or MathML markup). */
export function kunciRumus(tex: string, display: boolean): string {
  return `${display ? 'D' : 'I'}${tex}`;
}

function simpanDiCache(key: string, made: MathSvg | null): void {
  cache.delete(key);
  cache.set(key, made);
  if (cache.size > MATH_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
}

/** Whether this process holds the formula (typeset here or given by `ingatRumus`). */
export function adaRumus(key: string): boolean {
  return cache.has(key);
}

/** Formulas typeset before (by `kunciRumus`), so the PDFs draw them without typesetting them again. */
export function ingatRumus(rumus: Iterable<readonly [string, MathSvg | null]>): void {
  for (const [key, made] of rumus) simpanDiCache(key, made);
}

/** The formulas typeset in this process since the last call, to be stored for other processes and later runs. */
export function ambilRumusBaru(): [string, MathSvg | null][] {
  const keys = baru;
  baru = [];
  return keys.filter((key) => cache.has(key)).map((key) => [key, cache.get(key) ?? null]);
}

/** Bare MathML reaches the PDFs as its `<math>` markup (richRuns.ts); anything else is TeX. */
const isMathml = (source: string) => /^<math[\s>]/.test(source);

function typeset(tex: string, display: boolean): MathSvg | null {
  const { adaptor, document, mathml } = loadEngine();
  let container: LiteElement;
  try {
    container = (isMathml(tex) ? mathml : document).convert(tex, { display }) as LiteElement;
  } catch {
    return null;
  }
  // MathML that MathJax cannot read becomes an error box, not math.
  if (isMathml(tex) && /data-mjx-error|<merror/.test(adaptor.outerHTML(container))) return null;
  const svg = adaptor.firstChild(container) as LiteElement;
  const viewBox = String(adaptor.getAttribute(svg, 'viewBox') ?? '')
    .split(/\s+/)
    .map(Number);
  if (viewBox.length !== 4 || viewBox.some((n) => !Number.isFinite(n))) return null;
  const [minX, minY, width, height] = viewBox;
  // The drawer gives the size in points; MathJax's ex sizes and CSS would only be in the way.
  for (const name of ['width', 'height', 'style', 'role', 'focusable']) adaptor.removeAttribute(svg, name);
  const shapes = shapesOf(adaptor, svg);
  return {
    svg: shapes ? '' : adaptor.outerHTML(svg).replace(/currentColor/g, 'black'),
    shapes,
    minX,
    minY,
    width: width / 1000,
    ascent: -minY / 1000,
    depth: (height + minY) / 1000,
  };
}

/** The formula (TeX, or a `<math>` element's markup) as SVG, or null when it cannot be typeset. */
export function mathSvg(tex: string, display: boolean): MathSvg | null {
  const key = kunciRumus(tex, display);
  if (cache.has(key)) {
    const hit = cache.get(key) ?? null;
    // Most recently used last, so the oldest goes first when the cache is full.
    simpanDiCache(key, hit);
    return hit;
  }
  const made = typeset(tex, display);
  simpanDiCache(key, made);
  baru.push(key);
  // Nobody asking (a PDF drawn outside the pool): only the latest can still be in the cache anyway.
  if (baru.length > 2 * MATH_CACHE_LIMIT) baru = baru.slice(-MATH_CACHE_LIMIT);
  return made;
}
