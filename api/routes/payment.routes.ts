import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ErrorCode } from '@contracts/error-codes.js';
import { orderIdRequestSchema, orderSchema, paymentCreatedSchema, sandboxCheckoutSchema } from '@contracts/orders.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import { WebhookRejected, type PaymentProvider } from '../payments/provider.js';
import type { PaymentService } from '../services/payment.service.js';
import { requestLang } from '../http/request-lang.js';
import { requireUser } from './user.routes.js';

const tags = ['Payments'];
const paymentParam = z.object({ paymentId: z.string().min(1).max(64) });

export function registerPaymentRoutes(app: Router, payments: PaymentService, provider: PaymentProvider): void {
  app.openapi(
    createRoute({ method: 'post', path: '/payment/create', tags, request: jsonBody(orderIdRequestSchema), responses: okResponse(paymentCreatedSchema, 'Where to pay; 40902 unless the order is paying, 50201 (HTTP 502) when the provider failed') }),
    async (c) => ok(c, await payments.create(requireUser(c).id, c.req.valid('json').orderId, requestLang(c), c.get('log'))),
  );

  // The provider calls this, signed, without cookies (exempt from XSRF in app.ts). The raw body is
  // read as text because the signature covers its exact bytes; it is parsed only after verifying.
  app.post('/payment/webhook/:provider', async (c) => {
    if (c.req.param('provider') !== provider.name) return c.json({ code: ErrorCode.NOT_FOUND, msg: 'No such payment provider', data: null }, 404);
    const rawBody = await c.req.text();
    try {
      await payments.handleWebhook(rawBody, c.req.raw.headers, c.get('log'));
    } catch (err) {
      if (!(err instanceof WebhookRejected)) throw err;
      c.get('log').warn({ reason: err.message, provider: provider.name }, 'payment webhook rejected');
      return c.json({ code: ErrorCode.VALIDATION_FAILED, msg: 'Webhook signature not verified', data: { signature: 'validation.invalid' } }, 400);
    }
    return ok(c, { received: true });
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/payment/webhook/{provider}',
    tags,
    description: 'Called by the payment provider with its signed event (Stripe: Stripe-Signature; sandbox: X-Sandbox-Signature). Replays are acknowledged and change nothing.',
    request: { params: z.object({ provider: z.enum(['sandbox', 'stripe']) }) },
    responses: {
      ...okResponse(z.object({ received: z.literal(true) }), 'Accepted (also for replays and events that are not acted on)'),
      400: { description: 'Signature or body not verified: 40001, nothing changed' },
      404: { description: 'Not the configured provider' },
    },
  });

  if (provider.name !== 'sandbox') return;

  // The built-in sandbox checkout page (only when it is the provider).
  app.openapi(
    createRoute({ method: 'get', path: '/payment/sandbox/{paymentId}', tags, request: { params: paymentParam }, responses: okResponse(sandboxCheckoutSchema, 'The sandbox checkout (owner only)') }),
    async (c) => ok(c, await payments.sandboxCheckout(requireUser(c).id, c.req.valid('param').paymentId, requestLang(c))),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/payment/sandbox/{paymentId}/pay', tags, request: { params: paymentParam }, responses: okResponse(orderSchema, 'Paid through the signed webhook path: the order, now paid; 40902 when the payment or order is no longer open') }),
    async (c) => ok(c, await payments.sandboxPay(requireUser(c).id, c.req.valid('param').paymentId, requestLang(c), c.get('log'))),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/payment/sandbox/{paymentId}/cancel', tags, request: { params: paymentParam }, responses: okResponse(orderSchema, 'The payment is cancelled: the order, still paying') }),
    async (c) => ok(c, await payments.sandboxCancel(requireUser(c).id, c.req.valid('param').paymentId, requestLang(c), c.get('log'))),
  );
}
