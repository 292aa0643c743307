/** The operator's tool run as the CLI runs it (`jalankan`), on a test database, in a working directory. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Executor } from '../../src/server/db/executor';
import type { Database } from '../../src/server/db/types';
import { jalankan, type PerintahDeps } from '../../src/server/cli/siaptesPerintah';
import { ALL_TABLES } from './serverRows';
import type { TestContext } from './buildTestApp';

export interface Run {
  code: number;
  out: string;
  err: string;
}

export function runner(context: TestContext, dir: string) {
  return async (...argv: string[]): Promise<Run> => {
    let out = '';
    let err = '';
    const deps: PerintahDeps = {
      db: context.db,
      config: context.config,
      now: context.clock.now,
      cwd: dir,
      konsol: { out: (t) => (out += t), err: (t) => (err += t), tty: false },
    };
    const code = await jalankan(argv, deps);
    return { code, out, err };
  };
}

/** Rows per table: "nothing was written" is the same counts before and after. */
export async function counts(db: Executor): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ALL_TABLES) {
    const row = await db
      .selectFrom(table as keyof Database)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

/** Writes `data` as JSON to `dir/name` and returns `name`, the argument the command is given. */
export function writeJson(dir: string, name: string, data: unknown): string {
  writeFileSync(path.join(dir, name), JSON.stringify(data, null, 2));
  return name;
}

/** A fresh working folder for each test (the operator's files), removed after it: `path` is the current test's. */
export function folderPerTest(): { readonly path: string } {
  const folder = { path: '' };
  beforeEach(() => {
    folder.path = mkdtempSync(path.join(tmpdir(), 'siaptes-operator-'));
  });
  afterEach(() => {
    rmSync(folder.path, { recursive: true, force: true });
  });
  return folder;
}
