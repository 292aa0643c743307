import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time (ms) of any file under `dir`, or 0 when it has none. */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Whether `built` is missing or older than a file under `sources`. A bench measures the built server, so a build
 * older than the sources it comes from would report on code that is no longer there.
 */
export function isStale(built: string, sources: readonly string[]): boolean {
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((dir) => existsSync(dir) && newestUnder(dir) > builtAt);
}

/** Builds the server and the SPA again when their sources changed since the last build. */
export function ensureBuild(root: string): void {
  const parts = [
    { script: 'build:server', built: 'dist/node/server/main.js', sources: ['src/server', 'src/contract'] },
    { script: 'build:client', built: 'dist/public/index.html', sources: ['src/client', 'src/contract'] },
  ];
  for (const { script, built, sources } of parts) {
    const stale = isStale(
      join(root, built),
      sources.map((dir) => join(root, dir)),
    );
    if (!stale) continue;
    const run = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`npm run ${script} gagal`);
  }
}
