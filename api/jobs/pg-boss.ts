import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

export interface PgBossSettings {
  databaseUrl: string;
  /** The application's schema when not the default (tests): pg-boss then keeps its tables in `<schema>_boss`. */
  pgSchema?: string | undefined;
  /** A job active longer than this is taken for lost (its worker died) and retried. */
  expireSeconds: number;
  logger: Logger;
}

/**
 * Starts pg-boss on the application's PostgreSQL (its tables in a schema of their own, created or
 * migrated here under pg-boss's own lock, so instances may start together). Every instance also
 * runs its maintenance, which pg-boss itself serialises across them.
 */
export async function startPgBoss(s: PgBossSettings): Promise<PgBoss> {
  const options: PgBoss.ConstructorOptions & { connectionTimeoutMillis: number } = {
    connectionString: s.databaseUrl,
    schema: s.pgSchema ? `${s.pgSchema}_boss` : 'pgboss',
    application_name: 'docuflow-jobs',
    // Its own small pool: queue traffic never waits behind the API's queries, nor they behind it.
    max: 4,
    // Maintenance is what finds the jobs of a dead worker (expired) and retries them: a tenth of
    // the expiry keeps that delay close to the expiry itself.
    maintenanceIntervalSeconds: Math.min(60, Math.max(1, Math.round(s.expireSeconds / 10))),
    // Passed on to its pg pool (pg-boss's types do not list it): with the database down, queuing
    // fails in seconds (the request answers 50303) instead of hanging.
    connectionTimeoutMillis: 5000,
  };
  const boss = new PgBoss(options);
  // Without a listener an 'error' event (the database went away) would end the process; pg-boss
  // reconnects and its workers poll again once the database is back.
  boss.on('error', (err) => s.logger.warn({ err }, 'job queue (pg-boss) error'));
  await boss.start();
  return boss;
}

/**
 * Stops pg-boss once this process's own jobs have ended or been handed back (see
 * createPgBossQueue's stop): a job still active here is failed, so another worker retries it.
 */
export async function stopPgBoss(boss: PgBoss): Promise<void> {
  await boss.stop({ graceful: true, timeout: 1000, wait: true });
}
