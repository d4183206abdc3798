import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import type { HealthService } from '../services/health.service.js';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  uptimeS: z.number(),
  /** Each dependency: the database answers; the data folder's disk is above its floor ('low': uploads are refused). */
  checks: z.object({ database: z.literal('up'), disk: z.enum(['ok', 'low', 'unreadable']) }),
});

const readySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['sqlite', 'postgres']),
  checks: z.object({ database: z.literal('up'), migrations: z.literal('applied') }),
});

export function registerHealthRoutes(app: Router, health: HealthService): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['System'],
      description: 'HTTP 503 with code 50303, `data.down` naming the dependency and a Retry-After header while the database does not answer.',
      responses: okResponse(healthSchema, 'The service and its dependencies answer'),
    }),
    async (c) => ok(c, await health.check()),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/health/ready',
      tags: ['System'],
      description:
        'Readiness, for a load balancer or orchestrator: the database answers and every migration of this version is applied. Else HTTP 503 with code 50303, `data.down` `["database"]` or `["migrations"]` (with `data.pending`, their names) and a Retry-After header.',
      responses: okResponse(readySchema, 'Ready to take traffic'),
    }),
    async (c) => ok(c, await health.ready()),
  );
}
