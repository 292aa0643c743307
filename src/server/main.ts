import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { buildApp } from './app';
import { serverLogDestination } from './plugins/requestLog';
import { answerClusterMetrics } from './lib/clusterMetrics';
import { loadConfig, type Config } from './config';
import { closeDb, createDb } from './db/createDb';
import type { Executor } from './db/executor';
import { migrateToLatest } from './db/migrate';
import { databaseFaultOf } from './db/fault';
import type { HealthState } from './plugins/health';
import { hapusLaporanSebelum } from './features/laporan/laporan';
import type { FastifyBaseLogger } from 'fastify';
import { NONE_ACCEPTING, NOT_ACCEPTING, stopOnSignals } from './gracefulStop';
import { demoAccountsWithPublicPassword, publicPasswordWarning, seedDemoAtStart } from './demo/atStart';
import {
  mulaiPenjadwalPenutupan,
  tutupYangBerakhir,
  type PenjadwalPenutupan,
} from './scoring/penjadwalPenutupan';

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
  // The demo's past schedules are closed before serving, so its results read at once.
  if (await seedDemoAtStart(db, config))
    await tutupYangBerakhir(db, Date.now, (error) => {
      throw error;
    });
  await warnOfDemoAccounts(db);
  if (config.workers <= 1) return serve(config, db);
  await closeDb(db);
  startWorkers(config);
}

/** Demo accounts whose password the README prints must not meet real students unnoticed. */
async function warnOfDemoAccounts(db: Executor): Promise<void> {
  const open = await demoAccountsWithPublicPassword(db);
  if (open.length > 0) pino().warn({ demoAccounts: open }, publicPasswordWarning(open));
}

function openDb(config: Config): Promise<Executor> {
  const log = pino();
  return createDb(config.databaseUrl, {
    poolSize: config.dbPoolSize,
    pooler: config.databasePooler,
    listenUrl: config.databaseListenUrl,
    processes: config.workers,
    onIdleConnectionError: (error) =>
      log.warn({ reason: 'database_unreachable', detail: error.message }, 'koneksi basis data terputus'),
  });
}

/**
 * Connections the kernel holds for the server until the event loop accepts them (capped by the kernel's
 * net.core.somaxconn). Node's default, 511, overflows when a burst of students' browsers connects while the loop is
 * busy with a turn of saves; an overflowing handshake is dropped, and the browser tries again only after 1 s, then
 * 3 s: a save that waits seconds whatever the server's load shedding does (README "Load shedding").
 */
const LISTEN_BACKLOG = 4096;

async function serve(config: Config, db: Executor): Promise<void> {
  const health: HealthState = { stopping: false };
  const app = await buildApp({
    db,
    config,
    logger: { stream: serverLogDestination() },
    serveSpa: true,
    health,
  });
  const penutupan: { penjadwal?: PenjadwalPenutupan } = {};
  stopOnSignals({
    app,
    db,
    health,
    log: app.log,
    beforeDbClose: async () => penutupan.penjadwal?.berhenti(),
    drainMs: config.shutdownDrainMs,
    timeoutMs: config.shutdownTimeoutMs,
  });
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  hapusLaporanLamaSetiapJam(db, config.laporanSimpanHari, app.log);
  // Every process looks for schedules to close; the lease lets one of them (of every machine) close each. Only
  // once listening: on SQLite a close keeps the event loop busy, and the server must be up (and say "hasil sedang
  // dihitung") meanwhile.
  penutupan.penjadwal = mulaiPenjadwalPenutupan(db, {
    jam: Date.now,
    bolehMenutup: () => (health.masalahJam?.() ?? null) === null,
    lapor: (error, idJadwal) => {
      const fault = databaseFaultOf(error);
      // A database that is away fails every look of the scheduler: a short warning each, not a stack.
      if (fault) app.log.warn({ reason: `database_${fault}`, idJadwal }, 'penutupan menunggu basis data');
      else app.log.error({ err: error, idJadwal }, 'penutupan jadwal gagal');
    },
  });
}

/** Deletes reports older than LAPORAN_SIMPAN_HARI now and every hour after (each process; the delete is idempotent). */
function hapusLaporanLamaSetiapJam(db: Executor, hari: number, log: FastifyBaseLogger): void {
  const hapus = () =>
    void hapusLaporanSebelum(db, Date.now() - hari * 24 * 60 * 60 * 1000).then(
      (jumlah) => jumlah > 0 && log.info({ jumlah }, 'laporan lama dihapus'),
      (error: unknown) => log.warn({ err: error }, 'laporan lama belum terhapus'),
    );
  hapus();
  setInterval(hapus, 60 * 60 * 1000).unref();
}

/**
 * Forks the workers and replaces one that dies. SIGINT/SIGTERM are passed on to every worker, each of which stops
 * gracefully (gracefulStop.ts); the primary exits once they all have, with 1 if one failed to stop cleanly or they
 * had not all stopped after SHUTDOWN_TIMEOUT (the rest are then killed).
 */
function startWorkers(config: Config): void {
  const count = config.workers;
  let stopping = false;
  const served = new Set<number>();
  const notAccepting = new Set<number>();
  /** Once no worker accepts connections, each may close its own after their answers (gracefulStop.ts). */
  const tellWhenNoneAccepts = () => {
    const workers = Object.values(cluster.workers ?? {});
    if (!workers.every((worker) => worker && notAccepting.has(worker.id))) return;
    // A worker may be exiting with its channel still open: the send then fails (EPIPE), and unheard it is no harm
    // (that worker is stopping), so the callback keeps it out of the log.
    for (const worker of workers) if (worker?.isConnected()) worker.send(NONE_ACCEPTING, () => undefined);
  };
  cluster.on('message', (worker, message) => {
    if (message !== NOT_ACCEPTING) return;
    notAccepting.add(worker.id);
    tellWhenNoneAccepts();
  });
  answerClusterMetrics(() =>
    Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && served.has(worker.id),
    ),
  );
  // Any send to a worker whose channel has closed (it exits, or died during a scrape) fails as an 'error' event on
  // that Worker; unheard, it would end the primary and every worker with it.
  cluster.on('fork', (worker) =>
    worker.on('error', (error: Error) =>
      console.error(`pesan ke worker ${worker.process.pid} tidak terkirim: ${error.message}`),
    ),
  );
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('listening', (worker) => served.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      tellWhenNoneAccepts();
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
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit();
    for (const worker of workers) worker?.process.kill('SIGTERM');
    // A little after the workers' own deadline, so that a worker's forced exit is its own (and logged by it).
    setTimeout(() => {
      const left = Object.values(cluster.workers ?? {});
      console.error(
        `${left.length} worker belum berhenti setelah ${config.shutdownTimeoutMs} ms; dihentikan paksa`,
      );
      for (const worker of left) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownTimeoutMs + 500).unref();
  }
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
