import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, type MembershipInfo, type SandboxClock } from '@contracts/memberships.js';
import type { Order, OrderPage, PaymentCreated } from '@contracts/orders.js';
import type { Bundle, Limit, ProductQuota } from '@contracts/quota.js';
import { createLogger } from '../../api/logger.js';
import { createSandboxClock, createSandboxProvider, type SandboxProvider } from '../../api/payments/sandbox-provider.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

/** The seeded monthly membership (api/db/seed-data.ts): 799 cents a month, 300 conversions a period. */
const MEMBERSHIP = { id: 'membership-1m', price: 799, conversions: 300 };
const TRIAL_CONVERSIONS = 20;
const DAY = 86_400_000;
/** Longer than any calendar month: one period of a monthly membership is over after it. */
const PAST_ONE_MONTH_DAYS = 32;
let seq = 0;

describe.each(testDialects())('memberships with the sandbox provider on %s', (dialect) => {
  let t: TestApp;
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    sandbox = createSandboxProvider({ secret: 'memberships-test-secret-0123456789abcdef', publicUrl: undefined, clock: createSandboxClock() });
    // Sessions outlive the months these tests move through (a cookie may live at most 400 days).
    t = await createTestApp(dialect, { sessionTtlMs: 390 * DAY }, null, sandbox);
  });
  afterAll(() => t.close());

  async function newUser(): Promise<TestClient> {
    const c = t.client();
    seq += 1;
    const id = `mem${seq}${Math.random().toString(36).slice(2, 6)}`;
    const res = await c.post('/api/v1/user/register', { userId: id, password: 'Sunny-Day7', email: `${id}@example.com`, agree: true });
    expect(res.code).toBe(200);
    return c;
  }

  /** Orders a bundle and pays it on the sandbox page: returns the order and when its first period started (sandbox time). */
  async function buy(c: TestClient, bundleId = MEMBERSHIP.id): Promise<{ order: Order; start: number }> {
    const order = await c.post<Order>('/api/v1/order/create', { bundleId });
    expect(order.code).toBe(200);
    const pay = await c.post<PaymentCreated>('/api/v1/payment/create', { orderId: order.data.orderId });
    const paymentId = /^\/payment\/sandbox\/([\w-]+)$/.exec(pay.data.payUrl)![1]!;
    const before = sandbox.clock.now();
    const paid = await c.post<Order>(`/api/v1/payment/sandbox/${paymentId}/pay`, null);
    expect([paid.code, paid.data.status]).toEqual([200, 'paid']);
    return { order: paid.data, start: before };
  }

  /** Moves both clocks, the app's and the sandbox provider's, by `days`; returns what the sandbox did. */
  async function advance(c: TestClient, days: number, failRenewals?: boolean): Promise<SandboxClock> {
    t.advance(days * DAY);
    const res = await c.post<SandboxClock>('/api/v1/payment/sandbox/clock', { advanceDays: days, ...(failRenewals ? { failRenewals } : {}) });
    expect(res.code).toBe(200);
    return res.data;
  }

  const availCount = async (c: TestClient) => (await c.get<Limit>('/api/v1/config/limit')).data.availCount;
  const quota = async (c: TestClient) => (await c.get<ProductQuota[]>('/api/v1/my/quota')).data;
  const membershipEntry = async (c: TestClient) => {
    const entries = (await quota(c)).filter((e) => e.membership);
    expect(entries).toHaveLength(1);
    return entries[0]!;
  };
  const grants = async (subscriptionId: string) =>
    (await t.handle.db.selectFrom('bundle_grants').select(['source_ref', 'valid_date']).where('source', '=', 'membership').where('source_ref', 'like', `${subscriptionId}:%`).orderBy('valid_date').execute());
  const paidOrders = async (c: TestClient) => (await c.get<OrderPage>('/api/v1/my/order?status=paid')).data.list;
  const apiItems = (entry: ProductQuota) => entry.quotaInfo.filter((q) => q.quotaType === 'TYPE_API');

  it('lists the memberships with their period beside the packs', async () => {
    const bundles = (await t.client().get<Bundle[]>('/api/v1/bundle/list')).data;
    const byId = new Map(bundles.map((b) => [b.id, b]));
    expect(['trial', 'monthly', 'half-year', 'yearly'].map((id) => byId.get(id)?.kind)).toEqual(['pack', 'pack', 'pack', 'pack']);
    expect(byId.get('monthly')!.periodMonths).toBeUndefined();
    expect(['membership-1m', 'membership-6m', 'membership-12m'].map((id) => [byId.get(id)?.kind, byId.get(id)?.periodMonths])).toEqual([
      ['membership', 1],
      ['membership', 6],
      ['membership', 12],
    ]);
  });

  it('life cycle: buy → first period → renews once per period → cancel at period end → quota kept until the end → ended', async () => {
    const c = await newUser();
    const { order, start } = await buy(c);
    expect(order).toMatchObject({ bundleId: MEMBERSHIP.id, orderAmount: MEMBERSHIP.price, status: 'paid' });

    // First period: the quota is granted, valid until the period ends one calendar month later.
    const first = await membershipEntry(c);
    const m = first.membership!;
    expect(m).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, bundleId: MEMBERSHIP.id, periodMonths: 1 });
    const end1 = Date.parse(m.currentPeriodEnd!);
    expect(end1).toBeGreaterThanOrEqual(addMonths(start, 1));
    expect(end1).toBeLessThan(addMonths(start, 1) + 60_000);
    expect(apiItems(first)).toEqual([{ quotaType: 'TYPE_API', quota: 300, availQuota: 300, validDate: m.currentPeriodEnd, bundleId: MEMBERSHIP.id, bundleName: 'Monthly membership' }]);
    expect(first.packages).toEqual([{ bundleId: MEMBERSHIP.id, name: 'Monthly membership', desc: expect.stringContaining('Renews every month') }]);
    // The trial stays in its own entry (bought once), apart from the membership's.
    expect((await quota(c)).filter((e) => !e.membership).flatMap((e) => e.quotaInfo.map((q) => q.bundleId))).toEqual(['trial', 'trial', 'trial']);
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + MEMBERSHIP.conversions);
    expect(await grants(m.subscriptionId)).toHaveLength(1);

    // A second membership of the same bundle would charge twice: refused while this one lives.
    const again = await c.post<{ subscriptionId: string }>('/api/v1/order/create', { bundleId: MEMBERSHIP.id });
    expect([again.code, again.data.subscriptionId]).toEqual([40903, m.subscriptionId]);

    // Past the period: the sandbox renews once, for the next calendar month; the first period's quota is over.
    const moved = await advance(c, PAST_ONE_MONTH_DAYS);
    expect(moved).toMatchObject({ renewed: 1, failed: 0, ended: 0 });
    const second = await membershipEntry(c);
    const end2 = Date.parse(second.membership!.currentPeriodEnd!);
    // Periods are counted from the first one's start, calendar month by calendar month.
    const anchor = (await t.handle.db.selectFrom('subscriptions').select('billing_anchor').where('id', '=', m.subscriptionId).executeTakeFirstOrThrow()).billing_anchor!;
    expect([end1, end2]).toEqual([addMonths(anchor, 1), addMonths(anchor, 2)]);
    expect(second.membership!.status).toBe('active');
    expect(apiItems(second).map((q) => q.validDate).sort()).toEqual([new Date(end1).toISOString(), new Date(end2).toISOString()]);
    expect(await availCount(c)).toBe(MEMBERSHIP.conversions);
    // Each renewal is a paid order of its own.
    expect((await paidOrders(c)).map((o) => [o.bundleId, o.orderAmount])).toEqual([
      [MEMBERSHIP.id, MEMBERSHIP.price],
      [MEMBERSHIP.id, MEMBERSHIP.price],
    ]);

    // Running again, or the scheduled sweep meeting the same moment, grants nothing more.
    expect(await advance(c, 0)).toMatchObject({ renewed: 0, failed: 0, ended: 0 });
    expect(await t.services.memberships.runDueRenewals(createLogger('silent'))).toEqual({ renewed: 0, failed: 0, ended: 0 });
    expect(await grants(m.subscriptionId)).toHaveLength(2);

    // Cancel at period end, after confirming in My products: no renewal; the quota stays until the end.
    const other = await newUser();
    expect((await other.post('/api/v1/membership/cancel', { subscriptionId: m.subscriptionId })).code).toBe(40404);
    const cancelled = await c.post<MembershipInfo>('/api/v1/membership/cancel', { subscriptionId: m.subscriptionId });
    expect(cancelled.code).toBe(200);
    expect(cancelled.data).toMatchObject({ subscriptionId: m.subscriptionId, status: 'cancelling', cancelAtPeriodEnd: true, currentPeriodEnd: new Date(end2).toISOString() });
    expect((await c.post<MembershipInfo>('/api/v1/membership/cancel', { subscriptionId: m.subscriptionId })).data).toEqual(cancelled.data);
    expect((await membershipEntry(c)).membership).toEqual(cancelled.data);

    const daysLeft = Math.floor((end2 - sandbox.clock.now()) / DAY);
    expect(await advance(c, daysLeft - 1)).toMatchObject({ renewed: 0, ended: 0 });
    expect(await availCount(c)).toBe(MEMBERSHIP.conversions);
    expect((await membershipEntry(c)).membership!.status).toBe('cancelling');

    // The period ends: so does the membership and its quota; nothing more is granted or charged.
    expect(await advance(c, 2)).toMatchObject({ renewed: 0, ended: 1 });
    const ended = (await membershipEntry(c)).membership!;
    expect(ended).toMatchObject({ status: 'ended', cancelAtPeriodEnd: true, currentPeriodEnd: new Date(end2).toISOString() });
    expect(await availCount(c)).toBe(0);
    expect(await advance(c, 40)).toMatchObject({ renewed: 0, ended: 0 });
    expect(await grants(m.subscriptionId)).toHaveLength(2);
    expect(await paidOrders(c)).toHaveLength(2);
    expect((await c.post<{ status: string }>('/api/v1/membership/cancel', { subscriptionId: m.subscriptionId })).code).toBe(40902);

    // Ended: the same membership may be bought again.
    expect((await c.post('/api/v1/order/create', { bundleId: MEMBERSHIP.id })).code).toBe(200);
  });

  it('a failed renewal is payment due: the quota ends with the paid period; a later payment renews, unpaid it ends', async () => {
    const c = await newUser();
    await buy(c);
    const m = (await membershipEntry(c)).membership!;
    const end1 = Date.parse(m.currentPeriodEnd!);

    expect(await advance(c, PAST_ONE_MONTH_DAYS, true)).toMatchObject({ renewed: 0, failed: 1, ended: 0 });
    const due = (await membershipEntry(c)).membership!;
    expect(due).toMatchObject({ status: 'payment_due', currentPeriodEnd: m.currentPeriodEnd });
    expect(await availCount(c)).toBe(0);
    expect(await grants(m.subscriptionId)).toHaveLength(1);
    // Failing again does not count twice.
    expect(await advance(c, 1, true)).toMatchObject({ failed: 0 });

    // The retry succeeds: the next period (from the old end) is paid and granted.
    expect(await advance(c, 1)).toMatchObject({ renewed: 1 });
    const back = (await membershipEntry(c)).membership!;
    expect(back.status).toBe('active');
    expect(Date.parse(back.currentPeriodEnd!)).toBeGreaterThan(end1);
    expect(await availCount(c)).toBe(MEMBERSHIP.conversions);

    // Next time it stays unpaid past the dunning period: the membership ends.
    const daysToEnd = Math.ceil((Date.parse(back.currentPeriodEnd!) - sandbox.clock.now()) / DAY) + 1;
    expect(await advance(c, daysToEnd, true)).toMatchObject({ failed: 1 });
    expect(await advance(c, 15)).toMatchObject({ ended: 1, renewed: 0 });
    expect((await membershipEntry(c)).membership!.status).toBe('ended');
    expect(await grants(m.subscriptionId)).toHaveLength(2);
  });

  it('a replayed or second invoice for a paid period grants nothing', async () => {
    const c = await newUser();
    const { order } = await buy(c);
    const m = (await membershipEntry(c)).membership!;
    const sub = await t.handle.db.selectFrom('subscriptions').selectAll().where('id', '=', m.subscriptionId).executeTakeFirstOrThrow();
    const event = {
      id: 'evt_replay_1',
      type: 'invoice_paid' as const,
      subscriptionRef: sub.provider_subscription_id,
      orderId: order.orderId,
      at: sandbox.clock.now(),
      invoiceRef: 'in_other_invoice',
      periodStart: sub.current_period_start!,
      periodEnd: sub.current_period_end!,
      amount: MEMBERSHIP.price,
      currency: 'USD',
    };
    for (const id of ['evt_replay_1', 'evt_replay_1', 'evt_replay_2']) {
      const signed = sandbox.signEvent({ ...event, id });
      const res = await t.client().post('/api/v1/payment/webhook/sandbox', null, { rawBody: signed.rawBody, headers: Object.fromEntries(signed.headers), xsrf: false });
      expect([res.status, res.code]).toEqual([200, 200]);
    }
    expect(await grants(m.subscriptionId)).toHaveLength(1);
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + MEMBERSHIP.conversions);
  });

  it('packs stay one-off: no subscription, no membership entry, nothing renews', async () => {
    const c = await newUser();
    const { order } = await buy(c, 'monthly');
    expect(await t.handle.db.selectFrom('subscriptions').select('id').where('order_id', '=', order.orderId).execute()).toEqual([]);
    expect((await quota(c)).some((e) => e.membership)).toBe(false);
    expect(await availCount(c)).toBe(TRIAL_CONVERSIONS + 300);
    // Buying the same pack twice stays allowed.
    expect((await c.post('/api/v1/order/create', { bundleId: 'monthly' })).code).toBe(200);
  });

  it('publishes the membership routes in OpenAPI', async () => {
    const doc = (await (await t.app.request('/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/membership/cancel'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/payment/sandbox/clock'] ?? {}).sort()).toEqual(['get', 'post']);
  });

  it('validates input and needs a signed-in owner', async () => {
    const c = await newUser();
    const bad = await c.post<Record<string, string>>('/api/v1/payment/sandbox/clock', { advanceDays: -1 });
    expect([bad.code, bad.data]).toEqual([40001, { advanceDays: 'validation.invalid' }]);
    expect((await c.post('/api/v1/payment/sandbox/clock', { advanceDays: 1.5 })).code).toBe(40001);
    expect((await c.post<Record<string, string>>('/api/v1/membership/cancel', {})).data).toEqual({ subscriptionId: 'validation.invalid' });
    expect((await c.post('/api/v1/membership/cancel', { subscriptionId: 'nope' })).code).toBe(40404);
    const anonymous = t.client();
    expect((await anonymous.post('/api/v1/membership/cancel', { subscriptionId: 'nope' })).code).toBe(40202);
    expect((await anonymous.post('/api/v1/payment/sandbox/clock', { advanceDays: 1 })).code).toBe(40202);
    expect((await anonymous.get('/api/v1/payment/sandbox/clock')).code).toBe(40202);
    const clock = await c.get<SandboxClock>('/api/v1/payment/sandbox/clock');
    expect(clock.code).toBe(200);
    expect(Math.abs(Date.parse(clock.data.now) - sandbox.clock.now())).toBeLessThan(5000);
  });
});

describe('the sandbox clock in production', () => {
  it('is not mounted', async () => {
    const t = await createTestApp('sqlite', { env: 'production' });
    try {
      const c = t.client();
      expect((await c.post('/api/v1/user/register', { userId: `prod${Date.now().toString(36)}`, password: 'Sunny-Day7', email: `prod${Date.now()}@example.com`, agree: true })).code).toBe(200);
      const res = await c.post('/api/v1/payment/sandbox/clock', { advanceDays: 1 });
      expect([res.status, res.code]).toEqual([404, 40404]);
      expect((await c.get('/api/v1/payment/sandbox/clock')).code).toBe(40404);
    } finally {
      await t.close();
    }
  });
});
