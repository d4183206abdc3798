import { createRoute } from '@hono/zod-openapi';
import { auditPageSchema, auditQuerySchema } from '@contracts/admin/audit.js';
import { okResponse, type Router } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import type { AuditService } from '../../services/audit.service.js';

const tags = ['Admin'];

export function registerAdminAuditRoutes(app: Router, audit: AuditService): void {
  app.openapi(
    createRoute({ method: 'get', path: '/admin/audit', tags, request: { query: auditQuerySchema }, responses: okResponse(auditPageSchema, 'Changes made by staff, newest first, filtered and paged') }),
    async (c) => ok(c, await audit.list(c.req.valid('query'))),
  );
}
