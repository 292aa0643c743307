/**
 * The class names the SPA can put on the page, for purgeCss.ts: every word of src/client's strings (class names
 * written out, and the variants, sizes and breakpoints react-bootstrap turns into classes) and of the
 * react-bootstrap modules it imports, with the modules those import. A class is used when it is one of those
 * words or joins them with hyphens (`btn` + `outline-primary`, `col` + `md` + `6`): generous on purpose, since a
 * rule kept for nothing costs bytes while a rule lost changes a page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const WORD_SEPARATORS = /[^\w-]+/;
/** String literals and template literals (inner quotes included), roughly: enough to find the words in them. */
const STRINGS = /'[^'\n]*'|"[^"\n]*"|`[^`]*`/g;
/**
 * Classes a question's or discussion's HTML may carry from an operator's package (its content, not the app's
 * sources), kept whatever the sources say.
 */
const CONTENT_CLASSES = [
  'table',
  'table-bordered',
  'table-sm',
  'img-fluid',
  'text-center',
  'text-end',
  'fw-bold',
];

function addWords(source: string, words: Set<string>): void {
  for (const raw of source.split(WORD_SEPARATORS)) {
    const word = raw.replace(/^-+|-+$/g, '');
    if (word !== '') words.add(word);
  }
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The react-bootstrap modules `sources` import (`react-bootstrap/Navbar`), with everything they import in turn. */
function reactBootstrapModules(sources: string[], esmDir: string): string[] {
  const pending = sources.flatMap((source) =>
    [...source.matchAll(/['"]react-bootstrap\/(\w+)['"]/g)].map((m) => path.join(esmDir, `${m[1]}.js`)),
  );
  const seen = new Set<string>();
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/from\s+'\.\/([\w]+)(?:\.js)?'/g))
      pending.push(path.join(path.dirname(file), `${m[1]}.js`));
  }
  return [...seen];
}

/** Whether a class name is one the SPA (under `clientDir`, with react-bootstrap from `esmDir`) can use. */
export function usedClassTest(clientDir: string, esmDir: string): (className: string) => boolean {
  const sources = sourcesUnder(clientDir).map((file) => readFileSync(file, 'utf8'));
  const words = new Set<string>(CONTENT_CLASSES);
  // The app's own class names are in its strings; react-bootstrap's also in its code (`classNames({ active })`).
  for (const source of sources) for (const [literal] of source.matchAll(STRINGS)) addWords(literal, words);
  for (const file of reactBootstrapModules(sources, esmDir)) addWords(readFileSync(file, 'utf8'), words);
  const known = new Map<string, boolean>();
  const isUsed = (name: string): boolean => {
    const cached = known.get(name);
    if (cached !== undefined) return cached;
    let used = words.has(name);
    for (let i = name.indexOf('-'); !used && i > 0; i = name.indexOf('-', i + 1))
      used = words.has(name.slice(0, i)) && isUsed(name.slice(i + 1));
    known.set(name, used);
    return used;
  };
  return isUsed;
}
