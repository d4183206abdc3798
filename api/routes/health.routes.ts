import { createRoute } from '@hono/zod-openapi';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db, Dialect } from '../db/index.js';
import { okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']), uptimeS: z.number() });

export function registerHealthRoutes(app: Router, db: Db, dialect: Dialect): void {
  app.openapi(
    createRoute({ method: 'get', path: '/health', tags: ['System'], responses: okResponse(healthSchema, 'The service and its database answer') }),
    async (c) => {
      await sql`select 1`.execute(db);
      return ok(c, { status: 'ok' as const, database: dialect, uptimeS: Math.round(process.uptime()) });
    },
  );
}
