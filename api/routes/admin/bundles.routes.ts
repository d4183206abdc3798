import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { adminBundlePageSchema, adminBundleQuerySchema, adminBundleSchema, bundleOptionsSchema, createBundleRequestSchema, updateBundleRequestSchema } from '@contracts/admin/bundles.js';
import { adminIdSchema } from '@contracts/admin/common.js';
import { managerActor } from '../../http/manager-only.js';
import { jsonBody, okResponse, type Router } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import type { AdminBundleService } from '../../services/admin-bundles.service.js';

const tags = ['Admin'];
const params = z.object({ bundleId: adminIdSchema });

/** Publishing bundles (docs/admin-billing.md): every change is audited and shows on /pricing at once. */
export function registerAdminBundleRoutes(app: Router, bundles: AdminBundleService): void {
  app.openapi(
    createRoute({ method: 'get', path: '/admin/bundles', tags, request: { query: adminBundleQuerySchema }, responses: okResponse(adminBundlePageSchema, 'Every bundle (published or not) in pricing order, with its items and holders') }),
    async (c) => ok(c, await bundles.list(c.req.valid('query'))),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/admin/bundles/options', tags, responses: okResponse(bundleOptionsSchema, 'What the bundle editor offers: products, conversion types, currencies, durations, quota types') }),
    async (c) => ok(c, await bundles.options()),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/admin/bundles', tags, request: jsonBody(createBundleRequestSchema), responses: okResponse(adminBundleSchema, 'The new bundle (bundle.create)') }),
    async (c) => ok(c, await bundles.create(managerActor(c), c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/admin/bundles/{bundleId}',
      tags,
      request: { params, ...jsonBody(updateBundleRequestSchema) },
      responses: okResponse(adminBundleSchema, 'The bundle after the change (bundle.update); orders keep the amount they were made at'),
    }),
    async (c) => ok(c, await bundles.update(managerActor(c), c.req.valid('param').bundleId, c.req.valid('json'))),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/admin/bundles/{bundleId}/publish', tags, request: { params }, responses: okResponse(adminBundleSchema, 'The bundle, on the pricing page from now on (bundle.publish)') }),
    async (c) => ok(c, await bundles.publish(managerActor(c), c.req.valid('param').bundleId)),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/admin/bundles/{bundleId}/unpublish', tags, request: { params }, responses: okResponse(adminBundleSchema, 'The bundle, off the pricing page; holders keep what they have (bundle.unpublish)') }),
    async (c) => ok(c, await bundles.unpublish(managerActor(c), c.req.valid('param').bundleId)),
  );

  app.openapi(
    createRoute({ method: 'delete', path: '/admin/bundles/{bundleId}', tags, request: { params }, responses: okResponse(z.null(), 'Deleted (bundle.delete); 40904 when users hold it') }),
    async (c) => ok(c, await bundles.remove(managerActor(c), c.req.valid('param').bundleId)),
  );
}
