import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { createOrderRequestSchema, orderIdRequestSchema, orderListQuerySchema, orderPageSchema, orderSchema } from '@contracts/orders.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import type { OrderService } from '../services/order.service.js';
import { requestLang } from '../http/request-lang.js';
import { requireUser } from './user.routes.js';

const tags = ['Orders'];
const idParam = z.object({ orderId: z.string().min(1).max(64) });

export function registerOrderRoutes(app: Router, orders: OrderService): void {
  app.openapi(
    createRoute({ method: 'post', path: '/order/create', tags, request: jsonBody(createOrderRequestSchema), responses: okResponse(orderSchema, 'A paying order (the live one when the user already has one for this bundle); 40404 for a trial, unpublished or unknown bundle; 40903 when the user already has this membership (not ended)') }),
    async (c) => ok(c, await orders.create(requireUser(c).id, c.req.valid('json').bundleId, requestLang(c))),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/order/cancel', tags, request: jsonBody(orderIdRequestSchema), responses: okResponse(orderSchema, 'The cancelled order; 40902 unless it was paying') }),
    async (c) => ok(c, await orders.cancel(requireUser(c).id, c.req.valid('json').orderId, requestLang(c))),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/order/delete', tags, request: jsonBody(orderIdRequestSchema), responses: okResponse(z.null(), 'Hidden from the user\'s list; 40902 for a paying order (cancel it first)') }),
    async (c) => ok(c, await orders.remove(requireUser(c).id, c.req.valid('json').orderId)),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/order/{orderId}', tags, request: { params: idParam }, responses: okResponse(orderSchema, 'One order (owner only)') }),
    async (c) => ok(c, await orders.get(requireUser(c).id, c.req.valid('param').orderId, requestLang(c))),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/my/order', tags, request: { query: orderListQuerySchema }, responses: okResponse(orderPageSchema, 'The user\'s orders, newest first, without deleted ones') }),
    async (c) => ok(c, await orders.page(requireUser(c).id, c.req.valid('query'), requestLang(c))),
  );
}
