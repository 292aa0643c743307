import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/createDb';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';

/** config → database → migrate → seed when empty → app → listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await createDb(config.databaseUrl);
  await migrateToLatest(db);
  await seedIfEmpty(db, { rules: config });
  const app = await buildApp({ db, config, logger: true, serveSpa: true });
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
