import type { DbHandle } from '../db/index.js';
import { DATABASE_RETRY_AFTER_S, dependencyDown } from '../http/app-error.js';
import { missingMigrations, pingDatabase } from '../repositories/health.repository.js';
import { createDiskWatch } from '../storage/disk-space.js';

/** A health check must answer quickly even when the database hangs. */
const PROBE_TIMEOUT_MS = 2000;

export interface HealthDeps {
  handle: DbHandle;
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
export function createHealthService({ handle, dataDir, diskFloorBytes }: HealthDeps) {
  const { db, dialect } = handle;
  const diskWatch = createDiskWatch(dataDir, diskFloorBytes);
  /**
   * Once every migration was seen applied it stays so (this code's list is fixed, and a migration
   * is never taken back), so later probes skip that query and only ping the database.
   */
  let migrated = false;
  const ping = async () => {
    try {
      await withTimeout(pingDatabase(db), PROBE_TIMEOUT_MS);
    } catch {
      throw dependencyDown('database', DATABASE_RETRY_AFTER_S, 'Database unavailable');
    }
  };
  return {
    /** 50303 with `down: ['database']` and Retry-After while the database does not answer. */
    async check() {
      await ping();
      const disk = await diskWatch.status();
      return { status: 'ok' as const, database: dialect, uptimeS: Math.round(process.uptime()), checks: { database: 'up' as const, disk } };
    },
    /**
     * Ready to serve: the database answers and holds every migration of this code. Else 50303,
     * `data.down` naming the database or the migrations (`data.pending` lists them).
     */
    async ready() {
      await ping();
      if (!migrated) {
        let pending: string[];
        try {
          pending = await withTimeout(missingMigrations(handle), PROBE_TIMEOUT_MS);
        } catch {
          throw dependencyDown('database', DATABASE_RETRY_AFTER_S, 'Database unavailable');
        }
        if (pending.length > 0) throw dependencyDown('migrations', DATABASE_RETRY_AFTER_S, `${pending.length} database migration(s) not applied`, { pending });
        migrated = true;
      }
      return { status: 'ready' as const, database: dialect, checks: { database: 'up' as const, migrations: 'applied' as const } };
    },
    /** Free bytes on the data folder's disk (as of the last reading, at most seconds old), null when unreadable. */
    diskFreeBytes: () => diskWatch.freeBytes(),
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
