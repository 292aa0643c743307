/** The Node versions SiapTes supports (package.json `engines`) install every locked dependency without EBADENGINE. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.join(__dirname, '../..');
const json = (file: string) =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;
const supported = (json('package.json').engines as { node: string }).node;

/** The first version of each line the range allows: npm warns when a dependency refuses any of them. */
function lowestOfEachLine(range: string): string[] {
  return new semver.Range(range).set.map((comparators) => {
    const lowest = semver.minVersion(comparators.map((c) => c.value).join(' '));
    if (!lowest) throw new Error(`empty line in ${range}`);
    return lowest.version;
  });
}

it('declares a bounded set of Node lines, the one CI runs among them', () => {
  expect(lowestOfEachLine(supported)).toEqual(['20.19.0', '22.13.0', '24.0.0']);
  expect(semver.satisfies(process.version, supported)).toBe(true);
  const nvmrc = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
  expect(semver.satisfies(semver.coerce(nvmrc) ?? '', supported)).toBe(true);
  expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(
    'SiapTes needs **Node.js 20.19 or newer in the 20 line, 22.13 or newer in the 22 line, or 24 and later**',
  );
});

it('locks no dependency whose own engines refuse a supported Node', () => {
  const packages = json('package-lock.json').packages as Record<
    string,
    { version?: string; engines?: unknown }
  >;
  const refused: string[] = [];
  for (const [where, locked] of Object.entries(packages)) {
    const engines = locked.engines as { node?: string } | string[] | undefined;
    // A few old packages give engines as a list of strings, which npm does not check.
    if (!engines || Array.isArray(engines) || !engines.node) continue;
    for (const node of lowestOfEachLine(supported))
      if (!semver.satisfies(node, engines.node))
        refused.push(`${where}@${locked.version} wants node ${engines.node}, refuses ${node}`);
  }
  expect(refused).toEqual([]);
});
