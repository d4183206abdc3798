import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { bundleListQuerySchema, bundleSchema, limitQuerySchema, limitSchema, productQuotaSchema } from '@contracts/quota.js';
import { requestLang } from '../http/request-lang.js';
import { okResponse, type Router } from '../http/openapi.js';
import { ok, okShared } from '../http/respond.js';
import type { BundleService } from '../services/bundle.service.js';
import { requireUser } from './user.routes.js';

const tags = ['Bundles and quotas'];

export function registerQuotaRoutes(app: Router, bundles: BundleService): void {
  app.openapi(
    createRoute({ method: 'get', path: '/config/limit', tags, request: { query: limitQuerySchema }, responses: okResponse(limitSchema, 'What the signed-in user may convert now; with convertType, only with the live packages that include that type') }),
    async (c) => ok(c, await bundles.limits(requireUser(c).id, c.req.valid('query').convertType)),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/my/quota', tags, responses: okResponse(z.array(productQuotaSchema), 'Quota items per product') }),
    async (c) => ok(c, await bundles.quotaEntries(requireUser(c).id, requestLang(c))),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/bundle/list', tags, request: { query: bundleListQuerySchema }, responses: okResponse(z.array(bundleSchema), 'Published bundles; with convertType, only those that include that conversion type') }),
    async (c) => {
      const { convertType } = c.req.valid('query');
      return okShared(c, await (convertType ? bundles.listIncluding(requestLang(c), convertType) : bundles.list(requestLang(c))));
    },
  );

  app.openapi(
    createRoute({ method: 'get', path: '/bundle/list/{productId}', tags, request: { params: z.object({ productId: z.string().max(40) }) }, responses: okResponse(z.array(bundleSchema), 'Published bundles that include the product') }),
    async (c) => ok(c, await bundles.list(requestLang(c), c.req.valid('param').productId)),
  );
}
