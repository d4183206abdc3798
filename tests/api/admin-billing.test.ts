import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBundle, AdminBundlePage, BundleOptions } from '@contracts/admin/bundles.js';
import type { AdminMembershipPage, AdminOrderDetail, AdminOrderPage, BundleRevenue, RefundResult } from '@contracts/admin/orders.js';
import type { Order, OrderPage } from '@contracts/orders.js';
import type { Bundle, ProductQuota } from '@contracts/quota.js';
import { createSandboxProvider, type SandboxProvider } from '../../api/payments/sandbox-provider.js';
import { auditOf, availCount, buyWithSandbox, packBody } from '../helpers/admin-billing.js';
import { managerClient, userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const ADMIN = '/api/v1/admin';
const TRIAL_CONVERSIONS = 20;
const MONTHLY_CONVERSIONS = 300;

describe.each(testDialects())('admin billing on %s', (dialect) => {
  let t: TestApp;
  let sandbox: SandboxProvider;
  let manager: TestClient;

  beforeAll(async () => {
    sandbox = createSandboxProvider({ secret: 'admin-billing-test-secret-0123456789abcdef', publicUrl: undefined });
    t = await createTestApp(dialect, {}, null, sandbox);
    manager = await managerClient(t);
  });
  afterAll(() => t.close());

  const publicList = async (lang: 'en' | 'zh' = 'en') => (await t.client().get<Bundle[]>(`/api/v1/bundle/list?lang=${lang}`)).data;
  const adminBundle = async (id: string) => (await manager.get<AdminBundlePage>(`${ADMIN}/bundles?q=${id}&pageSize=100`)).data.list.find((b) => b.id === id);
  const refund = (orderId: string, reason = 'Customer asked') => manager.post<RefundResult>(`${ADMIN}/orders/${orderId}/refund`, { reason });

  describe('bundles', () => {
    it('offers the editor its options: products, catalogue conversion types, currencies, periods', async () => {
      const res = await manager.get<BundleOptions>(`${ADMIN}/bundles/options`);
      expect(res.code).toBe(200);
      expect(res.data.products.map((p) => p.id)).toEqual(expect.arrayContaining(['convert', 'image', 'video', 'ai']));
      expect(res.data.convertTypes).toEqual(expect.arrayContaining(['pdf-to-word', 'excel-to-json', 'ppt-to-html']));
      expect(res.data.currencies).toContain('USD');
      expect(res.data.periodMonths).toEqual([1, 6, 12]);
    });

    it('publishes a new bundle and /bundle/list shows it at once; a price edit shows at once; unpublish takes it off', async () => {
      expect((await publicList()).some((b) => b.id === 'team-pack')).toBe(false); // warms the read cache
      const created = await manager.post<AdminBundle>(`${ADMIN}/bundles`, packBody('team-pack'));
      expect(created.code).toBe(200);
      expect(created.data).toMatchObject({ id: 'team-pack', price: 1299, published: true, periodMonths: null, holders: { grants: 0, orders: 0, subscriptions: 0 } });

      const listed = (await publicList()).find((b) => b.id === 'team-pack');
      expect(listed).toMatchObject({ name: 'Pack team-pack', price: 1299, currency: 'USD', kind: 'pack', duration: 'ONE_MONTH', features: { batch: true, convertTypes: ['pdf-to-word'] } });
      expect(listed!.quotas).toContainEqual({ productId: 'convert', productName: 'Document converter', quotaType: 'TYPE_API', quota: 150 });
      expect((await publicList('zh')).find((b) => b.id === 'team-pack')?.name).toBe('套餐 team-pack');

      // An order made at 12.99 keeps its amount when the price changes, and is paid at it.
      const { c } = await userClient(t, 'bb');
      const order = (await c.post<Order>('/api/v1/order/create', { bundleId: 'team-pack' })).data;
      const edited = await manager.send<AdminBundle>('PATCH', `${ADMIN}/bundles/team-pack`, { price: 1999 });
      expect([edited.code, edited.data.price]).toEqual([200, 1999]);
      expect((await publicList()).find((b) => b.id === 'team-pack')?.price).toBe(1999);
      expect((await c.get<Order>(`/api/v1/order/${order.orderId}`)).data.orderAmount).toBe(1299);
      const paid = await buyWithSandbox(c, 'team-pack');
      expect([paid.orderId, paid.orderAmount, paid.status]).toEqual([order.orderId, 1299, 'paid']);
      expect((await c.post<Order>('/api/v1/order/create', { bundleId: 'team-pack' })).data.orderAmount).toBe(1999);

      const off = await manager.post<AdminBundle>(`${ADMIN}/bundles/team-pack/unpublish`, {});
      expect([off.code, off.data.published]).toEqual([200, false]);
      expect((await publicList()).some((b) => b.id === 'team-pack')).toBe(false);
      // Unpublished, not gone: the admin list still has it, with its holders.
      expect((await adminBundle('team-pack'))?.holders).toEqual({ grants: 1, orders: 2, subscriptions: 0 });
      const on = await manager.post<AdminBundle>(`${ADMIN}/bundles/team-pack/publish`, {});
      expect([on.code, on.data.published]).toEqual([200, true]);
      expect((await publicList()).some((b) => b.id === 'team-pack')).toBe(true);

      for (const action of ['bundle.create', 'bundle.update', 'bundle.unpublish', 'bundle.publish']) expect(await auditOf(manager, action, 'team-pack')).toHaveLength(1);
      const [update] = await auditOf(manager, 'bundle.update', 'team-pack');
      expect([update!.before, update!.after]).toMatchObject([{ price: 1299 }, { price: 1999 }]);
    });

    it('answers 40001 with the field for broken rules', async () => {
      const bad = async (body: unknown, method: 'POST' | 'PATCH' = 'POST', id = '') => {
        const res = method === 'POST' ? await manager.post(`${ADMIN}/bundles`, body) : await manager.send('PATCH', `${ADMIN}/bundles/${id}`, body);
        expect(res.code).toBe(40001);
        return res.data as Record<string, string>;
      };
      expect(await bad(packBody('m1', { kind: 'membership', periodMonths: null }))).toEqual({ periodMonths: 'adminBilling.validation.periodRequired' });
      expect(await bad(packBody('t2', { trial: true }))).toEqual({ trial: 'adminBilling.validation.trialTaken' });
      expect(await bad(packBody('t3', { trial: true, kind: 'membership', periodMonths: 1 }))).toEqual({ trial: 'adminBilling.validation.trialMembership' });
      const dup = packBody('d1');
      expect(await bad({ ...dup, quotas: [...dup.quotas!, { productId: 'convert', quotaType: 'TYPE_API', quota: 1 }] })).toEqual({ 'quotas.3.quotaType': 'adminBilling.validation.duplicateQuota' });
      expect(await bad(packBody('p1', { quotas: [{ productId: 'nope', quotaType: 'TYPE_API', quota: 1 }] }))).toEqual({ 'quotas.0.productId': 'adminBilling.validation.unknownProduct' });
      expect(await bad(packBody('monthly'))).toEqual({ id: 'adminBilling.validation.idTaken' });
      expect(Object.keys(await bad(packBody('neg', { price: -1, name: '' })))).toEqual(expect.arrayContaining(['price', 'name']));
      // team-pack is held (bought in the test above): its kind stays.
      expect(await bad({ kind: 'membership', periodMonths: 1 }, 'PATCH', 'team-pack')).toEqual({ kind: 'adminBilling.validation.kindLocked' });
      expect((await manager.send('PATCH', `${ADMIN}/bundles/no-such`, { price: 1 })).code).toBe(40404);
      // A membership's duration follows its period.
      const m = await manager.post<AdminBundle>(`${ADMIN}/bundles`, packBody('team-6m', { kind: 'membership', periodMonths: 6, duration: 'ONE_DAY', published: false }));
      expect([m.code, m.data.duration, m.data.periodMonths]).toEqual([200, 'HALF_YEAR', 6]);
    });

    it('refuses to delete a bundle users hold (40904 with the counts), deletes an unheld one', async () => {
      const { c } = await userClient(t, 'bd');
      await buyWithSandbox(c, 'monthly');
      const held = await manager.send<{ grants: number; orders: number }>('DELETE', `${ADMIN}/bundles/monthly`);
      expect(held.code).toBe(40904);
      expect(held.data.grants).toBeGreaterThanOrEqual(1);
      expect(held.data.orders).toBeGreaterThanOrEqual(1);
      expect((await publicList()).some((b) => b.id === 'monthly')).toBe(true);

      // A paying order alone holds it too (it can still be paid).
      expect((await manager.post(`${ADMIN}/bundles`, packBody('pay-only'))).code).toBe(200);
      await c.post<Order>('/api/v1/order/create', { bundleId: 'pay-only' });
      expect((await manager.send('DELETE', `${ADMIN}/bundles/pay-only`)).code).toBe(40904);

      expect((await manager.post(`${ADMIN}/bundles`, packBody('gone-soon'))).code).toBe(200);
      expect((await publicList()).some((b) => b.id === 'gone-soon')).toBe(true);
      const del = await manager.send('DELETE', `${ADMIN}/bundles/gone-soon`);
      expect(del.code).toBe(200);
      expect((await publicList()).some((b) => b.id === 'gone-soon')).toBe(false);
      expect(await adminBundle('gone-soon')).toBeUndefined();
      expect((await manager.send('DELETE', `${ADMIN}/bundles/gone-soon`)).code).toBe(40404);
      const [entry] = await auditOf(manager, 'bundle.delete', 'gone-soon');
      expect([entry?.before, entry?.after]).toMatchObject([{ id: 'gone-soon' }, null]);
    });
  });

  it('keeps the internal bundle of support\'s grants out of reach: not listed, not editable, never published', async () => {
    expect(await adminBundle('staff-grant')).toBeUndefined();
    expect((await manager.post(`${ADMIN}/bundles/staff-grant/publish`, {})).code).toBe(40404);
    expect((await manager.send('PATCH', `${ADMIN}/bundles/staff-grant`, { price: 0 })).code).toBe(40404);
    expect((await manager.send('DELETE', `${ADMIN}/bundles/staff-grant`)).code).toBe(40404);
  });

  describe('refunds', () => {
    it('takes back exactly the quota the order granted, once; a second refund answers 40902', async () => {
      const { c } = await userClient(t, 'rf');
      const before = (await c.get<ProductQuota[]>('/api/v1/my/quota')).data;
      const order = await buyWithSandbox(c, 'monthly');
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + MONTHLY_CONVERSIONS);
      // One unit of the monthly pack was spent: it stays spent; the 299 left are taken back.
      const grant = await t.handle.db.selectFrom('bundle_grants').select('id').where('source_ref', '=', order.orderId).executeTakeFirstOrThrow();
      await t.handle.db.updateTable('user_quotas').set({ avail_quota: MONTHLY_CONVERSIONS - 1 }).where('grant_id', '=', grant.id).where('quota_type', '=', 'TYPE_API').execute();

      const detail = await manager.get<AdminOrderDetail>(`${ADMIN}/orders/${order.orderId}`);
      expect(detail.data.granted.find((q) => q.quotaType === 'TYPE_API')).toMatchObject({ quota: MONTHLY_CONVERSIONS, availQuota: MONTHLY_CONVERSIONS - 1 });

      const res = await refund(order.orderId, 'Bought by mistake');
      expect(res.code).toBe(200);
      expect(res.data.order).toMatchObject({ status: 'refunded', refundReason: 'Bought by mistake', payment: 'sandbox', refunding: false });
      expect(res.data.order.refundRef).toMatch(/^re_sbx_/);
      expect(res.data.takenBack.find((q) => q.quotaType === 'TYPE_API')?.availQuota).toBe(MONTHLY_CONVERSIONS - 1);
      expect(res.data.subscriptionEnded).toBe(false);

      // /my/quota: what the user had before buying, plus the refunded items with nothing left.
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS);
      const after = (await c.get<ProductQuota[]>('/api/v1/my/quota')).data;
      const items = after.flatMap((e) => e.quotaInfo);
      const beforeItems = before.flatMap((e) => e.quotaInfo);
      const refunded = items.filter((q) => q.bundleId === 'monthly');
      expect(refunded.map((q) => q.availQuota)).toEqual([0, 0, 0]);
      for (const q of refunded) expect(Date.parse(q.validDate)).toBeLessThanOrEqual(Date.now());
      expect(items.filter((q) => q.bundleId !== 'monthly')).toEqual(beforeItems);
      expect((await c.get<OrderPage>('/api/v1/my/order')).data.list.find((o) => o.orderId === order.orderId)?.status).toBe('refunded');

      const again = await refund(order.orderId);
      expect([again.code, (again.data as unknown as { status: string }).status]).toEqual([40902, 'refunded']);
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS);
      expect(sandbox.refunds.filter((r) => r.orderId === order.orderId)).toMatchObject([{ idempotencyKey: `order-refund-${order.orderId}`, amount: 999, currency: 'USD' }]);
      const audit = await auditOf(manager, 'order.refund', order.orderId);
      expect(audit).toHaveLength(1);
      expect(audit[0]!.after).toMatchObject({ status: 'refunded', reason: 'Bought by mistake' });
    });

    it('refunds once when five refunds of one order arrive together', async () => {
      const { c } = await userClient(t, 'rc');
      const order = await buyWithSandbox(c, 'monthly');
      const answers = await Promise.all(Array.from({ length: 5 }, () => refund(order.orderId)));
      expect(answers.map((a) => a.code).sort()).toEqual([200, 40902, 40902, 40902, 40902]);
      expect(sandbox.refunds.filter((r) => r.orderId === order.orderId)).toHaveLength(1);
      expect(await auditOf(manager, 'order.refund', order.orderId)).toHaveLength(1);
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS);
    });

    it('refuses orders that are not paid, and unknown ones', async () => {
      const { c } = await userClient(t, 'rp');
      const paying = (await c.post<Order>('/api/v1/order/create', { bundleId: 'yearly' })).data;
      expect((await refund(paying.orderId)).code).toBe(40902);
      expect((await refund('no-such-order')).code).toBe(40404);
      expect((await manager.post(`${ADMIN}/orders/${paying.orderId}/refund`, { reason: ' ' })).code).toBe(40001);
    });

    it('a membership order: refunded, its period taken back and its membership ended', async () => {
      const { c } = await userClient(t, 'rm');
      const order = await buyWithSandbox(c, 'membership-1m');
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + 300);
      const memberships = await manager.get<AdminMembershipPage>(`${ADMIN}/orders/memberships?q=${order.orderId}`);
      expect(memberships.data.list).toMatchObject([{ orderId: order.orderId, status: 'active', periodMonths: 1, amount: 799 }]);
      expect(memberships.data.list[0]!.currentPeriodEnd).not.toBeNull();

      const res = await refund(order.orderId);
      expect([res.code, res.data.subscriptionEnded, res.data.order.subscriptionId]).toEqual([200, true, memberships.data.list[0]!.subscriptionId]);
      expect(await availCount(c)).toBe(TRIAL_CONVERSIONS);
      const ended = await manager.get<AdminMembershipPage>(`${ADMIN}/orders/memberships?q=${order.orderId}&status=ended`);
      expect(ended.data.total).toBe(1);
      const mine = (await c.get<ProductQuota[]>('/api/v1/my/quota')).data.find((e) => e.membership);
      expect(mine?.membership?.status).toBe('ended');
    });
  });

  describe('order list', () => {
    let a: { c: TestClient; userId: string; email: string };
    let b: { c: TestClient; userId: string; email: string };
    const orders: Record<string, Order> = {};

    beforeAll(async () => {
      a = await userClient(t, 'fa');
      b = await userClient(t, 'fb');
      orders.aPaid = await buyWithSandbox(a.c, 'half-year');
      orders.aPaying = (await a.c.post<Order>('/api/v1/order/create', { bundleId: 'yearly' })).data;
      orders.bPaid = await buyWithSandbox(b.c, 'pdf-pack');
      orders.bRefunded = await buyWithSandbox(b.c, 'half-year');
      expect((await refund(orders.bRefunded.orderId)).code).toBe(200);
    });

    const list = async (query: string) => {
      const res = await manager.get<AdminOrderPage>(`${ADMIN}/orders${query}`);
      expect(res.code).toBe(200);
      return res.data;
    };
    const ids = async (query: string) => (await list(query)).list.map((o) => o.orderId).sort();
    const sorted = (...os: Order[]) => os.map((o) => o.orderId).sort();

    it('filters by user (id or e-mail, any case), status, bundle and kind', async () => {
      expect(await ids(`?user=${a.userId.toUpperCase()}`)).toEqual(sorted(orders.aPaid!, orders.aPaying!));
      expect(await ids(`?user=${b.email}&status=paid`)).toEqual(sorted(orders.bPaid!));
      expect(await ids(`?user=${b.email}&status=refunded`)).toEqual(sorted(orders.bRefunded!));
      expect(await ids(`?user=${a.email}&bundle=yearly`)).toEqual(sorted(orders.aPaying!));
      expect(await ids(`?user=${b.userId}&kind=membership`)).toEqual([]);
      const page = await list(`?user=${a.userId}&status=paid`);
      expect(page.list[0]).toMatchObject({ userId: a.userId, email: a.email, bundleId: 'half-year', bundleName: 'Half-year', orderAmount: 4999, currency: 'USD', payment: 'sandbox', kind: 'pack' });
    });

    it('searches order id, user id and e-mail by any part, pages, and filters by day', async () => {
      expect(await ids(`?q=${orders.bPaid!.orderId.slice(4, 16).toUpperCase()}`)).toEqual(sorted(orders.bPaid!));
      expect(await ids(`?q=${b.email.slice(1, 8)}`)).toEqual(sorted(orders.bPaid!, orders.bRefunded!));
      expect((await list('?q=100%25_')).total).toBe(0);
      const first = await list(`?user=${b.userId}&pageSize=1`);
      const second = await list(`?user=${b.userId}&pageSize=1&page=2`);
      expect([first.total, first.list.length, second.list.length]).toEqual([2, 1, 1]);
      expect(first.list[0]!.orderId).not.toBe(second.list[0]!.orderId);
      const today = new Date().toISOString().slice(0, 10);
      expect(await ids(`?user=${a.userId}&from=${today}&to=${today}`)).toEqual(sorted(orders.aPaid!, orders.aPaying!));
      expect(await ids(`?user=${a.userId}&to=2020-01-01`)).toEqual([]);
      expect((await manager.get(`${ADMIN}/orders?status=lost`)).code).toBe(40001);
    });

    it('sums revenue per bundle and currency from paid orders, refunds excluded', async () => {
      const revenue = (await manager.get<BundleRevenue[]>(`${ADMIN}/orders/revenue`)).data;
      const paidHalfYear = await t.handle.db.selectFrom('orders').select('amount').where('bundle_id', '=', 'half-year').where('status', '=', 'paid').execute();
      expect(revenue.find((r) => r.bundleId === 'half-year' && r.currency === 'USD')).toEqual({
        bundleId: 'half-year',
        currency: 'USD',
        orders: paidHalfYear.length,
        amount: paidHalfYear.reduce((s, o) => s + o.amount, 0),
      });
      expect((await manager.get<BundleRevenue[]>(`${ADMIN}/orders/revenue?to=2020-01-01`)).data).toEqual([]);
    });
  });
});
