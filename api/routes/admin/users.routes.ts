import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { adminGrantRequestSchema, adminUserDetailSchema, adminUserPageSchema, adminUserQuerySchema, adminUserSchema, userIdParamSchema } from '@contracts/admin/users.js';
import { managerActor } from '../../http/manager-only.js';
import { jsonBody, okResponse, type Router } from '../../http/openapi.js';
import { requestLang } from '../../http/request-lang.js';
import { ok } from '../../http/respond.js';
import type { AdminUsersService } from '../../services/admin-users.service.js';

const tags = ['Admin'];
/** Product and bundle names come in this language (default: Accept-Language). */
const langQuery = z.object({ lang: z.enum(['en', 'zh']).optional() });

/** Accounts for staff: search, detail (quotas, orders, usage), grant a quota item, disable and enable (each audited). */
export function registerAdminUsersRoutes(app: Router, users: AdminUsersService): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/users',
      tags,
      request: { query: adminUserQuerySchema },
      responses: okResponse(adminUserPageSchema, 'Accounts whose user id or e-mail starts with q (any case), exact matches first, then newest; paged'),
    }),
    async (c) => ok(c, await users.search(c.req.valid('query'))),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/admin/users/{id}', tags, request: { params: userIdParamSchema, query: langQuery }, responses: okResponse(adminUserDetailSchema, 'The account with its quota items, latest 20 orders and conversions, and conversions per type over 30 days; 40404 unknown') }),
    async (c) => ok(c, await users.detail(c.req.valid('param').id, requestLang(c))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/users/{id}/grant',
      tags,
      request: { params: userIdParamSchema, query: langQuery, ...jsonBody(adminGrantRequestSchema) },
      responses: okResponse(adminUserDetailSchema, 'Granted one quota item (audited user.grant); the account as GET shows it. 40001 per field, 40404 unknown account'),
    }),
    async (c) => ok(c, await users.grant(managerActor(c), c.req.valid('param').id, c.req.valid('json'), requestLang(c))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/users/{id}/disable',
      tags,
      request: { params: userIdParamSchema },
      responses: okResponse(adminUserSchema, 'Disabled, its sessions ended (audited user.disable); 40301 {reason: self|lastManager}; 40404 unknown'),
    }),
    async (c) => ok(c, await users.disable(managerActor(c), c.req.valid('param').id)),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/admin/users/{id}/enable', tags, request: { params: userIdParamSchema }, responses: okResponse(adminUserSchema, 'Enabled again (audited user.enable); 40404 unknown') }),
    async (c) => ok(c, await users.enable(managerActor(c), c.req.valid('param').id)),
  );
}
