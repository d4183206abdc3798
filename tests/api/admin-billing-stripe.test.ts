import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderPage, RefundResult } from '@contracts/admin/orders.js';
import { addMonths } from '@contracts/memberships.js';
import type { Order, PaymentCreated } from '@contracts/orders.js';
import { createStripeProvider } from '../../api/payments/stripe-provider.js';
import { auditOf, availCount } from '../helpers/admin-billing.js';
import { managerClient, userClient } from '../helpers/admin-clients.js';
import { invoiceObject, stripeEvent } from '../helpers/fake-stripe-billing.js';
import { FakeStripeRefunds } from '../helpers/fake-stripe-refunds.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const SECRET_KEY = 'sk_test_docuflow_refunds';
const WEBHOOK_SECRET = 'whsec_docuflow_refunds';
const TRIAL_CONVERSIONS = 20;

/**
 * Refunds through Stripe, tested at the HTTP boundary: the app's Stripe adapter talks to a local
 * stand-in of Stripe's API (tests/helpers/fake-stripe-refunds.ts), which records what it is asked.
 */
describe.each(testDialects())('admin refunds through Stripe on %s', (dialect) => {
  const stripeApi = new FakeStripeRefunds();
  let t: TestApp;
  let manager: TestClient;

  beforeAll(async () => {
    const port = await stripeApi.start();
    const provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, api: { host: '127.0.0.1', port, protocol: 'http' }, timeoutMs: 5000 });
    t = await createTestApp(dialect, { publicUrl: 'https://docuflow.test', stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET } }, null, provider);
    manager = await managerClient(t);
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.stop();
  });

  async function deliver(payload: string): Promise<void> {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.client().post('/api/v1/payment/webhook/stripe', null, { rawBody: payload, headers: { 'stripe-signature': signature }, xsrf: false });
    expect([res.status, res.code]).toEqual([200, 200]);
  }

  /** Orders a bundle and completes its Checkout Session as Stripe's webhook would; a membership also gets its first invoice paid. */
  async function buy(c: TestClient, bundleId: string) {
    const order = (await c.post<Order>('/api/v1/order/create', { bundleId })).data;
    const pay = await c.post<PaymentCreated>('/api/v1/payment/create', { orderId: order.orderId });
    const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(pay.data.payUrl)![1]!;
    const membership = bundleId.startsWith('membership');
    const subscription = membership ? `sub_test_${Math.random().toString(36).slice(2, 12)}` : null;
    await deliver(
      stripeEvent('checkout.session.completed', {
        id: sessionId,
        object: 'checkout.session',
        mode: membership ? 'subscription' : 'payment',
        client_reference_id: order.orderId,
        metadata: { orderId: order.orderId },
        amount_total: order.orderAmount,
        currency: 'usd',
        payment_status: 'paid',
        status: 'complete',
        subscription,
      }),
    );
    const start = Math.floor(Date.now() / 1000) * 1000;
    if (subscription) await deliver(stripeEvent('invoice.paid', invoiceObject({ id: `in_first_${subscription}`, subscription, orderId: order.orderId, amount: order.orderAmount, currency: 'USD', periodStart: start, periodEnd: addMonths(start, 1) })));
    return { order, sessionId, subscription, start };
  }

  const refund = (orderId: string) => manager.post<RefundResult>(`/api/v1/admin/orders/${orderId}/refund`, { reason: 'Customer asked' });
  const refundsOf = (orderId: string) => stripeApi.refundCalls.filter((r) => r.form.get('metadata[orderId]') === orderId);

  it('refunds a pack through the Refunds API: one request, with the idempotency key, for the checkout\'s payment intent', async () => {
    const { c } = await userClient(t, 'srp');
    const { order, sessionId } = await buy(c, 'monthly');
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + 300);

    const res = await refund(order.orderId);
    expect(res.code).toBe(200);
    const calls = refundsOf(order.orderId);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['idempotency-key']).toBe(`order-refund-${order.orderId}`);
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(Object.fromEntries(calls[0]!.form)).toMatchObject({ payment_intent: stripeApi.paymentIntentOf(sessionId), amount: '999', reason: 'requested_by_customer' });
    expect(res.data.order).toMatchObject({ status: 'refunded', payment: 'stripe' });
    expect(res.data.order.refundRef).toMatch(/^re_test_/);
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS);

    expect((await refund(order.orderId)).code).toBe(40902);
    expect(refundsOf(order.orderId)).toHaveLength(1);
  });

  it('leaves the order paid and refundable when Stripe fails (50201); the retry uses the same key and refunds once', async () => {
    const { c } = await userClient(t, 'srf');
    const { order } = await buy(c, 'monthly');
    stripeApi.failRefunds = true;
    try {
      const failed = await refund(order.orderId);
      expect([failed.status, failed.code]).toEqual([502, 50201]);
    } finally {
      stripeApi.failRefunds = false;
    }
    const listed = await manager.get<AdminOrderPage>(`/api/v1/admin/orders?q=${order.orderId}`);
    expect(listed.data.list[0]).toMatchObject({ status: 'paid', refunding: false });
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + 300);
    expect(await auditOf(manager, 'order.refund', order.orderId)).toHaveLength(0);

    expect((await refund(order.orderId)).code).toBe(200);
    const keys = new Set(refundsOf(order.orderId).map((r) => r.headers['idempotency-key']));
    expect([...keys]).toEqual([`order-refund-${order.orderId}`]);
    expect(await auditOf(manager, 'order.refund', order.orderId)).toHaveLength(1);
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS);
  });

  it('a membership: the renewal\'s refund ends the Stripe subscription first, then refunds that invoice\'s payment intent; the first order\'s refund refunds its own', async () => {
    const { c } = await userClient(t, 'srm');
    const { order, sessionId, subscription, start } = await buy(c, 'membership-1m');
    // A renewal: Stripe pays the next period's invoice with a payment intent of its own.
    const renewalInvoice = `in_renew_${subscription}`;
    const renewalIntent = stripeApi.addInvoice(renewalInvoice);
    await deliver(stripeEvent('invoice.paid', invoiceObject({ id: renewalInvoice, subscription: subscription!, orderId: order.orderId, amount: 799, currency: 'USD', periodStart: addMonths(start, 1), periodEnd: addMonths(start, 2) })));
    const renewal = (await manager.get<AdminOrderPage>(`/api/v1/admin/orders?bundle=membership-1m&status=paid&q=${encodeURIComponent((await c.get<{ userId: string }>('/api/v1/userInfo')).data.userId)}`)).data.list.find((o) => o.orderId !== order.orderId)!;
    expect(renewal).toMatchObject({ kind: 'membership', orderAmount: 799 });

    const first = stripeApi.calls.length;
    const res = await refund(renewal.orderId);
    expect([res.code, res.data.subscriptionEnded]).toEqual([200, true]);
    const made = stripeApi.calls.slice(first).map((call) => `${call.method} ${call.path}`);
    expect(made).toEqual([`DELETE /v1/subscriptions/${subscription}`, `GET /v1/invoices/${renewalInvoice}`, 'POST /v1/refunds']);
    expect(stripeApi.refundCalls.at(-1)!.form.get('payment_intent')).toBe(renewalIntent);

    // The subscription has ended already: the first order's refund only refunds, from the checkout's first invoice.
    const again = stripeApi.calls.length;
    expect((await refund(order.orderId)).data.subscriptionEnded).toBe(false);
    expect(stripeApi.calls.slice(again).map((call) => `${call.method} ${call.path}`)).toEqual([`GET /v1/checkout/sessions/${sessionId}`, 'POST /v1/refunds']);
    expect(stripeApi.refundCalls.at(-1)!.form.get('payment_intent')).toBe(stripeApi.paymentIntentOf(sessionId));
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS);
  });
});
