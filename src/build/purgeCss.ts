/**
 * Bootstrap's style sheet reduced to the rules the app can use (#51): a rule stays when one of its selectors names
 * only classes that `isUsed` accepts; at-rules holding rules (@media, @supports, @container, @layer) keep what is
 * left of them; everything else (@keyframes, @font-face, :root variables, element selectors) stays as it is.
 * A small scanner of the minified CSS, not a full parser: it knows strings, comments and nested blocks.
 */

/** The next block of `css` from `from`: its prelude (before `{` or `;`) and its body, or null at the end. */
function nextBlock(
  css: string,
  from: number,
): { prelude: string; body: string | null; end: number; comment?: true } | null {
  let i = from;
  while (i < css.length && /\s/.test(css[i])) i += 1;
  if (i >= css.length) return null;
  if (css.startsWith('/*', i)) {
    const end = css.indexOf('*/', i + 2) + 2;
    if (end < 2) throw new Error('purgeCss: an unterminated comment');
    return { prelude: css.slice(i, end), body: null, end, comment: true };
  }
  const start = i;
  let depth = 0;
  let open = -1;
  for (; i < css.length; i += 1) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = css.indexOf(c, i + 1);
      if (i < 0) throw new Error('purgeCss: an unterminated string');
    } else if (c === '/' && css[i + 1] === '*') {
      i = css.indexOf('*/', i + 2) + 1;
      if (i <= 0) throw new Error('purgeCss: an unterminated comment');
    } else if (c === ';' && depth === 0) {
      return { prelude: css.slice(start, i), body: null, end: i + 1 };
    } else if (c === '{') {
      if (depth === 0) open = i;
      depth += 1;
    } else if (c === '}') {
      depth -= 1;
      if (depth === 0) return { prelude: css.slice(start, open), body: css.slice(open + 1, i), end: i + 1 };
    }
  }
  throw new Error('purgeCss: an unclosed block');
}

/** The selectors of a rule's prelude, split at the commas outside parentheses and brackets. */
function selectorsOf(prelude: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i += 1) {
    const c = prelude[i];
    if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (c === ',' && depth === 0) {
      out.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  out.push(prelude.slice(start));
  return out;
}

const CLASS = /\.((?:\\.|[\w-])+)/g;
const NESTING_AT_RULES = /^@(media|supports|container|layer)\b/;

/** `:not(…)` with one level of parentheses inside. */
const NOT = /:not\((?:[^()]|\([^()]*\))*\)/g;

/**
 * The classes a selector needs on the page (escapes undone), e.g. `.btn-check:checked+.btn` → btn-check, btn.
 * Those inside `:not(…)` are not needed: `.offcanvas.show:not(.hiding)` matches a page that never has `hiding`.
 */
export function classesOf(selector: string): string[] {
  return [...selector.replace(NOT, '').matchAll(CLASS)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

/** `css` without the rules whose every selector names a class `isUsed` refuses. */
export function purgeCss(css: string, isUsed: (className: string) => boolean): string {
  let out = '';
  for (let at = 0, block = nextBlock(css, 0); block; block = nextBlock(css, at)) {
    at = block.end;
    const prelude = block.prelude.trim();
    // A licence comment (/*! … */) stays, as the minifier would keep it; other comments go.
    if (block.comment) out += prelude.startsWith('/*!') ? prelude : '';
    else if (block.body === null) out += `${prelude};`;
    else if (NESTING_AT_RULES.test(prelude)) {
      const inner = purgeCss(block.body, isUsed);
      if (inner !== '') out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) out += `${prelude}{${block.body}}`;
    else {
      const kept = selectorsOf(prelude).filter((s) => classesOf(s).every(isUsed));
      if (kept.length > 0) out += `${kept.join(',')}{${block.body}}`;
    }
  }
  return out;
}
