/** The bench measures the built server: a build older than its sources is built again, a fresh one is kept. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isStale } from '../../src/bench/build';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'siaptes-build-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes `path` under the root, modified `secondsAgo` seconds ago. */
function file(path: string, secondsAgo: number): string {
  const full = join(root, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, '');
  const at = Date.now() / 1000 - secondsAgo;
  utimesSync(full, at, at);
  return full;
}

describe('whether the bench builds the server again', () => {
  it('builds when there is no build', () => {
    file('src/server/main.ts', 60);
    expect(isStale(join(root, 'dist/main.js'), [join(root, 'src/server')])).toBe(true);
  });

  it('keeps a build newer than every source', () => {
    file('src/server/db/deep/query.ts', 60);
    file('src/contract/api.ts', 30);
    const built = file('dist/main.js', 10);
    expect(isStale(built, [join(root, 'src/server'), join(root, 'src/contract')])).toBe(false);
  });

  it('builds again when one source, however deep, changed after the build', () => {
    file('src/server/main.ts', 60);
    const built = file('dist/main.js', 30);
    file('src/server/features/tryoutPaket/queries/start.ts', 5);
    expect(isStale(built, [join(root, 'src/server')])).toBe(true);
  });

  it('looks at every source folder it is given, and passes over one that is missing', () => {
    file('src/server/main.ts', 60);
    const built = file('dist/main.js', 30);
    file('src/contract/api.ts', 5);
    expect(isStale(built, [join(root, 'src/server'), join(root, 'src/missing')])).toBe(false);
    expect(isStale(built, [join(root, 'src/server'), join(root, 'src/contract')])).toBe(true);
  });
});
