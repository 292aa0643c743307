/** `npm run siaptes -- <command>`: the operator's tool (README "Operators"); same DATABASE_URL as the server. */
import { loadConfig } from '../config';
import { closeDb, createDb } from '../db/createDb';
import { migrateToLatest } from '../db/migrate';
import { jalankan } from './siaptesPerintah';

async function main(): Promise<number> {
  const config = loadConfig();
  const db = await createDb(config.databaseUrl, { pooler: config.databasePooler });
  try {
    await migrateToLatest(db);
    return await jalankan(process.argv.slice(2), {
      db,
      config,
      now: () => Date.now(),
      cwd: process.env.INIT_CWD ?? process.cwd(),
      konsol: {
        out: (text) => process.stdout.write(text),
        err: (text) => process.stderr.write(text),
        tty: process.stderr.isTTY === true,
      },
    });
  } finally {
    await closeDb(db);
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
