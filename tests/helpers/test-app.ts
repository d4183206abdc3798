import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp, type AppDeps } from '../../api/app.js';
import { loadConfig, type AppConfig } from '../../api/config.js';
import { openDb, type DbHandle, type Dialect } from '../../api/db/index.js';
import { migrateToLatest } from '../../api/db/migrate.js';
import { seed } from '../../api/db/seed.js';
import { createLogger } from '../../api/logger.js';
import { TestClient } from './test-client.js';

export const ADMIN_TEST_PASSWORD = 'Admin-Passw0rd';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A migrated, seeded database of the given dialect; PostgreSQL gets a schema of its own, dropped on close. */
export async function openTestDb(dialect: Dialect): Promise<DbHandle> {
  if (dialect === 'sqlite') {
    const handle = openDb({ sqlitePath: ':memory:' });
    await migrateToLatest(handle);
    return handle;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const handle = await underDdlLock(url, async (admin) => {
    await admin.query(`create schema ${schema}`);
    const opened = openDb({ databaseUrl: url, pgSchema: schema });
    await migrateToLatest(opened);
    return opened;
  });
  return {
    ...handle,
    async close() {
      await handle.close();
      await underDdlLock(url, (admin) => admin.query(`drop schema ${schema} cascade`));
    },
  };
}

/**
 * Test files run two at a time, each with schemas of its own in one database. Kysely's migrator
 * first lists the tables of every schema, calling `pg_get_serial_sequence` by name for each
 * column, which fails ("column … does not exist") when another file renames a column or drops
 * its schema at that moment. Creating, migrating and dropping test schemas one at a time (an
 * advisory lock held by a connection of its own) keeps that listing away from other DDL.
 */
async function underDdlLock<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock(hashtext('docuflow-test-schema-ddl'))`);
    return await work(admin);
  } finally {
    // Closing the session releases the lock too, also when `work` failed.
    await admin.end();
  }
}

export interface TestApp {
  app: ReturnType<typeof createApp>['app'];
  queue: ReturnType<typeof createApp>['queue'];
  store: ReturnType<typeof createApp>['store'];
  handle: DbHandle;
  config: AppConfig;
  /** The app's services, for tests that drive what a scheduled job would (e.g. membership renewals). */
  services: ReturnType<typeof createApp>['services'];
  /** A fresh browser-like client with its own cookie jar. */
  client(): TestClient;
  /** Moves the app's clock (sessions, throttling) forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function createTestApp(
  dialect: Dialect,
  overrides: Partial<AppConfig> = {},
  office: AppDeps['office'] = null,
  payments?: AppDeps['payments'],
  /** Further app dependencies only tests set (e.g. the URL fetcher's DNS answers, a logger to read). */
  extra: Partial<Pick<AppDeps, 'pageFetch' | 'automation' | 'logger' | 'jobQueue'>> = {},
): Promise<TestApp> {
  const handle = await openTestDb(dialect);
  await seed(handle.db, { adminPassword: ADMIN_TEST_PASSWORD });
  const dataDir = await mkdtemp(join(tmpdir(), 'docuflow-test-'));
  const config = { ...loadConfig({ NODE_ENV: 'test' }), trustProxy: true, dataDir, ...overrides };
  let offset = 0;
  const { app, queue, store, engines, embedder, services } = createApp({
    config,
    handle,
    // TEST_LOG_LEVEL=error shows what a 50001 hid, when a test fails only on a loaded machine.
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    secret: randomBytes(32).toString('hex'),
    office,
    ...(payments ? { payments } : {}),
    ...extra,
    now: () => Date.now() + offset,
  });
  return {
    app,
    queue,
    store,
    handle,
    config,
    services,
    client: () => new TestClient(app),
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await queue.idle();
      await engines.close();
      const embedding = services.qaEmbed.stop();
      await embedder.close();
      await embedding;
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
