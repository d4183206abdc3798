import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stats } from '@contracts/admin/stats.js';
import type { Order, PaymentCreated } from '@contracts/orders.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';
import { managerClient, userClient } from '../helpers/admin-clients.js';

const DAY = 86_400_000;
const dayStr = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/**
 * Issue 11: the dashboard's figures equal direct counts over seeded data. Activity goes through
 * the API on several days of the app's clock; rows the API cannot backdate (range boundaries,
 * server conversions and their files) are inserted with kysely. The expected figures are
 * counted here with plain SQL per day and per range, not through the repository.
 */
describe.each(testDialects())('admin dashboard stats on %s', (dialect) => {
  let t: TestApp;
  let manager: TestClient;
  /** The first day of activity (UTC day number); D0+1 has none, D0+3 is the last. */
  let D0: number;

  const db = () => t.handle.db;
  const at = (day: number, ms = 0) => day * DAY + ms;

  async function order(c: TestClient, bundleId: string): Promise<Order> {
    const res = await c.post<Order>('/api/v1/order/create', { bundleId });
    expect(res.code).toBe(200);
    return res.data;
  }
  async function pay(c: TestClient, orderId: string): Promise<void> {
    const created = await c.post<PaymentCreated>('/api/v1/payment/create', { orderId });
    expect(created.code).toBe(200);
    const paymentId = /^\/payment\/sandbox\/([\w-]+)$/.exec(created.data.payUrl)![1]!;
    expect((await c.post<Order>(`/api/v1/payment/sandbox/${paymentId}/pay`, null)).data.status).toBe('paid');
  }
  async function browserConversion(c: TestClient, convertType: string, file: string, outcome: 'ok' | 'fail' | 'running'): Promise<string> {
    const res = await c.post<{ documentId: string }>('/api/v1/document/convert', { convertType, engine: 'browser', files: [{ name: file, size: 1000 }] });
    expect(res.code).toBe(200);
    const id = res.data.documentId;
    if (outcome === 'ok') expect((await c.post(`/api/v1/document/${id}/complete`, { success: true, files: [{ name: 'out', size: 10 }] })).code).toBe(200);
    if (outcome === 'fail') expect((await c.post(`/api/v1/document/${id}/complete`, { success: false, reason: 'unreadable' })).code).toBe(200);
    return id;
  }
  async function feedback(c: TestClient, email: string): Promise<void> {
    const res = await c.post('/api/v1/contactus/feedback', { subject: 'Help', content: 'It does not work', category: 'ISSUE', email });
    expect(res.code).toBe(200);
  }
  const internalId = async (userId: string) => (await db().selectFrom('users').select('id').where('user_id_lower', '=', userId.toLowerCase()).executeTakeFirstOrThrow()).id;

  /** Copies a row with some fields changed, so the copy has every column the table has today. */
  async function copyUser(fromId: string, patch: { id: string; created_at: number }) {
    const row = await db().selectFrom('users').selectAll().where('id', '=', fromId).executeTakeFirstOrThrow();
    const name = `b${patch.id}`;
    await db().insertInto('users').values({ ...row, ...patch, user_id: name, user_id_lower: name, email: `${name}@example.com`, email_lower: `${name}@example.com`, email_normalized: `${name}@example.com` }).execute();
  }
  async function copyOrder(fromId: string, patch: { id: string; created_at: number; paid_at: number | null; amount: number; currency: string; status: Order['status'] }) {
    const row = await db().selectFrom('orders').selectAll().where('id', '=', fromId).executeTakeFirstOrThrow();
    await db().insertInto('orders').values({ ...row, ...patch }).execute();
  }
  async function copyConversion(fromId: string, patch: { id: string; created_at: number; engine: 'browser' | 'server'; status: ConversionStatus; convert_type: string; files_purged: number }, files: number[] = []) {
    const row = await db().selectFrom('conversions').selectAll().where('id', '=', fromId).executeTakeFirstOrThrow();
    await db().insertInto('conversions').values({ ...row, ...patch, quota_id: null }).execute();
    for (const [i, size] of files.entries()) {
      await db()
        .insertInto('conversion_files')
        .values({ id: `${patch.id}-f${i}`, conversion_id: patch.id, kind: i === 0 ? 'input' : 'output', name: `f${i}.docx`, size, storage_key: `${patch.id}/f${i}.docx`, mime: 'application/octet-stream', created_at: patch.created_at })
        .execute();
    }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await managerClient(t);
    // Start at noon of tomorrow (UTC), so a day's activity never straddles midnight.
    D0 = Math.floor(Date.now() / DAY) + 1;
    t.advance(at(D0, 12 * 3600_000) - Date.now());
    const created = Date.now();
    await db()
      .insertInto('bundles')
      .values({ id: 'cny-pack', name: 'CNY pack', name_zh: '人民币套餐', desc: '', desc_zh: '', bundle_icon: '', price: 1888, currency: 'CNY', duration: 'ONE_MONTH', trial: 0, published: 1, batch: 0, sort_order: 20, period_months: null, created_at: created, updated_at: created })
      .execute();
    await db().insertInto('bundle_quotas').values({ bundle_id: 'cny-pack', product_id: 'convert', quota_type: 'TYPE_API', quota: 50 }).execute();

    // D0: two sign-ups, a USD order paid, one browser conversion succeeded and one failed, two feedbacks (one answered).
    const u1 = await userClient(t, 'st');
    const u2 = await userClient(t, 'st');
    await pay(u1.c, (await order(u1.c, 'monthly')).orderId);
    const okId = await browserConversion(u2.c, 'excel-to-json', 'a.xlsx', 'ok');
    await browserConversion(u2.c, 'pdf-to-word', 'a.pdf', 'fail');
    await feedback(u1.c, u1.email);
    await feedback(u2.c, u2.email);
    await db().updateTable('feedback_conversations').set({ status: 'replied' }).where('user_id', '=', await internalId(u2.userId)).execute();

    // D0+1: nothing. D0+2: a sign-up paying in CNY, an order left paying, another created (paid on D0+3), conversions.
    t.advance(2 * DAY);
    const u3 = await userClient(t, 'st');
    const cny = await order(u3.c, 'cny-pack');
    await pay(u3.c, cny.orderId);
    await order(u1.c, 'yearly');
    const halfYear = await order(u2.c, 'half-year');
    await browserConversion(u3.c, 'excel-to-json', 'b.xlsx', 'ok');
    await browserConversion(u3.c, 'excel-to-json', 'c.xlsx', 'running');
    await feedback(u3.c, u3.email);

    // D0+3: the half-year order is paid, one more conversion.
    t.advance(DAY);
    await pay(u2.c, halfYear.orderId);
    await browserConversion(u1.c, 'pdf-to-word', 'd.pdf', 'ok');

    // Rows at the range's edges and server conversions, which the API cannot place in time.
    const lastMs = at(D0 + 4) - 1;
    const u1Id = await internalId(u1.userId);
    await copyUser(u1Id, { id: 'edge-in', created_at: lastMs });
    await copyUser(u1Id, { id: 'edge-out', created_at: at(D0 + 4) });
    await copyUser(u1Id, { id: 'edge-first', created_at: at(D0) });
    await copyUser(u1Id, { id: 'edge-before', created_at: at(D0) - 1 });
    await copyOrder(cny.orderId, { id: 'o-edge-in', created_at: at(D0 + 3), paid_at: lastMs, amount: 100, currency: 'CNY', status: 'paid' });
    await copyOrder(cny.orderId, { id: 'o-edge-out', created_at: lastMs, paid_at: at(D0 + 4), amount: 7000, currency: 'USD', status: 'paid' });
    await copyOrder(cny.orderId, { id: 'o-before', created_at: at(D0) - 1, paid_at: at(D0) - 1, amount: 5000, currency: 'EUR', status: 'paid' });
    const conv = (id: string, created_at: number, engine: 'browser' | 'server', status: ConversionStatus, convert_type: string, files_purged: number, files: number[] = []) =>
      copyConversion(okId, { id, created_at, engine, status, convert_type, files_purged }, files);
    await conv('s-ok', at(D0 + 3, 5000), 'server', ConversionStatus.SUCCEEDED, 'word-to-pdf', 0, [4096, 2048]);
    await conv('s-fail', at(D0, 7000), 'server', ConversionStatus.FAILED, 'word-to-pdf', 1, [999]);
    await conv('s-uploaded', at(D0 + 2, 100), 'server', ConversionStatus.UPLOADED, 'ppt-to-pdf', 0, [777]);
    await conv('s-edge-in', lastMs, 'server', ConversionStatus.SUCCEEDED, 'ppt-to-pdf', 1, [5]);
    await conv('s-edge-out', at(D0 + 4), 'server', ConversionStatus.FAILED, 'ppt-to-pdf', 0, [11]);
    await conv('s-first', at(D0), 'server', ConversionStatus.CONVERTING, 'excel-to-pdf', 0);
    await conv('s-before', at(D0) - 1, 'browser', ConversionStatus.SUCCEEDED, 'excel-to-pdf', 0);
  });
  afterAll(() => t.close());

  const n = async (query: ReturnType<typeof sql<{ n: number | string }>>) => Number((await query.execute(db())).rows[0]!.n);

  /** Every figure of the dashboard, counted directly: per day and per range with WHERE clauses, sums and groups done here. */
  async function direct(from: string, to: string): Promise<Stats> {
    const first = Date.parse(`${from}T00:00:00Z`) / DAY;
    const last = Date.parse(`${to}T00:00:00Z`) / DAY;
    const counts = async (a: number, b: number) => ({
      newUsers: await n(sql`select count(*) as n from users where created_at >= ${a} and created_at <= ${b}`),
      ordersCreated: await n(sql`select count(*) as n from orders where created_at >= ${a} and created_at <= ${b}`),
      ordersPaid: await n(sql`select count(*) as n from orders where paid_at is not null and paid_at >= ${a} and paid_at <= ${b}`),
      conversions: await n(sql`select count(*) as n from conversions where status <> 0 and created_at >= ${a} and created_at <= ${b}`),
      succeeded: await n(sql`select count(*) as n from conversions where status = 3 and created_at >= ${a} and created_at <= ${b}`),
      failed: await n(sql`select count(*) as n from conversions where status = 2 and created_at >= ${a} and created_at <= ${b}`),
    });
    const days = [];
    for (let d = first; d <= last; d++) days.push({ day: dayStr(d), ...(await counts(d * DAY, (d + 1) * DAY - 1)) });
    const a = first * DAY;
    const b = (last + 1) * DAY - 1;
    const totals = await counts(a, b);

    const paid = (await sql<{ currency: string; amount: number | string }>`select currency, amount from orders where paid_at is not null and paid_at >= ${a} and paid_at <= ${b}`.execute(db())).rows;
    const revenue = new Map<string, { currency: string; amount: number; orders: number }>();
    for (const o of paid) {
      const r = revenue.get(o.currency) ?? { currency: o.currency, amount: 0, orders: 0 };
      revenue.set(o.currency, { ...r, amount: r.amount + Number(o.amount), orders: r.orders + 1 });
    }
    const started = (await sql<{ convert_type: string; status: number; engine: string }>`select convert_type, status, engine from conversions where status <> 0 and created_at >= ${a} and created_at <= ${b}`.execute(db())).rows;
    const types = new Map<string, { convertType: string; conversions: number; succeeded: number; failed: number }>();
    for (const c of started) {
      const r = types.get(c.convert_type) ?? { convertType: c.convert_type, conversions: 0, succeeded: 0, failed: 0 };
      types.set(c.convert_type, { ...r, conversions: r.conversions + 1, succeeded: r.succeeded + (c.status === 3 ? 1 : 0), failed: r.failed + (c.status === 2 ? 1 : 0) });
    }
    const stored = (await sql<{ size: number | string }>`select f.size from conversion_files f join conversions c on c.id = f.conversion_id where c.files_purged = 0`.execute(db())).rows;
    const ended = totals.succeeded + totals.failed;
    return {
      from,
      to,
      totals: { ...totals, successRate: ended === 0 ? null : totals.succeeded / ended },
      revenue: [...revenue.values()].sort((x, y) => (x.currency < y.currency ? -1 : 1)),
      engines: { browser: started.filter((c) => c.engine === 'browser').length, server: started.filter((c) => c.engine === 'server').length },
      types: [...types.values()].sort((x, y) => y.conversions - x.conversions || (x.convertType < y.convertType ? -1 : 1)),
      days,
      current: {
        filesStored: stored.length,
        bytesStored: stored.reduce((s, f) => s + Number(f.size), 0),
        feedbackOpen: await n(sql`select count(*) as n from feedback_conversations where status = 'open'`),
      },
    };
  }

  const stats = async (query = '') => {
    const res = await manager.get<Stats>(`/api/v1/admin/stats${query}`);
    expect(res.code, JSON.stringify(res.data)).toBe(200);
    return res.data;
  };

  it('every figure of the seeded days equals a direct count, the quiet day included as zeros', async () => {
    const from = dayStr(D0);
    const to = dayStr(D0 + 3);
    const got = await stats(`?from=${from}&to=${to}`);
    expect(got).toEqual(await direct(from, to));
    // What the seeding makes these figures, so the comparison above is not of two empty answers.
    expect(got.days.map((d) => d.day)).toEqual([0, 1, 2, 3].map((i) => dayStr(D0 + i)));
    expect(got.days[1]).toEqual({ day: dayStr(D0 + 1), newUsers: 0, ordersCreated: 0, ordersPaid: 0, conversions: 0, succeeded: 0, failed: 0 });
    expect(got.days[0]).toMatchObject({ newUsers: 3, ordersCreated: 1, ordersPaid: 1, conversions: 4, succeeded: 1, failed: 2 });
    expect(got.days[3]).toMatchObject({ newUsers: 1, ordersCreated: 2, ordersPaid: 2, conversions: 3, succeeded: 3, failed: 0 });
    expect(got.totals).toEqual({ newUsers: 5, ordersCreated: 6, ordersPaid: 4, conversions: 9, succeeded: 5, failed: 2, successRate: 5 / 7 });
    expect(got.engines).toEqual({ browser: 5, server: 4 });
    expect(got.types).toEqual([
      { convertType: 'excel-to-json', conversions: 3, succeeded: 2, failed: 0 },
      { convertType: 'pdf-to-word', conversions: 2, succeeded: 1, failed: 1 },
      { convertType: 'word-to-pdf', conversions: 2, succeeded: 1, failed: 1 },
      { convertType: 'excel-to-pdf', conversions: 1, succeeded: 0, failed: 0 },
      { convertType: 'ppt-to-pdf', conversions: 1, succeeded: 1, failed: 0 },
    ]);
  });

  it('revenue is per currency: two currencies are never added together', async () => {
    const got = await stats(`?from=${dayStr(D0)}&to=${dayStr(D0 + 3)}`);
    expect(got.revenue).toEqual([
      { currency: 'CNY', amount: 1888 + 100, orders: 2 },
      { currency: 'USD', amount: 999 + 4999, orders: 2 },
    ]);
  });

  it('includes a row at 23:59:59.999 of `to` and at 00:00 of `from`, not the millisecond after or before', async () => {
    const last = await stats(`?from=${dayStr(D0 + 3)}&to=${dayStr(D0 + 3)}`);
    expect(last).toEqual(await direct(dayStr(D0 + 3), dayStr(D0 + 3)));
    expect(last.totals.newUsers).toBe(1); // edge-in only
    expect(last.revenue).toEqual([
      { currency: 'CNY', amount: 100, orders: 1 },
      { currency: 'USD', amount: 4999, orders: 1 },
    ]);
    const after = await stats(`?from=${dayStr(D0 + 4)}&to=${dayStr(D0 + 4)}`);
    expect(after).toEqual(await direct(dayStr(D0 + 4), dayStr(D0 + 4)));
    expect(after.totals).toMatchObject({ newUsers: 1, ordersCreated: 0, ordersPaid: 1, conversions: 1, failed: 1 });
    expect(after.revenue).toEqual([{ currency: 'USD', amount: 7000, orders: 1 }]);
    const before = await stats(`?from=${dayStr(D0 - 1)}&to=${dayStr(D0 - 1)}`);
    expect(before).toEqual(await direct(dayStr(D0 - 1), dayStr(D0 - 1)));
    expect(before.revenue).toEqual([{ currency: 'EUR', amount: 5000, orders: 1 }]);
    expect(before.types).toEqual([{ convertType: 'excel-to-pdf', conversions: 1, succeeded: 1, failed: 0 }]);
  });

  it('files stored and open feedback are counted now, whatever the range', async () => {
    const far = await stats('?from=2020-01-01&to=2020-01-31');
    // Not purged: s-ok (2 files), s-uploaded (1), s-edge-out (1); purged: s-fail, s-edge-in.
    expect(far.current).toEqual({ filesStored: 4, bytesStored: 4096 + 2048 + 777 + 11, feedbackOpen: 2 });
    expect(far.totals).toEqual({ newUsers: 0, ordersCreated: 0, ordersPaid: 0, conversions: 0, succeeded: 0, failed: 0, successRate: null });
    expect(far.days).toHaveLength(31);
    expect(far.days.every((d) => d.newUsers + d.ordersCreated + d.ordersPaid + d.conversions === 0)).toBe(true);
  });

  it('defaults to the last 30 days ending today (UTC), or 30 days ending at `to`', async () => {
    const today = D0 + 3; // the app's clock: noon of D0, moved three days on
    const got = await stats();
    expect({ from: got.from, to: got.to }).toEqual({ from: dayStr(today - 29), to: dayStr(today) });
    expect(got.days).toHaveLength(30);
    expect(got).toEqual(await direct(got.from, got.to));
    const ending = await stats(`?to=${dayStr(D0 + 1)}`);
    expect({ from: ending.from, to: ending.to }).toEqual({ from: dayStr(D0 + 1 - 29), to: dayStr(D0 + 1) });
    const since = await stats(`?from=${dayStr(D0 + 2)}`);
    expect({ from: since.from, to: since.to }).toEqual({ from: dayStr(D0 + 2), to: dayStr(today) });
  });

  it('refuses `from` after `to`, a range over 366 days and a malformed day with 40001', async () => {
    const bad = async (query: string) => {
      const res = await manager.get<Record<string, string>>(`/api/v1/admin/stats${query}`);
      expect(res.code, query).toBe(40001);
      return res.data;
    };
    expect(await bad('?from=2026-03-02&to=2026-03-01')).toEqual({ from: 'adminDashboard.range.fromAfterTo' });
    expect(await bad('?from=2025-01-01&to=2026-01-02')).toEqual({ to: 'adminDashboard.range.tooLong' });
    expect(Object.keys(await bad('?from=2026-02-30'))).toEqual(['from']);
    expect(Object.keys(await bad('?to=tomorrow'))).toEqual(['to']);
    // 366 days, both ends included, is the longest range allowed.
    expect((await stats('?from=2025-01-01&to=2026-01-01')).days).toHaveLength(366);
  });

  it('answers managers only', async () => {
    const { c } = await userClient(t, 'st');
    expect((await c.get('/api/v1/admin/stats')).code).toBe(40301);
    expect((await t.client().get('/api/v1/admin/stats')).code).toBe(40202);
  });
});
