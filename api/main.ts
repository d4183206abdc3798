import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { loadConfig, type AppConfig } from './config.js';
import { openDb } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { seed } from './db/seed.js';
import { createLibreOfficePool, findSoffice } from './engines/libreoffice/pool.js';
import { resumeInterruptedConversions, startSweeper } from './jobs/sweeper.js';
import { createLogger } from './logger.js';
import { loadOrCreateSecret } from './secrets.js';
import { serveBuiltApp } from './static.js';

export interface StartOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  /** The built PWA; default `dist`. */
  staticDir?: string;
  databaseUrl?: string;
  adminPassword?: string;
  logLevel?: AppConfig['logLevel'];
}

export interface RunningServer {
  url: string;
  config: AppConfig;
  /** Printed once by `npm start` when the admin account was just created with a generated password. */
  generatedAdminPassword: string | undefined;
  servesApp: boolean;
  /** False when LibreOffice is missing: browser conversions still work. */
  officeEnabled: boolean;
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/** The warm LibreOffice pool, or null (with a warning) when LibreOffice is not installed. */
function startOfficePool(config: AppConfig, logger: Logger) {
  if (config.officePoolSize === 0) return null;
  if (!findSoffice()) {
    logger.warn('LibreOffice not found: server conversions are off (npm start installs it when run as root)');
    return null;
  }
  const engine = createLibreOfficePool({
    size: config.officePoolSize,
    workDir: join(resolve(config.dataDir), 'office'),
    timeoutMs: config.conversionTimeoutMs,
    logger,
  });
  return { engine, size: config.officePoolSize };
}

/** Migrates and seeds the database, then serves the API and the built PWA on one port. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const base = loadConfig();
  const config: AppConfig = {
    ...base,
    port: opts.port ?? base.port,
    host: opts.host ?? base.host,
    dataDir: opts.dataDir ?? base.dataDir,
    databaseUrl: opts.databaseUrl ?? base.databaseUrl,
    adminPassword: opts.adminPassword ?? base.adminPassword,
    logLevel: opts.logLevel ?? base.logLevel,
  };
  const logger = createLogger(config.logLevel);
  const handle = openDb({ databaseUrl: config.databaseUrl, sqlitePath: join(config.dataDir, 'app.db') });
  await migrateToLatest(handle);
  const seeded = await seed(handle.db, { adminPassword: config.adminPassword });
  const secret = loadOrCreateSecret(config.dataDir, config.sessionSecret);
  const office = startOfficePool(config, logger);
  const { app, queue, store } = createApp({ config, handle, logger, secret, office });
  const servesApp = serveBuiltApp(app, opts.staticDir ?? 'dist');
  const resumed = await resumeInterruptedConversions(handle.db, (id) => queue.enqueue(id));
  if (resumed > 0) logger.info({ resumed }, 'resumed conversions interrupted by a stop');
  const stopSweeper = startSweeper(handle.db, store, {
    intervalMs: SWEEP_INTERVAL_MS,
    now: Date.now,
    onError: (err) => logger.error({ err }, 'sweep failed (files or orders)'),
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  await new Promise<void>((ok, fail) => {
    server.once('listening', ok);
    server.once('error', fail);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host}:${port}`;
  logger.info({ url, database: handle.dialect }, 'listening');
  return {
    url,
    config,
    generatedAdminPassword: seeded.generatedAdminPassword,
    servesApp,
    officeEnabled: office !== null,
    async close() {
      stopSweeper();
      await new Promise<void>((ok) => server.close(() => ok()));
      await queue.idle();
      await office?.engine.close();
      await handle.close();
    },
  };
}
