/**
 * The demo's content lives in JSON files next to this module (package files, their simulation data, the per-topic
 * tryouts, the programmes). They are read from the repository's src/ at seed time, from tsx, ts-jest and the built
 * dist/node/ alike, so the build copies nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root, from src/ (tsx, ts-jest) and from the built dist/node/ alike. */
function repoRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json not found above ${__dirname}`);
  }
}

/** Where a demo data file is stored, by its path under src/server/demo. */
export function demoDataPath(...parts: string[]): string {
  return path.join(repoRoot(), 'src/server/demo', ...parts);
}

/** A demo data file, parsed. Its shape is the data's own (the seed's tests load every file). */
export function bacaDataDemo<T>(...parts: string[]): T {
  return JSON.parse(readFileSync(demoDataPath(...parts), 'utf8')) as T;
}
