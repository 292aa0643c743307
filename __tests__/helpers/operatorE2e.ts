/** The operator's tool run against a running e2e server's database, as an operator would prepare data. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jalankan } from '../../src/server/cli/siaptesPerintah';
import { loadConfig } from '../../src/server/config';
import { closeDb, createDb } from '../../src/server/db/createDb';

/** `npm run siaptes -- ARGV` in `cwd` on the server's database; resolves with what it printed, rejects on failure. */
export async function runOperator(databaseUrl: string, argv: string[], cwd: string): Promise<string> {
  const db = await createDb(databaseUrl);
  let out = '';
  let err = '';
  try {
    const code = await jalankan(argv, {
      db,
      config: loadConfig({ ...process.env, DATABASE_URL: databaseUrl }),
      now: () => Date.now(),
      cwd,
      konsol: { out: (t) => (out += t), err: (t) => (err += t), tty: false },
    });
    if (code !== 0) throw new Error(`${argv.join(' ')} failed: ${err}`);
    return out;
  } finally {
    await closeDb(db);
  }
}

/** `siaptes import-paket` of the given package file; resolves with what the tool printed. */
export async function importAsOperator(databaseUrl: string, paket: unknown): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'siaptes-operator-e2e-'));
  try {
    writeFileSync(path.join(dir, 'paket.json'), JSON.stringify(paket));
    return await runOperator(databaseUrl, ['import-paket', 'paket.json'], dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
