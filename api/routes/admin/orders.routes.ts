import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { adminIdSchema } from '@contracts/admin/common.js';
import {
  adminMembershipPageSchema,
  adminMembershipQuerySchema,
  adminOrderDetailSchema,
  adminOrderExportQuerySchema,
  adminOrderPageSchema,
  adminOrderQuerySchema,
  refundRequestSchema,
  refundResultSchema,
  revenueQuerySchema,
  revenueSchema,
} from '@contracts/admin/orders.js';
import { managerActor } from '../../http/manager-only.js';
import { jsonBody, okResponse, type Router } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import type { AdminOrderService } from '../../services/admin-orders.service.js';
import type { OrderRefundService } from '../../services/order-refund.service.js';

const tags = ['Admin'];
const params = z.object({ orderId: adminIdSchema });

/** `orders-2026-11-23T19-30-00Z.csv`: when it was made, safe in every file system. */
const exportName = (now: number) => `orders-${new Date(now).toISOString().slice(0, 19).replace(/:/g, '-')}Z.csv`;

/** Orders, memberships, revenue, the streamed CSV export and refunds (docs/admin-billing.md). Static paths first, then `{orderId}`. */
export function registerAdminOrderRoutes(app: Router, orders: AdminOrderService, refunds: OrderRefundService, now: () => number): void {
  app.openapi(
    createRoute({ method: 'get', path: '/admin/orders', tags, request: { query: adminOrderQuerySchema }, responses: okResponse(adminOrderPageSchema, 'Orders newest first, filtered and paged on the server') }),
    async (c) => ok(c, await orders.list(c.req.valid('query'))),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/orders/export.csv',
      tags,
      request: { query: adminOrderExportQuerySchema },
      responses: { 200: { description: 'Every order matching the filters as CSV (UTF-8 with BOM), streamed in batches as an attachment', content: { 'text/csv': { schema: z.string() } } } },
    }),
    (c) =>
      c.body(orders.exportCsv(c.req.valid('query')), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exportName(now())}"`,
        'Cache-Control': 'private, no-store',
      }),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/admin/orders/memberships', tags, request: { query: adminMembershipQuerySchema }, responses: okResponse(adminMembershipPageSchema, 'Memberships newest first with their state and current period') }),
    async (c) => ok(c, await orders.memberships(c.req.valid('query'))),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/admin/orders/revenue', tags, request: { query: revenueQuerySchema }, responses: okResponse(revenueSchema, 'Paid orders (refunds excluded) per bundle and currency') }),
    async (c) => ok(c, await orders.revenue(c.req.valid('query'))),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/admin/orders/{orderId}', tags, request: { params }, responses: okResponse(adminOrderDetailSchema, 'One order, the quota it granted (what a refund takes back) and its membership') }),
    async (c) => ok(c, await orders.detail(c.req.valid('param').orderId)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/orders/{orderId}/refund',
      tags,
      request: { params, ...jsonBody(refundRequestSchema) },
      responses: okResponse(refundResultSchema, 'Refunded once (order.refund): through the provider, its quota taken back, its membership ended; 40902 when not paid or already refunding'),
    }),
    async (c) => ok(c, await refunds.refund(managerActor(c), c.req.valid('param').orderId, c.req.valid('json').reason, c.get('log'))),
  );
}
