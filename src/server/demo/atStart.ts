import type { Config, DemoMode } from '../config';
import { type Dialect, dialectOf } from '../db/createDb';
import type { Executor } from '../db/executor';
import { verifyPassword } from '../lib/password';
import { DEMO, demoAccountsIn } from './accounts';
import { seedIfEmpty, type SeedOptions } from './index';

/**
 * Whether the server may seed the demo data into an empty database. Unset: only the embedded SQLite database, so
 * `npm install && npm start` shows a working product while a fresh PostgreSQL (a real deployment) never gets
 * accounts whose password is printed in the README.
 */
export function demoAllowed(mode: DemoMode, dialect: Dialect): boolean {
  if (mode === 'auto') return dialect === 'sqlite';
  return mode === 'on';
}

/** Seeds the demo data at start when SIAPTES_DEMO allows it and the database has no student; true when it did. */
export async function seedDemoAtStart(
  db: Executor,
  config: Config,
  options: SeedOptions = {},
): Promise<boolean> {
  if (!demoAllowed(config.demo, dialectOf(db))) return false;
  return seedIfEmpty(db, { rules: config, ...options });
}

/** Usernames of the demo accounts that still log in with the public demo password. */
export async function demoAccountsWithPublicPassword(db: Executor): Promise<string[]> {
  const open: string[] = [];
  for (const account of await demoAccountsIn(db))
    if (await verifyPassword(DEMO.password, account.password_hash)) open.push(account.username);
  return open;
}

/** The warning logged at start while such accounts exist. */
export function publicPasswordWarning(usernames: readonly string[]): string {
  return (
    `Demo accounts ${usernames.join(', ')} still have the demo password printed in the README: ` +
    'remove the demo data with `npm run siaptes -- demo remove` before real students use this server ' +
    '(SIAPTES_DEMO=0 keeps it from being seeded again).'
  );
}
