import { mkdir, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { openDb } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { createEnginePool } from './engine-threads/pool.js';
import { createConversionRun } from './jobs/conversion-runner.js';
import { pgBossQueueFactory } from './jobs/pg-boss-queue.js';
import { startPgBoss, stopPgBoss } from './jobs/pg-boss.js';
import { scheduleSweeps } from './jobs/scheduled-sweeps.js';
import { createLogger } from './logger.js';
import { startOfficePool } from './office/start-office.js';
import { fileStoreFromConfig } from './storage/store-from-config.js';
import { loadOrCreateSecret } from './secrets.js';

export interface RunningWorker {
  /** Conversion jobs this process runs at once. */
  concurrency: number;
  officeEnabled: boolean;
  close(): Promise<void>;
}

/**
 * A conversion worker (`npm run worker`): no HTTP, only pg-boss jobs on the shared PostgreSQL,
 * with its own LibreOffice pool and engine threads, so conversion capacity scales apart from the
 * API processes. It also takes its turn at the scheduled sweeps.
 */
export async function startWorker(overrides: Partial<AppConfig> = {}): Promise<RunningWorker> {
  const config: AppConfig = { ...loadConfig(), ...overrides };
  if (!config.databaseUrl) throw new ConfigError('npm run worker needs DATABASE_URL (PostgreSQL): on SQLite, npm start converts in its own process');
  const logger = createLogger(config.logLevel);
  const handle = openDb({
    databaseUrl: config.databaseUrl,
    onConnectionError: (err) => logger.warn({ err: err.message }, 'database connection lost; jobs wait until it is back'),
  });
  await migrateToLatest(handle);
  const scratch = await claimScratch(config.dataDir);
  const office = startOfficePool(config, logger, join(scratch, 'office'));
  const engines = createEnginePool({
    ...config.engines,
    // Room for every job this worker runs at once, so its own jobs never meet `busy`.
    maxQueue: Math.max(config.engines.threads * 4, office?.size ?? 1),
    onError: (err) => logger.error({ err }, 'engine thread failed'),
  });
  const store = fileStoreFromConfig(config);
  const boss = await startPgBoss({ databaseUrl: config.databaseUrl, expireSeconds: config.jobExpireSeconds, logger });
  const lifecycle = { stopping: false };
  const run = createConversionRun(
    { db: handle.db, store, office: office?.engine ?? null, engines, now: Date.now, timeoutMs: config.conversionTimeoutMs, workDir: join(scratch, 'jobs'), isStopping: () => lifecycle.stopping, logger, secret: loadOrCreateSecret(config.dataDir, config.sessionSecret) },
    config.jobMaxAttempts,
  );
  const concurrency = office?.size ?? 1;
  const queue = (await pgBossQueueFactory(boss, { config, work: true, logger }))(run, concurrency);
  const stopSweeps = await scheduleSweeps(boss, handle.db, store, { now: Date.now, onError: (err) => logger.error({ err }, 'sweep failed (files, orders or sessions)') });
  logger.info({ concurrency, office: office !== null }, 'conversion worker started');

  let closing: Promise<void> | undefined;
  /**
   * Graceful stop: fetch no more jobs, let running ones finish within the grace period, then stop
   * the engines; a job cut short is handed back to pg-boss, which retries it on another worker.
   */
  async function close(): Promise<void> {
    stopSweeps();
    queue.stop();
    const finished = await Promise.race([queue.idle().then(() => true), sleep(config.shutdownGraceMs).then(() => false)]);
    if (!finished) logger.warn({ running: queue.stats().running }, 'grace period over: running conversions are handed back for retry');
    lifecycle.stopping = true;
    await Promise.all([office?.engine.close(), engines.close()]);
    await queue.idle();
    await stopPgBoss(boss);
    await handle.close();
    await rm(scratch, { recursive: true, force: true });
  }
  return { concurrency, officeEnabled: office !== null, close: () => (closing ??= close()) };
}

/**
 * This process's own folder for LibreOffice profiles and job files: workers and API processes on
 * one machine may share DATA_DIR, and none may clear another's. Folders of workers no longer
 * running (killed, so they could not clear their own) are removed.
 */
async function claimScratch(dataDir: string): Promise<string> {
  const root = join(resolve(dataDir), 'workers');
  const names = await readdir(root).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => !isRunning(Number(n))).map((n) => rm(join(root, n), { recursive: true, force: true })));
  const mine = join(root, String(process.pid));
  await rm(mine, { recursive: true, force: true });
  await mkdir(mine, { recursive: true });
  return mine;
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms).unref());
