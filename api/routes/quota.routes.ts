import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { bundleSchema, limitSchema, productQuotaSchema } from '@contracts/quota.js';
import type { Db } from '../db/index.js';
import type { AppEnv } from '../http/env.js';
import { okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import { listBundles, userQuotaEntries, type Lang } from '../services/bundle.service.js';
import { userLimits } from '../services/quota.service.js';
import { requireUser } from './user.routes.js';

const tags = ['Bundles and quotas'];

/** The caller's language: `?lang=`, else Accept-Language, else English. */
export function requestLang(c: Context<AppEnv>): Lang {
  const q = c.req.query('lang');
  if (q === 'zh' || q === 'en') return q;
  return /^zh/i.test(c.req.header('accept-language') ?? '') ? 'zh' : 'en';
}

export function registerQuotaRoutes(app: Router, db: Db, now: () => number): void {
  app.openapi(
    createRoute({ method: 'get', path: '/config/limit', tags, responses: okResponse(limitSchema, 'What the signed-in user may convert now') }),
    async (c) => ok(c, await userLimits(db, requireUser(c).id, now())),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/my/quota', tags, responses: okResponse(z.array(productQuotaSchema), 'Quota items per product') }),
    async (c) => ok(c, await userQuotaEntries(db, requireUser(c).id, requestLang(c))),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/bundle/list', tags, responses: okResponse(z.array(bundleSchema), 'Published bundles') }),
    async (c) => ok(c, await listBundles(db, requestLang(c))),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/bundle/list/{productId}', tags, request: { params: z.object({ productId: z.string().max(40) }) }, responses: okResponse(z.array(bundleSchema), 'Published bundles that include the product') }),
    async (c) => ok(c, await listBundles(db, requestLang(c), c.req.valid('param').productId)),
  );
}
