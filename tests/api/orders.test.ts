import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_PAYABLE_MS, type Order, type OrderPage, type PaymentCreated, type SandboxCheckout } from '@contracts/orders.js';
import type { Limit, ProductQuota } from '@contracts/quota.js';
import { expireOverdueOrders } from '../../api/jobs/sweeper.js';
import { createSandboxProvider, newSandboxEventId, type SandboxEvent, type SandboxProvider } from '../../api/payments/sandbox-provider.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { ApiAnswer, TestClient } from '../helpers/test-client.js';

/** The seeded Monthly bundle: 999 cents, 300 conversions. */
const MONTHLY = { id: 'monthly', price: 999, currency: 'USD', conversions: 300 };
const TRIAL_CONVERSIONS = 20;
let seq = 0;

describe.each(testDialects())('orders and sandbox payments on %s', (dialect) => {
  let t: TestApp;
  /** The app's provider, built here so the tests can sign provider events as the sandbox would. */
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    sandbox = createSandboxProvider({ secret: 'orders-test-secret-0123456789abcdef', publicUrl: undefined });
    t = await createTestApp(dialect, {}, null, sandbox);
    const at = Date.now();
    await t.handle.db
      .insertInto('bundles')
      .values({
        id: 'draft', name: 'Draft', name_zh: '草稿', desc: '', desc_zh: '', bundle_icon: '', price: 100, currency: 'USD',
        duration: 'ONE_MONTH', trial: 0, published: 0, batch: 0, sort_order: 9, created_at: at, updated_at: at,
      })
      .execute();
  });
  afterAll(() => t.close());

  async function newUser(): Promise<TestClient> {
    const c = t.client();
    seq += 1;
    const id = `ord${seq}${Math.random().toString(36).slice(2, 6)}`;
    const res = await c.post('/api/v1/user/register', { userId: id, password: 'Sunny-Day7', email: `${id}@example.com`, agree: true });
    expect(res.code).toBe(200);
    return c;
  }

  async function createOrder(c: TestClient, bundleId = MONTHLY.id): Promise<Order> {
    const res = await c.post<Order>('/api/v1/order/create', { bundleId });
    expect(res.code).toBe(200);
    return res.data;
  }

  async function createPayment(c: TestClient, orderId: string): Promise<string> {
    const res = await c.post<PaymentCreated>('/api/v1/payment/create', { orderId });
    expect(res.code).toBe(200);
    const m = /^\/payment\/sandbox\/([\w-]+)$/.exec(res.data.payUrl);
    expect(m).not.toBeNull();
    return m![1]!;
  }

  const availCount = async (c: TestClient) => (await c.get<Limit>('/api/v1/config/limit')).data.availCount;
  const getOrder = (c: TestClient, orderId: string) => c.get<Order>(`/api/v1/order/${orderId}`);
  const list = (c: TestClient, query = '') => c.get<OrderPage>(`/api/v1/my/order${query}`);

  /** Posts an event to the webhook as the provider does: no cookies, no XSRF, signed raw body. */
  function postWebhook(rawBody: string, headers: Headers | Record<string, string>): Promise<ApiAnswer> {
    return t.client().post('/api/v1/payment/webhook/sandbox', null, { rawBody, headers: Object.fromEntries(new Headers(headers)), xsrf: false });
  }

  function paidEvent(paymentId: string, order: Order, over: Partial<SandboxEvent> = {}): SandboxEvent {
    return { id: newSandboxEventId(), type: 'paid', providerRef: paymentId, orderId: order.orderId, amount: order.orderAmount, currency: order.currency, ...over };
  }

  const grantsFor = async (orderId: string) =>
    (await t.handle.db.selectFrom('bundle_grants').select('id').where('source', '=', 'order').where('source_ref', '=', orderId).execute()).length;
  const paymentStatus = async (paymentId: string) =>
    (await t.handle.db.selectFrom('payments').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow()).status;

  describe('orders', () => {
    it('create → get → list: a paying order at the bundle\'s price, payable for about two days', async () => {
      const c = await newUser();
      const before = Date.now();
      const order = await createOrder(c);
      expect(order).toMatchObject({ bundleId: 'monthly', bundleName: 'Monthly', orderAmount: MONTHLY.price, currency: MONTHLY.currency, status: 'paying' });
      expect(order.paidAt).toBeUndefined();
      expect(Date.parse(order.expireAt) - Date.parse(order.gmtCreate)).toBe(ORDER_PAYABLE_MS);
      expect(Date.parse(order.gmtCreate)).toBeGreaterThanOrEqual(before - 1000);
      expect((await getOrder(c, order.orderId)).data).toEqual(order);
      const zh = await c.get<Order>(`/api/v1/order/${order.orderId}?lang=zh`);
      expect(zh.data.bundleName).toBe('月度会员');
      const page = await list(c);
      expect(page.data).toEqual({ list: [order], total: 1 });
    });

    it('the same bundle while its order is still paying gives back that order', async () => {
      const c = await newUser();
      const a = await createOrder(c);
      const b = await createOrder(c);
      expect(b.orderId).toBe(a.orderId);
      const other = await createOrder(c, 'yearly');
      expect(other.orderId).not.toBe(a.orderId);
      expect((await list(c)).data.total).toBe(2);
    });

    it('the trial, an unpublished or an unknown bundle cannot be ordered (40404)', async () => {
      const c = await newUser();
      for (const bundleId of ['trial', 'draft', 'no-such-bundle']) {
        const res = await c.post('/api/v1/order/create', { bundleId });
        expect(res.code, bundleId).toBe(40404);
      }
      expect((await list(c)).data.total).toBe(0);
    });

    it('bad input answers 40001 with the field', async () => {
      const c = await newUser();
      const res = await c.post<Record<string, string>>('/api/v1/order/create', {});
      expect(res.code).toBe(40001);
      expect(res.data).toEqual({ bundleId: 'validation.invalid' });
      const cancel = await c.post<Record<string, string>>('/api/v1/order/cancel', { orderId: '' });
      expect(cancel.code).toBe(40001);
      expect(cancel.data.orderId).toBe('validation.invalid');
      const q = await c.get<Record<string, string>>('/api/v1/my/order?status=unknown');
      expect(q.code).toBe(40001);
      expect(Object.keys(q.data)).toEqual(['status']);
    });

    it('lists newest first, filters all / paying / paid, pages, and leaves deleted orders out', async () => {
      const c = await newUser();
      const monthly = await createOrder(c, 'monthly');
      t.advance(1000);
      const half = await createOrder(c, 'half-year');
      t.advance(1000);
      const yearly = await createOrder(c, 'yearly');
      // monthly paid, half-year cancelled then deleted, yearly paying.
      await c.post(`/api/v1/payment/sandbox/${await createPayment(c, monthly.orderId)}/pay`, null);
      expect((await c.post('/api/v1/order/cancel', { orderId: half.orderId })).code).toBe(200);
      expect((await c.post('/api/v1/order/delete', { orderId: half.orderId })).data).toBeNull();

      const all = await list(c, '?status=all');
      expect(all.data.total).toBe(2);
      expect(all.data.list.map((o) => o.orderId)).toEqual([yearly.orderId, monthly.orderId]);
      expect((await list(c)).data.total).toBe(2);
      const paying = await list(c, '?status=paying');
      expect(paying.data).toMatchObject({ total: 1, list: [{ orderId: yearly.orderId, status: 'paying' }] });
      const paid = await list(c, '?status=paid');
      expect(paid.data).toMatchObject({ total: 1, list: [{ orderId: monthly.orderId, status: 'paid' }] });
      const page2 = await list(c, '?status=all&page=2&pageSize=1');
      expect(page2.data.total).toBe(2);
      expect(page2.data.list.map((o) => o.orderId)).toEqual([monthly.orderId]);
      expect((await list(c, '?page=3&pageSize=1')).data).toEqual({ list: [], total: 2 });
      // A deleted order can still be opened by its owner (e.g. from a payment result link).
      expect((await getOrder(c, half.orderId)).data.status).toBe('cancelled');
    });

    it('cancel: only a paying order (else 40902); delete: only one that is not paying (else 40902)', async () => {
      const c = await newUser();
      const order = await createOrder(c);
      const del = await c.post('/api/v1/order/delete', { orderId: order.orderId });
      expect(del.code).toBe(40902);
      const cancelled = await c.post<Order>('/api/v1/order/cancel', { orderId: order.orderId });
      expect(cancelled.code).toBe(200);
      expect(cancelled.data).toMatchObject({ orderId: order.orderId, status: 'cancelled' });
      const again = await c.post<{ status: string }>('/api/v1/order/cancel', { orderId: order.orderId });
      expect(again.code).toBe(40902);
      expect(again.data.status).toBe('cancelled');
      expect((await c.post('/api/v1/payment/create', { orderId: order.orderId })).code).toBe(40902);
      // A cancelled order no longer blocks a new one for the same bundle.
      const fresh = await createOrder(c);
      expect(fresh.orderId).not.toBe(order.orderId);

      const paid = await createOrder(c, 'yearly');
      await c.post(`/api/v1/payment/sandbox/${await createPayment(c, paid.orderId)}/pay`, null);
      expect((await c.post('/api/v1/order/cancel', { orderId: paid.orderId })).code).toBe(40902);
      const delPaid = await c.post('/api/v1/order/delete', { orderId: paid.orderId });
      expect(delPaid).toMatchObject({ code: 200, data: null });
      expect((await c.post('/api/v1/order/delete', { orderId: order.orderId })).code).toBe(200);
      expect((await list(c)).data.list.map((o) => o.orderId)).toEqual([fresh.orderId]);
    });

    it('another user\'s order or payment is 40404 everywhere', async () => {
      const owner = await newUser();
      const order = await createOrder(owner);
      const paymentId = await createPayment(owner, order.orderId);
      const other = await newUser();
      expect((await getOrder(other, order.orderId)).code).toBe(40404);
      expect((await getOrder(other, 'no-such-order')).code).toBe(40404);
      for (const path of ['/api/v1/order/cancel', '/api/v1/order/delete', '/api/v1/payment/create']) {
        expect((await other.post(path, { orderId: order.orderId })).code, path).toBe(40404);
      }
      expect((await other.get(`/api/v1/payment/sandbox/${paymentId}`)).code).toBe(40404);
      expect((await other.post(`/api/v1/payment/sandbox/${paymentId}/pay`, null)).code).toBe(40404);
      expect((await other.post(`/api/v1/payment/sandbox/${paymentId}/cancel`, null)).code).toBe(40404);
      expect((await list(other)).data.total).toBe(0);
      // Nothing happened to the owner's order.
      expect((await getOrder(owner, order.orderId)).data.status).toBe('paying');
      expect(await paymentStatus(paymentId)).toBe('open');
    });

    it('signed out: 40202', async () => {
      const owner = await newUser();
      const order = await createOrder(owner);
      const anon = t.client();
      expect((await anon.get(`/api/v1/order/${order.orderId}`)).code).toBe(40202);
      expect((await anon.get('/api/v1/my/order')).code).toBe(40202);
      expect((await anon.post('/api/v1/order/create', { bundleId: 'monthly' })).code).toBe(40202);
      expect((await anon.post('/api/v1/order/cancel', { orderId: order.orderId })).code).toBe(40202);
      expect((await anon.post('/api/v1/order/delete', { orderId: order.orderId })).code).toBe(40202);
      expect((await anon.post('/api/v1/payment/create', { orderId: order.orderId })).code).toBe(40202);
      expect((await anon.get('/api/v1/payment/sandbox/whatever')).code).toBe(40202);
    });

    it('state-changing requests without the XSRF header: 40302', async () => {
      const c = await newUser();
      const order = await createOrder(c);
      const paymentId = await createPayment(c, order.orderId);
      const posts: [string, unknown][] = [
        ['/api/v1/order/create', { bundleId: 'yearly' }],
        ['/api/v1/order/cancel', { orderId: order.orderId }],
        ['/api/v1/order/delete', { orderId: order.orderId }],
        ['/api/v1/payment/create', { orderId: order.orderId }],
        [`/api/v1/payment/sandbox/${paymentId}/pay`, null],
        [`/api/v1/payment/sandbox/${paymentId}/cancel`, null],
      ];
      for (const [path, body] of posts) {
        const res = await c.post(path, body, { xsrf: false });
        expect([res.status, res.code], path).toEqual([403, 40302]);
      }
      expect((await getOrder(c, order.orderId)).data.status).toBe('paying');
      expect(await paymentStatus(paymentId)).toBe('open');
      expect((await list(c)).data.total).toBe(1);
    });
  });

  describe('sandbox payments', () => {
    it('create → payment → sandbox page → pay: the order is paid and the bundle granted', async () => {
      const c = await newUser();
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS);
      const order = await createOrder(c);
      const paymentId = await createPayment(c, order.orderId);
      const page = await c.get<SandboxCheckout>(`/api/v1/payment/sandbox/${paymentId}`);
      expect(page.data).toEqual({ paymentId, order, status: 'open' });

      const paid = await c.post<Order>(`/api/v1/payment/sandbox/${paymentId}/pay`, null);
      expect(paid.code).toBe(200);
      expect(paid.data).toMatchObject({ orderId: order.orderId, status: 'paid' });
      expect(Date.parse(paid.data.paidAt!)).toBeGreaterThan(0);
      expect((await getOrder(c, order.orderId)).data).toEqual(paid.data);
      expect((await c.get<SandboxCheckout>(`/api/v1/payment/sandbox/${paymentId}`)).data.status).toBe('paid');

      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + MONTHLY.conversions);
      const quota = (await c.get<ProductQuota[]>('/api/v1/my/quota')).data;
      const api = quota.find((p) => p.productInfo.productId === 'convert')!.quotaInfo.filter((q) => q.quotaType === 'TYPE_API');
      expect(api.map((q) => q.quota).sort((a, b) => a - b)).toEqual([TRIAL_CONVERSIONS, MONTHLY.conversions]);
      const limit = (await c.get<Limit>('/api/v1/config/limit')).data;
      expect(limit).toMatchObject({ batch: true, maxBatchCount: 10, maxFileSize: 50 * 1024 * 1024 });

      // Paying twice, or paying an order already paid, grants nothing more.
      const twice = await c.post<Order>(`/api/v1/payment/sandbox/${paymentId}/pay`, null);
      expect(twice.data.status).toBe('paid');
      const again = await c.post<{ status: string }>('/api/v1/payment/create', { orderId: order.orderId });
      expect(again.code).toBe(40902);
      expect(again.data.status).toBe('paid');
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + MONTHLY.conversions);
      expect(await grantsFor(order.orderId)).toBe(1);
    });

    it('sandbox cancel: the payment is cancelled, the order still paying; a new payment can be made', async () => {
      const c = await newUser();
      const order = await createOrder(c);
      const paymentId = await createPayment(c, order.orderId);
      const res = await c.post<Order>(`/api/v1/payment/sandbox/${paymentId}/cancel`, null);
      expect(res.data).toMatchObject({ orderId: order.orderId, status: 'paying' });
      expect((await c.get<SandboxCheckout>(`/api/v1/payment/sandbox/${paymentId}`)).data.status).toBe('cancelled');
      expect((await c.post(`/api/v1/payment/sandbox/${paymentId}/pay`, null)).code).toBe(40902);
      const next = await createPayment(c, order.orderId);
      expect(next).not.toBe(paymentId);
      expect((await c.post<Order>(`/api/v1/payment/sandbox/${next}/pay`, null)).data.status).toBe('paid');
      expect((await c.post(`/api/v1/payment/sandbox/${next}/cancel`, null)).code).toBe(40902);
      expect(await grantsFor(order.orderId)).toBe(1);
    });

    it('an unknown sandbox payment is 40404; another provider\'s webhook path is 404', async () => {
      const c = await newUser();
      expect((await c.get('/api/v1/payment/sandbox/no-such-payment')).code).toBe(40404);
      expect((await c.post('/api/v1/payment/sandbox/no-such-payment/pay', null)).code).toBe(40404);
      const res = await t.client().post('/api/v1/payment/webhook/stripe', null, { rawBody: '{}', xsrf: false });
      expect([res.status, res.code]).toEqual([404, 40404]);
    });

    it('a replayed webhook event is acknowledged and grants nothing more', async () => {
      const c = await newUser();
      const order = await createOrder(c);
      const paymentId = await createPayment(c, order.orderId);
      const signed = sandbox.signEvent(paidEvent(paymentId, order));
      for (let i = 0; i < 3; i++) {
        const res = await postWebhook(signed.rawBody, signed.headers);
        expect([res.status, res.code]).toEqual([200, 200]);
      }
      // Another event for the same payment (a provider may send two) does not grant again either.
      const other = sandbox.signEvent(paidEvent(paymentId, order));
      expect((await postWebhook(other.rawBody, other.headers)).code).toBe(200);
      expect((await getOrder(c, order.orderId)).data.status).toBe('paid');
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + MONTHLY.conversions);
      expect(await grantsFor(order.orderId)).toBe(1);
    });

    it('10 simultaneous deliveries of the same paid event grant exactly once', async () => {
      const c = await newUser();
      const order = await createOrder(c);
      const paymentId = await createPayment(c, order.orderId);
      const signed = sandbox.signEvent(paidEvent(paymentId, order));
      const answers = await Promise.all(Array.from({ length: 10 }, () => postWebhook(signed.rawBody, signed.headers)));
      expect(answers.map((a) => [a.status, a.code])).toEqual(Array.from({ length: 10 }, () => [200, 200]));
      expect(await grantsFor(order.orderId)).toBe(1);
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + MONTHLY.conversions);
      const quota = (await c.get<ProductQuota[]>('/api/v1/my/quota')).data;
      const total = quota.flatMap((p) => p.quotaInfo).filter((q) => q.quotaType === 'TYPE_API').reduce((s, q) => s + q.quota, 0);
      expect(total).toBe(TRIAL_CONVERSIONS + MONTHLY.conversions);
    });

    it('a forged or tampered webhook is 400 / 40001 and changes nothing', async () => {
      const c = await newUser();
      const order = await createOrder(c);
      const paymentId = await createPayment(c, order.orderId);
      const forger = createSandboxProvider({ secret: 'not-the-apps-secret-0123456789abcdef', publicUrl: undefined });
      const forged = forger.signEvent(paidEvent(paymentId, order));
      const genuine = sandbox.signEvent(paidEvent(paymentId, order));
      const tampered = genuine.rawBody.replace(`"amount":${order.orderAmount}`, '"amount":1');
      const attempts: [string, Headers | Record<string, string>][] = [
        [forged.rawBody, forged.headers],
        [tampered, genuine.headers],
        [genuine.rawBody, { 'content-type': 'application/json' }],
        ['not json', { 'x-sandbox-signature': 'abc' }],
      ];
      for (const [body, headers] of attempts) {
        const res = await postWebhook(body, headers);
        expect([res.status, res.code]).toEqual([400, 40001]);
      }
      expect((await getOrder(c, order.orderId)).data.status).toBe('paying');
      expect(await paymentStatus(paymentId)).toBe('open');
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS);
      // The rejected event id was not recorded: the genuine delivery still works.
      expect((await postWebhook(genuine.rawBody, genuine.headers)).code).toBe(200);
      expect((await getOrder(c, order.orderId)).data.status).toBe('paid');
    });

    it('a paid event whose amount or currency does not match is acknowledged, not granted, and the payment failed', async () => {
      const c = await newUser();
      const order = await createOrder(c);
      for (const over of [{ amount: 1 }, { currency: 'EUR' }]) {
        const paymentId = await createPayment(c, order.orderId);
        const signed = sandbox.signEvent(paidEvent(paymentId, order, over));
        expect((await postWebhook(signed.rawBody, signed.headers)).code).toBe(200);
        expect(await paymentStatus(paymentId)).toBe('failed');
      }
      expect((await getOrder(c, order.orderId)).data.status).toBe('paying');
      expect(await grantsFor(order.orderId)).toBe(0);
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS);
    });

    it('money taken for an order cancelled meanwhile still pays and grants it', async () => {
      const c = await newUser();
      const order = await createOrder(c);
      const paymentId = await createPayment(c, order.orderId);
      await c.post('/api/v1/order/cancel', { orderId: order.orderId });
      await c.post('/api/v1/order/delete', { orderId: order.orderId });
      const signed = sandbox.signEvent(paidEvent(paymentId, order));
      expect((await postWebhook(signed.rawBody, signed.headers)).code).toBe(200);
      const after = (await getOrder(c, order.orderId)).data;
      expect(after.status).toBe('paid');
      // Paid orders show again in the list even if the cancelled one had been deleted.
      expect((await list(c, '?status=paid')).data.list.map((o) => o.orderId)).toEqual([order.orderId]);
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + MONTHLY.conversions);
    });
  });

  describe('expiry (moves the app clock: keep last)', () => {
    it('an order past its two days is expired: not payable (40902), not cancellable, deletable; payments already open still count', async () => {
      const c = await newUser();
      const order = await createOrder(c);
      const late = await createOrder(c, 'yearly');
      const latePayment = await createPayment(c, late.orderId);
      const sandboxPaymentId = await createPayment(c, order.orderId);
      t.advance(ORDER_PAYABLE_MS + 1000);

      const pay = await c.post<{ status: string }>('/api/v1/payment/create', { orderId: order.orderId });
      expect(pay.code).toBe(40902);
      expect(pay.data.status).toBe('expired');
      expect((await getOrder(c, order.orderId)).data.status).toBe('expired');
      expect((await c.post(`/api/v1/payment/sandbox/${sandboxPaymentId}/pay`, null)).code).toBe(40902);
      expect((await c.post('/api/v1/order/cancel', { orderId: order.orderId })).code).toBe(40902);
      expect((await list(c, '?status=paying')).data.total).toBe(0);

      // A new order for the same bundle is a new one.
      const fresh = await createOrder(c);
      expect(fresh.orderId).not.toBe(order.orderId);
      expect(fresh.status).toBe('paying');
      expect((await c.post('/api/v1/order/delete', { orderId: order.orderId })).code).toBe(200);

      // The provider confirms a payment opened before the expiry: the money was taken, so it is granted.
      const signed = sandbox.signEvent(paidEvent(latePayment, late));
      expect((await postWebhook(signed.rawBody, signed.headers)).code).toBe(200);
      expect((await getOrder(c, late.orderId)).data.status).toBe('paid');
      expect(await grantsFor(late.orderId)).toBe(1);
      expect(await grantsFor(order.orderId)).toBe(0);
    });

    it('the sweeper stores overdue paying orders as expired', async () => {
      const c = await newUser();
      const order = await createOrder(c);
      const stored = () => t.handle.db.selectFrom('orders').select('status').where('id', '=', order.orderId).executeTakeFirstOrThrow();
      await expireOverdueOrders(t.handle.db, Date.parse(order.expireAt) - 1);
      expect((await stored()).status).toBe('paying');
      expect(await expireOverdueOrders(t.handle.db, Date.parse(order.expireAt))).toBeGreaterThanOrEqual(1);
      expect((await stored()).status).toBe('expired');
    });
  });
});
