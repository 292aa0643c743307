/**
 * The real production server for browser journeys: `node dist/node/server/main.js` on a free port with a fresh
 * SQLite file (it migrates and seeds the demo accounts itself). The e2e project's global setup rebuilds first when the
 * build is missing or older than its sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startBuiltServer } from '../../src/bench/childProcess';

export const ROOT = path.resolve(__dirname, '../..');
const SERVER_MAIN = path.join(ROOT, 'dist/node/server/main.js');
const SPA_INDEX = path.join(ROOT, 'dist/public/index.html');

/** Where the built programs come from: a file here newer than the build means the build is stale. */
const BUILD_INPUTS = [
  'src',
  'public',
  'webpack.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

function newestMtime(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** True when the SPA or the server build is missing, or older than any source it is built from. */
export function buildIsStale(): boolean {
  if (!existsSync(SERVER_MAIN) || !existsSync(SPA_INDEX)) return true;
  const builtAt = Math.min(statSync(SERVER_MAIN).mtimeMs, statSync(SPA_INDEX).mtimeMs);
  const sourcesAt = Math.max(
    ...BUILD_INPUTS.map((entry) => path.join(ROOT, entry))
      .filter((entry) => existsSync(entry))
      .map(newestMtime),
  );
  return sourcesAt > builtAt;
}

/**
 * Run `npm run build` when the build is missing or older than its sources, so a local `npm test` after an edit
 * never drives an old bundle (CI builds first, so there it is fresh and nothing runs).
 */
export function ensureBuild(): void {
  if (!buildIsStale()) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(SERVER_MAIN) || !existsSync(SPA_INDEX)) {
    throw new Error(`npm run build failed (exit ${result.status}); see the output above`);
  }
  // webpack and tsc leave unchanged outputs unwritten, so their times can stay older than an edit with no effect.
  const builtAt = new Date();
  for (const output of [SERVER_MAIN, SPA_INDEX]) utimesSync(output, builtAt, builtAt);
}

export interface E2EServer {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The server's database (a fresh SQLite file), for journeys that prepare data as an operator would. */
  databaseUrl: string;
  /** What the server printed (shown when start-up fails). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Start the server on a free port with a fresh database; resolves once it serves the SPA (the build's, or the
 * copy in `publicDir`, which a journey may change as a deploy would).
 */
export async function startServer({
  timeoutMs = 90_000,
  publicDir,
}: { timeoutMs?: number; publicDir?: string } = {}): Promise<E2EServer> {
  if (!existsSync(SERVER_MAIN) || !existsSync(SPA_INDEX)) ensureBuild();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'siaptes-e2e-'));
  const databaseUrl = `file:${path.join(dataDir, 'e2e.db')}`;
  const server = await startBuiltServer({
    root: ROOT,
    port,
    env: {
      DATABASE_URL: databaseUrl,
      ...(publicDir ? { PUBLIC_DIR: publicDir } : {}),
      // Journeys log in a handful of times; the default cost (2^17) is pinned by the server suite.
      SCRYPT_N: process.env.SCRYPT_N ?? String(2 ** 12),
      // Jest workers and Chromium share the machine's cores with this server, which then sees its event loop late
      // for reasons of its own machine, not its load, and would shed the journeys' calls; shedding has its own suite.
      SHED_EVENT_LOOP_DELAY_MS: process.env.SHED_EVENT_LOOP_DELAY_MS ?? '0',
    },
    keepRequestLog: true,
    timeoutMs,
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl,
    output: server.output,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
