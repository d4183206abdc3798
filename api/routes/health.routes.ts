import { createRoute } from '@hono/zod-openapi';
import { sql } from 'kysely';
import { z } from 'zod';
import { ErrorCode } from '@contracts/error-codes.js';
import type { Db, Dialect } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import { createDiskWatch } from '../storage/disk-space.js';

/** A health check must answer quickly even when the database hangs. */
const PROBE_TIMEOUT_MS = 2000;
const RETRY_AFTER_S = 5;

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  uptimeS: z.number(),
  /** Each dependency: the database answers; the data folder's disk is above its floor ('low': uploads are refused). */
  checks: z.object({ database: z.literal('up'), disk: z.enum(['ok', 'low', 'unreadable']) }),
});

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

export function registerHealthRoutes(app: Router, { db, dialect, dataDir, diskFloorBytes }: HealthDeps): void {
  const diskWatch = createDiskWatch(dataDir, diskFloorBytes);
  app.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['System'],
      description: 'HTTP 503 with code 50303, `data.down` naming the dependency and a Retry-After header while the database does not answer.',
      responses: okResponse(healthSchema, 'The service and its dependencies answer'),
    }),
    async (c) => {
      try {
        await withTimeout(sql`select 1`.execute(db), PROBE_TIMEOUT_MS);
      } catch {
        throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'Database unavailable', { retryAfter: RETRY_AFTER_S, down: ['database'] }, { 'Retry-After': String(RETRY_AFTER_S) });
      }
      const disk = await diskWatch.status();
      return ok(c, { status: 'ok' as const, database: dialect, uptimeS: Math.round(process.uptime()), checks: { database: 'up' as const, disk } });
    },
  );
}
