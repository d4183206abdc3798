import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMonths, type MembershipInfo } from '@contracts/memberships.js';
import type { Order, OrderPage, PaymentCreated } from '@contracts/orders.js';
import type { Limit, ProductQuota } from '@contracts/quota.js';
import { createLogger } from '../../api/logger.js';
import { createStripeProvider } from '../../api/payments/stripe-provider.js';
import { FakeStripeBilling, invoiceObject, stripeEvent, subscriptionObject } from '../helpers/fake-stripe-billing.js';
import { captureLogs } from '../helpers/log-capture.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { ApiAnswer, TestClient } from '../helpers/test-client.js';

const SECRET_KEY = 'sk_test_docuflow_members';
const WEBHOOK_SECRET = 'whsec_docuflow_members';
const PUBLIC_URL = 'https://docuflow.test';
const MEMBERSHIP = { id: 'membership-1m', price: 799, conversions: 300 };
const TRIAL_CONVERSIONS = 20;
const DAY = 86_400_000;
let seq = 0;

/** Epoch ms rounded down to whole seconds: Stripe's times are seconds. */
const whole = (ms: number) => Math.floor(ms / 1000) * 1000;
const seconds = (ms: number) => Math.floor(ms / 1000);

describe.each(testDialects())('memberships with Stripe on %s', (dialect) => {
  const stripeApi = new FakeStripeBilling();
  const logs = captureLogs();
  let t: TestApp;

  beforeAll(async () => {
    const port = await stripeApi.start();
    const provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, api: { host: '127.0.0.1', port, protocol: 'http' }, timeoutMs: 5000 });
    t = await createTestApp(dialect, { publicUrl: PUBLIC_URL, stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }, sessionTtlMs: 390 * DAY }, null, provider, { logger: logs.logger });
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.stop();
  });
  beforeEach(() => {
    stripeApi.failing = false;
  });

  async function newUser(): Promise<TestClient> {
    const c = t.client();
    seq += 1;
    const id = `sms${seq}${Math.random().toString(36).slice(2, 6)}`;
    const res = await c.post('/api/v1/user/register', { userId: id, password: 'Sunny-Day7', email: `${id}@example.com`, agree: true });
    expect(res.code).toBe(200);
    return c;
  }

  /** A paying membership order, its Checkout Session, and the subscription Stripe would make for it. */
  async function checkout(c: TestClient, bundleId = MEMBERSHIP.id) {
    const order = (await c.post<Order>('/api/v1/order/create', { bundleId })).data;
    const res = await c.post<PaymentCreated>('/api/v1/payment/create', { orderId: order.orderId });
    expect(res.code).toBe(200);
    const request = stripeApi.requests.at(-1)!;
    const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.data.payUrl)![1]!;
    const subscription = `sub_test_${Math.random().toString(36).slice(2, 12)}`;
    return { order, request, sessionId, subscription, paymentId: request.form.get('metadata[paymentId]')! };
  }
  type Checkout = Awaited<ReturnType<typeof checkout>>;

  function deliver(payload: string): Promise<ApiAnswer> {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.client().post('/api/v1/payment/webhook/stripe', null, { rawBody: payload, headers: { 'stripe-signature': signature }, xsrf: false });
  }
  async function deliverOk(payload: string): Promise<void> {
    const res = await deliver(payload);
    expect([res.status, res.code]).toEqual([200, 200]);
  }

  const completed = (s: Checkout) =>
    stripeEvent('checkout.session.completed', {
      id: s.sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: s.order.orderId,
      metadata: { orderId: s.order.orderId, paymentId: s.paymentId },
      amount_total: MEMBERSHIP.price,
      currency: 'usd',
      payment_status: 'paid',
      status: 'complete',
      subscription: s.subscription,
    });
  const invoice = (type: string, s: Checkout, period: { start: number; end: number }, opts: { id?: string; eventId?: string; created?: number; amount?: number } = {}) =>
    stripeEvent(
      type,
      invoiceObject({
        id: opts.id ?? `in_${s.subscription}_${seconds(period.start)}`,
        subscription: s.subscription,
        orderId: s.order.orderId,
        amount: opts.amount ?? MEMBERSHIP.price,
        currency: 'USD',
        periodStart: period.start,
        periodEnd: period.end,
      }),
      { ...(opts.eventId ? { id: opts.eventId } : {}), ...(opts.created ? { created: opts.created } : {}) },
    );
  const subscriptionEvent = (type: string, s: Checkout, status: string, created: number, extra: { cancelAtPeriodEnd?: boolean; endedAt?: number } = {}) =>
    stripeEvent(type, subscriptionObject({ id: s.subscription, orderId: s.order.orderId, status, ...extra }), { created });

  /** A first period starting now (whole seconds) and the next one. */
  const periods = (start = whole(Date.now())) => {
    const p1 = { start, end: addMonths(start, 1) };
    return { p1, p2: { start: p1.end, end: addMonths(start, 2) } };
  };

  const availCount = async (c: TestClient) => (await c.get<Limit>('/api/v1/config/limit')).data.availCount;
  const membership = async (c: TestClient): Promise<MembershipInfo | undefined> => (await c.get<ProductQuota[]>('/api/v1/my/quota')).data.find((e) => e.membership)?.membership;
  const subscriptionRow = (s: Checkout) => t.handle.db.selectFrom('subscriptions').selectAll().where('provider_subscription_id', '=', s.subscription).executeTakeFirst();
  const grantCount = async (s: Checkout) => {
    const sub = await subscriptionRow(s);
    if (!sub) return 0;
    return (await t.handle.db.selectFrom('bundle_grants').select('id').where('source', '=', 'membership').where('source_ref', 'like', `${sub.id}:%`).execute()).length;
  };
  const orderStatus = async (c: TestClient, orderId: string) => (await c.get<Order>(`/api/v1/order/${orderId}`)).data.status;
  const paymentStatus = async (orderId: string) => (await t.handle.db.selectFrom('payments').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow()).status;

  it('opens a Checkout Session in subscription mode for a membership, in payment mode for a pack', async () => {
    const c = await newUser();
    const s = await checkout(c);
    expect(Object.fromEntries(s.request.form)).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': String(MEMBERSHIP.price),
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'Monthly membership',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '1',
      client_reference_id: s.order.orderId,
      'subscription_data[metadata][orderId]': s.order.orderId,
      'metadata[orderId]': s.order.orderId,
      success_url: `${PUBLIC_URL}/payment/result/${s.order.orderId}`,
    });
    const yearly = await checkout(c, 'membership-12m');
    expect(yearly.request.form.get('line_items[0][price_data][recurring][interval_count]')).toBe('12');
    const pack = await checkout(c, 'monthly');
    expect(pack.request.form.get('mode')).toBe('payment');
    expect([...pack.request.form.keys()].some((k) => k.includes('recurring') || k.startsWith('subscription_data'))).toBe(false);
  });

  it('invoice.paid twice grants the period once; the checkout completing after it grants nothing more; each renewal grants once', async () => {
    const c = await newUser();
    const s = await checkout(c);
    const { p1, p2 } = periods();
    const paid = invoice('invoice.paid', s, p1, { eventId: 'evt_paid_p1_' + s.subscription });
    // invoice.paid arrives first (Stripe promises no order): the membership starts from the subscription's metadata.
    for (let i = 0; i < 3; i++) await deliverOk(paid);
    await deliverOk(invoice('invoice.payment_succeeded', s, p1));
    await deliverOk(invoice('invoice.paid', s, p1, { id: 'in_another_for_p1' }));
    expect(await grantCount(s)).toBe(1);
    expect(await orderStatus(c, s.order.orderId)).toBe('paid');

    await deliverOk(completed(s));
    expect(await paymentStatus(s.order.orderId)).toBe('paid');
    expect(await grantCount(s)).toBe(1);
    expect(await membership(c)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: new Date(p1.end).toISOString() });
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + MEMBERSHIP.conversions);

    // The next period's invoice: granted once, valid until its end; a paid order of its own.
    const renewal = invoice('invoice.paid', s, p2);
    await deliverOk(renewal);
    await deliverOk(renewal);
    expect(await grantCount(s)).toBe(2);
    expect((await membership(c))!.currentPeriodEnd).toBe(new Date(p2.end).toISOString());
    const orders = (await c.get<OrderPage>('/api/v1/my/order?status=paid')).data.list;
    expect(orders.map((o) => o.bundleId)).toEqual([MEMBERSHIP.id, MEMBERSHIP.id]);
  });

  it('out of order: customer.subscription.deleted before invoice.paid ends the membership; the paid period is granted once and nothing revives it', async () => {
    const c = await newUser();
    const s = await checkout(c);
    const { p1 } = periods();
    const now = seconds(Date.now());
    await deliverOk(subscriptionEvent('customer.subscription.deleted', s, 'canceled', now + 5, { endedAt: now + 5 }));
    expect((await subscriptionRow(s))?.status).toBe('ended');

    await deliverOk(invoice('invoice.paid', s, p1, { created: now }));
    await deliverOk(completed(s));
    // Late news about an earlier state (or a newer one) does not bring it back.
    await deliverOk(subscriptionEvent('customer.subscription.updated', s, 'active', now + 1));
    await deliverOk(subscriptionEvent('customer.subscription.updated', s, 'active', now + 60));
    expect(await membership(c)).toMatchObject({ status: 'ended', currentPeriodEnd: new Date(p1.end).toISOString() });
    expect(await grantCount(s)).toBe(1);
    expect(await orderStatus(c, s.order.orderId)).toBe('paid');
    expect(await paymentStatus(s.order.orderId)).toBe('paid');
    // No refunds: the paid period's quota stays; the membership may be bought again.
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + MEMBERSHIP.conversions);
    expect((await c.post('/api/v1/order/create', { bundleId: MEMBERSHIP.id })).code).toBe(200);
  });

  it('an older customer.subscription.updated arriving after a newer one changes nothing', async () => {
    const c = await newUser();
    const s = await checkout(c);
    await deliverOk(completed(s));
    await deliverOk(invoice('invoice.paid', s, periods().p1));
    const now = seconds(Date.now());
    await deliverOk(subscriptionEvent('customer.subscription.updated', s, 'active', now + 10, { cancelAtPeriodEnd: true }));
    expect(await membership(c)).toMatchObject({ status: 'cancelling', cancelAtPeriodEnd: true });
    await deliverOk(subscriptionEvent('customer.subscription.updated', s, 'active', now + 5, { cancelAtPeriodEnd: false }));
    expect(await membership(c)).toMatchObject({ status: 'cancelling', cancelAtPeriodEnd: true });
    // Resumed later (from Stripe's dashboard): active again.
    await deliverOk(subscriptionEvent('customer.subscription.updated', s, 'active', now + 20, { cancelAtPeriodEnd: false }));
    expect(await membership(c)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('a failed renewal (invoice.payment_failed) is payment due; the quota ends at the period end; a paid retry renews', async () => {
    const c = await newUser();
    const s = await checkout(c);
    // A period that ends in 10 days, so the test can step past its end.
    const { p1, p2 } = periods(whole(Date.now() - 20 * DAY));
    const now = seconds(Date.now());
    await deliverOk(completed(s));
    await deliverOk(invoice('invoice.paid', s, p1, { created: now - 20 * 86_400 }));
    const failed = invoice('invoice.payment_failed', s, p2, { created: now });
    await deliverOk(failed);
    expect(await membership(c)).toMatchObject({ status: 'payment_due', currentPeriodEnd: new Date(p1.end).toISOString() });
    await deliverOk(subscriptionEvent('customer.subscription.updated', s, 'past_due', now + 1));
    expect((await membership(c))!.status).toBe('payment_due');
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + MEMBERSHIP.conversions);
    t.advance(p1.end - Date.now() + DAY);
    expect(await availCount(c)).toBe(0);
    expect(await grantCount(s)).toBe(1);

    // The retry succeeds: the next period is granted, the membership is active again.
    await deliverOk(invoice('invoice.paid', s, p2, { created: now + 100 }));
    expect(await membership(c)).toMatchObject({ status: 'active', currentPeriodEnd: new Date(p2.end).toISOString() });
    expect(await availCount(c)).toBe(MEMBERSHIP.conversions);
    // The failure delivered again late changes nothing: that period is paid.
    await deliverOk(invoice('invoice.payment_failed', s, p2, { created: now + 50 }));
    expect((await membership(c))!.status).toBe('active');
  });

  it('cancel at period end goes to Stripe first; a Stripe failure answers 50201 and changes nothing', async () => {
    const c = await newUser();
    const s = await checkout(c);
    await deliverOk(completed(s));
    await deliverOk(invoice('invoice.paid', s, periods().p1));
    const { subscriptionId } = (await membership(c))!;

    stripeApi.failing = true;
    const refused = await c.post('/api/v1/membership/cancel', { subscriptionId });
    expect([refused.status, refused.code]).toEqual([502, 50201]);
    expect((await membership(c))!.status).toBe('active');

    stripeApi.failing = false;
    const res = await c.post<MembershipInfo>('/api/v1/membership/cancel', { subscriptionId });
    expect(res.data).toMatchObject({ status: 'cancelling', cancelAtPeriodEnd: true });
    const call = stripeApi.requests.at(-1)!;
    expect([call.method, call.path, call.form.get('cancel_at_period_end')]).toEqual(['POST', `/v1/subscriptions/${s.subscription}`, 'true']);
    expect(call.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    // Stripe's own confirmation follows as customer.subscription.updated: the same state.
    await deliverOk(subscriptionEvent('customer.subscription.updated', s, 'active', seconds(Date.now()) + 5, { cancelAtPeriodEnd: true }));
    expect(await membership(c)).toMatchObject({ status: 'cancelling', cancelAtPeriodEnd: true });
  });

  it('an invoice whose amount does not match the membership is acknowledged and not granted', async () => {
    const c = await newUser();
    const s = await checkout(c);
    await deliverOk(completed(s));
    await deliverOk(invoice('invoice.paid', s, periods().p1, { amount: 1 }));
    expect(await grantCount(s)).toBe(0);
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS);
  });

  it('after the end: a late payment of a period that ran grants it once; an invoice for a period after the end grants nothing and is logged', async () => {
    const c = await newUser();
    const s = await checkout(c);
    // Three monthly periods from 70 days ago: p2 ran and ended, p3 starts after the membership ended.
    const start = whole(Date.now() - 70 * DAY);
    const p1 = { start, end: addMonths(start, 1) };
    const p2 = { start: p1.end, end: addMonths(start, 2) };
    const p3 = { start: p2.end, end: addMonths(start, 3) };
    const endedAt = seconds(p2.start + 14 * DAY);
    await deliverOk(completed(s));
    await deliverOk(invoice('invoice.paid', s, p1, { created: seconds(p1.start) }));
    await deliverOk(invoice('invoice.payment_failed', s, p2, { created: seconds(p2.start) }));
    await deliverOk(subscriptionEvent('customer.subscription.deleted', s, 'canceled', endedAt, { endedAt }));
    expect(await membership(c)).toMatchObject({ status: 'ended', currentPeriodEnd: new Date(p1.end).toISOString() });

    // p2 began while the membership lived: its late payment grants it, once however often it comes.
    await deliverOk(invoice('invoice.paid', s, p2, { created: endedAt + 3600 }));
    await deliverOk(invoice('invoice.payment_succeeded', s, p2, { created: endedAt + 3601 }));
    await deliverOk(invoice('invoice.paid', s, p2, { created: endedAt + 3602 }));
    expect(await grantCount(s)).toBe(2);
    expect(await membership(c)).toMatchObject({ status: 'ended', currentPeriodEnd: new Date(p2.end).toISOString() });

    // p3 starts after the end: nothing granted, no period or order recorded, the membership unchanged; logged for staff.
    const before = await availCount(c);
    const late = invoice('invoice.paid', s, p3, { created: endedAt + 7200 });
    await deliverOk(late);
    await deliverOk(invoice('invoice.paid', s, p3, { created: endedAt + 7201 }));
    expect(await grantCount(s)).toBe(2);
    expect(await availCount(c)).toBe(before);
    expect(await membership(c)).toMatchObject({ status: 'ended', currentPeriodEnd: new Date(p2.end).toISOString() });
    const sub = (await subscriptionRow(s))!;
    expect((await t.handle.db.selectFrom('subscription_periods').select('period_start').where('subscription_id', '=', sub.id).execute()).map((p) => Number(p.period_start)).sort()).toEqual([p1.start, p2.start]);
    expect((await c.get<OrderPage>('/api/v1/my/order?status=paid')).data.list).toHaveLength(2);
    const flagged = logs.lines.filter((l) => l.subscriptionId === sub.id && l.msg === 'invoice paid for a period after the membership ended: not granted, refund it at the provider');
    expect(flagged).toHaveLength(2);
    expect(flagged[0]).toMatchObject({ level: 50, invoiceRef: `in_${s.subscription}_${seconds(p3.start)}`, amount: MEMBERSHIP.price, userId: sub.user_id, refundDue: true });
    expect(logs.lines.filter((l) => l.eventId === JSON.parse(late).id && l.msg === 'payment webhook handled').map((l) => l.outcome)).toEqual(['after-end']);
  });

  it('has no sandbox clock, and renews nothing itself (Stripe does, by webhook)', async () => {
    const c = await newUser();
    const res = await c.post('/api/v1/payment/sandbox/clock', { advanceDays: 1 });
    expect([res.status, res.code]).toEqual([404, 40404]);
    expect(await t.services.memberships.runDueRenewals(createLogger('silent'))).toEqual({ renewed: 0, failed: 0, ended: 0 });
  });
});
