import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, PaymentCreated } from '@contracts/orders.js';
import type { Limit } from '@contracts/quota.js';
import { createStripeProvider, sessionExpiresAt } from '../../api/payments/stripe-provider.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { ApiAnswer, TestClient } from '../helpers/test-client.js';

const SECRET_KEY = 'sk_test_docuflow';
const WEBHOOK_SECRET = 'whsec_docuflow_test';
const PUBLIC_URL = 'https://docuflow.test';
const TRIAL_CONVERSIONS = 20;
const MONTHLY_CONVERSIONS = 300;
let seq = 0;

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

/** Plays Stripe's API for POST /v1/checkout/sessions on a local port; records every request. */
class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  /** 'fail' answers HTTP 500 with Stripe's error shape. */
  mode: 'ok' | 'fail' = 'ok';
  private server: Server | undefined;
  private n = 0;

  async start(): Promise<number> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        this.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
        res.setHeader('content-type', 'application/json');
        if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
          res.statusCode = 404;
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
          return;
        }
        if (this.mode === 'fail') {
          res.statusCode = 500;
          res.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong on Stripe\'s end.' } }));
          return;
        }
        this.n += 1;
        const id = `cs_test_${this.n}${Math.random().toString(36).slice(2, 10)}`;
        res.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.test/c/pay/${id}`,
            mode: 'payment',
            status: 'open',
            payment_status: 'unpaid',
            amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
            currency: form.get('line_items[0][price_data][currency]'),
            client_reference_id: form.get('client_reference_id'),
            metadata: { orderId: form.get('metadata[orderId]'), paymentId: form.get('metadata[paymentId]') },
            expires_at: Number(form.get('expires_at')),
            livemode: false,
          }),
        );
      });
    });
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', ok));
    return (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }
}

/** A Stripe event as its webhook delivers it, for one Checkout Session. */
function sessionEvent(type: string, session: Record<string, unknown>, id = `evt_test_${Math.random().toString(36).slice(2, 12)}`): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { object: 'checkout.session', mode: 'payment', ...session } },
  });
}

describe.each(testDialects())('Stripe payments on %s', (dialect) => {
  const stripeApi = new FakeStripe();
  let t: TestApp;

  beforeAll(async () => {
    const port = await stripeApi.start();
    const provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, api: { host: '127.0.0.1', port, protocol: 'http' }, timeoutMs: 5000 });
    t = await createTestApp(dialect, { publicUrl: PUBLIC_URL, stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET } }, null, provider);
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.stop();
  });
  beforeEach(() => {
    stripeApi.mode = 'ok';
  });

  async function newUser(): Promise<TestClient> {
    const c = t.client();
    seq += 1;
    const id = `str${seq}${Math.random().toString(36).slice(2, 6)}`;
    const res = await c.post('/api/v1/user/register', { userId: id, password: 'Sunny-Day7', email: `${id}@example.com`, agree: true });
    expect(res.code).toBe(200);
    return c;
  }

  /** A paying Monthly order and its Checkout Session (from the recorded create request). */
  async function checkout(c: TestClient) {
    const order = (await c.post<Order>('/api/v1/order/create', { bundleId: 'monthly' })).data;
    const res = await c.post<PaymentCreated>('/api/v1/payment/create', { orderId: order.orderId });
    expect(res.code).toBe(200);
    const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.data.payUrl)![1]!;
    const request = stripeApi.requests.at(-1)!;
    return { order, payUrl: res.data.payUrl, sessionId, request, paymentId: request.form.get('metadata[paymentId]')! };
  }

  function deliver(payload: string, secret = WEBHOOK_SECRET): Promise<ApiAnswer> {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.client().post('/api/v1/payment/webhook/stripe', null, { rawBody: payload, headers: { 'stripe-signature': signature }, xsrf: false });
  }

  const paidSession = (s: { sessionId: string; order: Order; paymentId: string }, over: Record<string, unknown> = {}) => ({
    id: s.sessionId,
    client_reference_id: s.order.orderId,
    metadata: { orderId: s.order.orderId, paymentId: s.paymentId },
    amount_total: s.order.orderAmount,
    currency: s.order.currency.toLowerCase(),
    payment_status: 'paid',
    status: 'complete',
    ...over,
  });

  const availCount = async (c: TestClient) => (await c.get<Limit>('/api/v1/config/limit')).data.availCount;
  const orderStatus = async (c: TestClient, orderId: string) => (await c.get<Order>(`/api/v1/order/${orderId}`)).data.status;
  const payments = (orderId: string) => t.handle.db.selectFrom('payments').select(['id', 'status', 'provider', 'provider_ref']).where('order_id', '=', orderId).execute();
  const grantsFor = async (orderId: string) =>
    (await t.handle.db.selectFrom('bundle_grants').select('id').where('source', '=', 'order').where('source_ref', '=', orderId).execute()).length;

  it('opens a Checkout Session for the order: amount, currency, reference, metadata, return URLs, expiry', async () => {
    const c = await newUser();
    const before = Math.floor(Date.now() / 1000);
    const { order, payUrl, sessionId, request, paymentId } = await checkout(c);
    expect(payUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers['idempotency-key']).toBe(`checkout-${paymentId}`);
    const f = Object.fromEntries(request.form);
    expect(f).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': String(order.orderAmount),
      'line_items[0][price_data][product_data][name]': 'Monthly',
      client_reference_id: order.orderId,
      'metadata[orderId]': order.orderId,
      success_url: `${PUBLIC_URL}/payment/result/${order.orderId}`,
      cancel_url: `${PUBLIC_URL}/payment?orderId=${order.orderId}`,
    });
    expect(order.orderAmount).toBe(999);
    const expiresAt = Number(f.expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresAt - before).toBeLessThanOrEqual(24 * 60 * 60);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.parse(order.expireAt) / 1000));
    const rows = await payments(order.orderId);
    expect(rows).toEqual([{ id: paymentId, status: 'open', provider: 'stripe', provider_ref: sessionId }]);
  });

  it('the session expiry follows the order\'s, within Stripe\'s 30 minutes to 24 hours', () => {
    const now = 1_800_000_000_000;
    const s = (ms: number) => Math.floor(ms / 1000);
    expect(sessionExpiresAt(now + 2 * 24 * 3600_000, now)).toBe(s(now) + 24 * 3600 - 60);
    expect(sessionExpiresAt(now + 5 * 3600_000, now)).toBe(s(now + 5 * 3600_000));
    expect(sessionExpiresAt(now + 60_000, now)).toBe(s(now) + 31 * 60);
  });

  it('checkout.session.completed (paid) pays the order and grants the bundle once, whatever the replays', async () => {
    const c = await newUser();
    const s = await checkout(c);
    const payload = sessionEvent('checkout.session.completed', paidSession(s));
    for (let i = 0; i < 3; i++) {
      const res = await deliver(payload);
      expect([res.status, res.code]).toEqual([200, 200]);
    }
    expect(await orderStatus(c, s.order.orderId)).toBe('paid');
    expect((await payments(s.order.orderId))[0]!.status).toBe('paid');
    // Stripe may also send async_payment_succeeded for the same session: still one grant.
    expect((await deliver(sessionEvent('checkout.session.async_payment_succeeded', paidSession(s)))).code).toBe(200);
    expect(await grantsFor(s.order.orderId)).toBe(1);
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + MONTHLY_CONVERSIONS);
  });

  it('a completed session that is not paid yet (delayed method) changes nothing until async_payment_succeeded', async () => {
    const c = await newUser();
    const s = await checkout(c);
    expect((await deliver(sessionEvent('checkout.session.completed', paidSession(s, { payment_status: 'unpaid' })))).code).toBe(200);
    expect(await orderStatus(c, s.order.orderId)).toBe('paying');
    expect(await grantsFor(s.order.orderId)).toBe(0);
    expect((await deliver(sessionEvent('checkout.session.async_payment_succeeded', paidSession(s)))).code).toBe(200);
    expect(await orderStatus(c, s.order.orderId)).toBe('paid');
    expect(await grantsFor(s.order.orderId)).toBe(1);
  });

  it('a payload signed with another secret, or not signed, is 400 / 40001 and changes nothing', async () => {
    const c = await newUser();
    const s = await checkout(c);
    const payload = sessionEvent('checkout.session.completed', paidSession(s));
    const wrong = await deliver(payload, 'whsec_someone_else');
    expect([wrong.status, wrong.code]).toEqual([400, 40001]);
    const unsigned = await t.client().post('/api/v1/payment/webhook/stripe', null, { rawBody: payload, xsrf: false });
    expect([unsigned.status, unsigned.code]).toEqual([400, 40001]);
    expect(await orderStatus(c, s.order.orderId)).toBe('paying');
    expect((await payments(s.order.orderId))[0]!.status).toBe('open');
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS);
    expect(await t.handle.db.selectFrom('payment_events').select('event_id').where('event_id', '=', JSON.parse(payload).id).execute()).toEqual([]);
  });

  it('an amount that does not match the order is acknowledged but not granted', async () => {
    const c = await newUser();
    const s = await checkout(c);
    expect((await deliver(sessionEvent('checkout.session.completed', paidSession(s, { amount_total: 1 })))).code).toBe(200);
    expect(await orderStatus(c, s.order.orderId)).toBe('paying');
    expect((await payments(s.order.orderId))[0]!.status).toBe('failed');
    expect(await grantsFor(s.order.orderId)).toBe(0);
  });

  it('checkout.session.expired cancels the payment; the order stays payable', async () => {
    const c = await newUser();
    const s = await checkout(c);
    const res = await deliver(sessionEvent('checkout.session.expired', { id: s.sessionId, client_reference_id: s.order.orderId, metadata: { orderId: s.order.orderId, paymentId: s.paymentId }, status: 'expired', payment_status: 'unpaid' }));
    expect(res.code).toBe(200);
    expect((await payments(s.order.orderId))[0]!.status).toBe('cancelled');
    expect(await orderStatus(c, s.order.orderId)).toBe('paying');
    // Other event types are acknowledged and ignored.
    expect((await deliver(JSON.stringify({ id: 'evt_other_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } }))).code).toBe(200);
  });

  it('the provider failing (HTTP 500) answers 50201; the order stays paying with no paid payment', async () => {
    const c = await newUser();
    const order = (await c.post<Order>('/api/v1/order/create', { bundleId: 'monthly' })).data;
    stripeApi.mode = 'fail';
    const res = await c.post('/api/v1/payment/create', { orderId: order.orderId });
    expect([res.status, res.code]).toEqual([502, 50201]);
    expect(await orderStatus(c, order.orderId)).toBe('paying');
    const rows = await payments(order.orderId);
    expect(rows.map((p) => p.status)).toEqual(['failed']);
    stripeApi.mode = 'ok';
    expect((await c.post<PaymentCreated>('/api/v1/payment/create', { orderId: order.orderId })).code).toBe(200);
  });

  it('has no sandbox routes, and the sandbox webhook path is 404', async () => {
    const c = await newUser();
    expect((await c.get('/api/v1/payment/sandbox/anything')).code).toBe(40404);
    expect((await c.post('/api/v1/payment/sandbox/anything/pay', null)).code).toBe(40404);
    const res = await t.client().post('/api/v1/payment/webhook/sandbox', null, { rawBody: '{}', xsrf: false });
    expect([res.status, res.code]).toEqual([404, 40404]);
  });
});
