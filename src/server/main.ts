import cluster from 'node:cluster';
import { pino } from 'pino';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { createDb, type Db } from './db/createDb';
import { migrateToLatest } from './db/migrate';
import { demoAccountsWithPublicPassword, publicPasswordWarning, seedDemoAtStart } from './demo/atStart';

/**
 * config → database → migrate → demo data (SIAPTES_DEMO) → app → listen. With WORKERS > 1 the primary process
 * migrates and seeds once, then forks that many workers (node:cluster) that share the one port; each worker opens its own
 * database pool and serves. The server keeps nothing between requests that another worker would not see (README
 * "Several processes and machines").
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, await openDb(config));
  const db = await openDb(config);
  await migrateToLatest(db);
  await seedDemoAtStart(db, config);
  await warnOfDemoAccounts(db);
  if (config.workers <= 1) return serve(config, db);
  await db.close();
  startWorkers(config.workers);
}

/** Demo accounts whose password the README prints must not meet real students unnoticed. */
async function warnOfDemoAccounts(db: Db): Promise<void> {
  const open = await demoAccountsWithPublicPassword(db);
  if (open.length > 0) pino().warn({ demoAccounts: open }, publicPasswordWarning(open));
}

function openDb(config: Config): Promise<Db> {
  return createDb(config.databaseUrl, { poolSize: config.dbPoolSize });
}

async function serve(config: Config, db: Db): Promise<void> {
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

/** Forks the workers and replaces one that dies; SIGINT/SIGTERM stop them all, then the primary. */
function startWorkers(count: number): void {
  let stopping = false;
  const served = new Set<number>();
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('listening', (worker) => served.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (!served.has(worker.id)) {
      // Dying before it ever listened (a bad setting, the port taken) would repeat in every replacement.
      console.error(`worker ${worker.process.pid} gagal memulai (${signal ?? code}); server berhenti`);
      stop();
      process.exitCode = 1;
      return;
    }
    console.error(`worker ${worker.process.pid} berhenti (${signal ?? code}); menjalankan pengganti`);
    cluster.fork();
  });
  function stop(): void {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit();
    for (const worker of workers) worker?.process.kill('SIGTERM');
  }
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
