import { createRoute } from '@hono/zod-openapi';
import { statsQuerySchema, statsSchema } from '@contracts/admin/stats.js';
import { okResponse, type Router } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import type { AdminStatsService } from '../../services/admin-stats.service.js';

const tags = ['Admin'];

export function registerAdminStatsRoutes(app: Router, stats: AdminStatsService): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/stats',
      tags,
      request: { query: statsQuerySchema },
      responses: okResponse(statsSchema, 'The dashboard over a range of UTC days (default: the last 30 ending today); 40001 for `from` after `to` or more than 366 days'),
    }),
    async (c) => ok(c, await stats.stats(c.req.valid('query'))),
  );
}
