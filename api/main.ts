import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, jobFolder } from './app.js';
import { loadConfig, type AppConfig } from './config.js';
import { openDb } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { seed } from './db/seed.js';
import { startOfficePool } from './office/start-office.js';
import { pgBossQueueFactory } from './jobs/pg-boss-queue.js';
import { startPgBoss, stopPgBoss } from './jobs/pg-boss.js';
import { scheduleSweeps } from './jobs/scheduled-sweeps.js';
import { resumeInterruptedConversions, startSweeper } from './jobs/sweeper.js';
import { createLogger } from './logger.js';
import { loadOrCreateSecret } from './secrets.js';
import { serveBuiltApp } from './static.js';
import { bundleListPath } from '@contracts/quota-values.js';

export interface StartOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  /** The built PWA; default `dist`. */
  staticDir?: string;
  databaseUrl?: string;
  adminPassword?: string;
  logLevel?: AppConfig['logLevel'];
  /** Any other setting (tests: disk floor, grace period, engine limits). */
  overrides?: Partial<AppConfig>;
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

/** Migrates and seeds the database, then serves the API and the built PWA on one port. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const base = loadConfig();
  const config: AppConfig = {
    ...base,
    port: opts.port ?? base.port,
    host: opts.host ?? base.host,
    dataDir: opts.dataDir ? resolve(opts.dataDir) : base.dataDir,
    databaseUrl: opts.databaseUrl ?? base.databaseUrl,
    adminPassword: opts.adminPassword ?? base.adminPassword,
    logLevel: opts.logLevel ?? base.logLevel,
    ...opts.overrides,
  };
  const logger = createLogger(config.logLevel);
  const handle = openDb({
    databaseUrl: config.databaseUrl,
    sqlitePath: join(config.dataDir, 'app.db'),
    onConnectionError: (err) => logger.warn({ err: err.message }, 'database connection lost; requests answer 50303 until it is back'),
  });
  await migrateToLatest(handle);
  const seeded = await seed(handle.db, { adminPassword: config.adminPassword });
  const secret = loadOrCreateSecret(config.dataDir, config.sessionSecret);
  const office = startOfficePool(config, logger, join(resolve(config.dataDir), 'office'));
  // On PostgreSQL, conversions and sweeps are pg-boss jobs shared by every instance (see ARCHITECTURE.md, Scale).
  const boss = handle.dialect === 'postgres' && config.databaseUrl ? await startPgBoss({ databaseUrl: config.databaseUrl, pgSchema: handle.pgSchema, expireSeconds: config.jobExpireSeconds, logger }) : null;
  const jobQueue = boss ? await pgBossQueueFactory(boss, { config, work: config.jobWorker === 'embedded', logger }) : undefined;
  const { app, queue, store, lifecycle, engines, embedder, limiters, mailer, services } = createApp({ config, handle, logger, secret, office, ...(jobQueue ? { jobQueue } : {}) });
  // /pricing is rendered with the published bundles (cached by the bundle service, invalidated when staff change one).
  const servesApp = serveBuiltApp(app, opts.staticDir ?? 'dist', {
    sources: { '/pricing': async (lang) => ({ [bundleListPath(lang)]: await services.bundles.list(lang) }) },
    onError: (err, what) => logger.error({ err }, `${what} failed: the prerendered page is served instead`),
  });
  // Nothing runs yet: whatever a crash left in the job folders belongs to no job.
  await rm(jobFolder(config.dataDir), { recursive: true, force: true });
  const resumed = await resumeInterruptedConversions(handle.db, (id) => queue.enqueue(id));
  if (resumed > 0) logger.info({ resumed }, 'resumed conversions interrupted by a stop');
  const sweeperOptions = {
    intervalMs: SWEEP_INTERVAL_MS,
    now: Date.now,
    onError: (err: unknown) => logger.error({ err }, 'sweep failed (files, orders, sessions or memberships)'),
    // The sandbox provider renews its memberships here on real time (Stripe renews by itself and sends webhooks).
    // Subscribed video feeds whose poll is due (each feed claimed first, so overlapping runs never share one).
    // Automation: screenshots of runs ended three hours ago, and runs a stopped instance left (their lease ran out).
    extra: {
      'renew-memberships': () => services.memberships.runDueRenewals(logger),
      'poll-video-feeds': () => services.videoSubscriptions.pollDue(),
      'automation-upkeep': (t: number) => services.automation.upkeep(t),
    },
  };
  const stopSweeper = boss ? await scheduleSweeps(boss, handle.db, store, sweeperOptions) : startSweeper(handle.db, store, sweeperOptions);
  // Automation: runs a stop left behind, then cron slots (each claimed in the database, so once across instances).
  await services.automation.executor.recover();
  const stopAutomationSchedules = services.automation.scheduler.start();

  // serve() makes an HTTP/1 server unless given an HTTP/2 factory, which we never pass.
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }) as Server;
  // A client that goes away makes its request emit 'error' ('aborted'). Whoever reads the body
  // sees that error through its stream; but a request still waiting for its handler (the
  // database, a rate limit) has no reader yet, and an 'error' event with no listener would end
  // the process for every user. The request's own handler still fails as it should.
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    req.on('error', ignoreClientGone);
    res.on('error', ignoreClientGone);
  });
  await new Promise<void>((ok, fail) => {
    server.once('listening', ok);
    server.once('error', fail);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host}:${port}`;
  logger.info({ url, database: handle.dialect }, 'listening');
  let closing: Promise<void> | undefined;
  /**
   * Graceful stop: take no new connections or jobs, let running jobs finish within the grace
   * period, then stop the engines. Jobs still waiting or cut short stay 'converting' in the
   * database and run at the next start (on PostgreSQL pg-boss hands them to any worker); nothing
   * is lost or charged twice.
   */
  async function close(): Promise<void> {
    stopSweeper();
    stopAutomationSchedules();
    const stopped = new Promise<void>((ok) => server.close(() => ok()));
    server.closeIdleConnections();
    const requeued = queue.stop();
    if (requeued.length > 0) logger.info({ requeued: requeued.length }, 'waiting conversions left for the next start');
    const finished = await Promise.race([queue.idle().then(() => true), sleep(config.shutdownGraceMs).then(() => false)]);
    if (!finished) logger.warn({ running: queue.stats().running }, 'grace period over: running conversions are left for the next start');
    lifecycle.stopping = true;
    await Promise.all([office?.engine.close(), engines.close()]);
    await queue.idle();
    await services.automation.close();
    // Closing the model fails the batch in flight, so the embedding job stops at once; what it had not embedded is picked up after the next start.
    const embedding = services.qaEmbed.stop();
    await embedder.close();
    await embedding;
    server.closeAllConnections();
    await stopped;
    mailer?.close();
    await Promise.all([limiters.close(), boss ? stopPgBoss(boss) : undefined]);
    await handle.close();
  }
  return {
    url,
    config,
    generatedAdminPassword: seeded.generatedAdminPassword,
    servesApp,
    officeEnabled: office !== null,
    close: () => (closing ??= close()),
  };
}

const ignoreClientGone = () => undefined;
const sleep = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms).unref());
