import { chmodSync, closeSync, existsSync, openSync, rmSync } from 'node:fs';
import { dialectOfUrl, sqlitePathOf } from '../db/createDb';

export class CadanganTidakBisa extends Error {}

/** How to back a PostgreSQL database up: pg_dump does it consistently while the server runs. */
export function saranPgDump(databaseUrl: string, file: string): string {
  return (
    'This server uses PostgreSQL: back it up with pg_dump, which copies a consistent snapshot while the server ' +
    'runs:\n' +
    `  pg_dump --format=custom --file=${file} "${databaseUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}"\n` +
    'and restore it into an empty database with pg_restore --clean --if-exists --dbname=<URL> ' +
    `${file} (README "Backups").\n`
  );
}

/**
 * `siaptes backup FILE` on SQLite: SQLite's online backup API copies the live database page by page into FILE,
 * consistent as of one moment, while the server keeps reading and writing (WAL mode). Returns the pages copied.
 */
export async function cadangkanSqlite(databaseUrl: string, file: string): Promise<number> {
  if (dialectOfUrl(databaseUrl) !== 'sqlite') throw new CadanganTidakBisa(saranPgDump(databaseUrl, file));
  const source = sqlitePathOf(databaseUrl);
  if (source === ':memory:' || !existsSync(source)) throw new CadanganTidakBisa(`No database at ${source}\n`);
  // The copy holds password hashes: create it empty and owner-only before SQLite writes into it (SQLite would create
  // it by the umask, usually 0644, and gives its journal the file's mode). `wx` also never overwrites a file.
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new CadanganTidakBisa(`${file} already exists; choose another file\n`);
    throw error;
  }
  closeSync(fd);
  chmodSync(file, 0o600); // a umask can only narrow the mode given to open, but say it outright
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const database = new BetterSqlite3(source, { fileMustExist: true });
  let copied = false;
  try {
    database.pragma('busy_timeout = 5000');
    // SQLite restarts a stepwise backup whenever another connection writes, so on a busy server it could restart
    // forever: after the first step, copy every remaining page in one step.
    const { totalPages } = await database.backup(file, { progress: () => 2 ** 30 });
    copied = true;
    return totalPages;
  } finally {
    database.close();
    if (!copied) rmSync(file, { force: true });
  }
}
