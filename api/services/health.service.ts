import type { Db, Dialect } from '../db/index.js';
import { DATABASE_RETRY_AFTER_S, dependencyDown } from '../http/app-error.js';
import { pingDatabase } from '../repositories/health.repository.js';
import { createDiskWatch } from '../storage/disk-space.js';

/** A health check must answer quickly even when the database hangs. */
const PROBE_TIMEOUT_MS = 2000;

export interface HealthDeps {
  db: Db;
  dialect: Dialect;
  dataDir: string;
  diskFloorBytes: number;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('probe timed out')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** The service's own view of its dependencies: the database answers, the data folder's disk is above its floor. */
export function createHealthService({ db, dialect, dataDir, diskFloorBytes }: HealthDeps) {
  const diskWatch = createDiskWatch(dataDir, diskFloorBytes);
  return {
    /** 50303 with `down: ['database']` and Retry-After while the database does not answer. */
    async check() {
      try {
        await withTimeout(pingDatabase(db), PROBE_TIMEOUT_MS);
      } catch {
        throw dependencyDown('database', DATABASE_RETRY_AFTER_S, 'Database unavailable');
      }
      const disk = await diskWatch.status();
      return { status: 'ok' as const, database: dialect, uptimeS: Math.round(process.uptime()), checks: { database: 'up' as const, disk } };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
