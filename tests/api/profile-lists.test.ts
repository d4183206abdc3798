import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { History } from '@contracts/documents.js';
import { FILE_RETENTION_MS } from '@contracts/documents.js';
import type { OrderPage } from '@contracts/orders.js';
import { ConversionStatus, OrderStatus, PaymentStatus } from '@contracts/statuses.js';
import { bilingualWorkbook } from '../helpers/fixtures/spreadsheets.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

/** The profile's lists: My orders (server-side pages, nums and payment) and Usage history (file names, downloads, expiry). */
describe.each(testDialects())('profile lists on %s', (dialect) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function newUser(): Promise<{ c: TestClient; id: string }> {
    const c = t.client();
    const userId = `pl${++seq}${Math.random().toString(36).slice(2, 6)}`;
    expect((await c.post('/api/v1/user/register', { userId, password: 'Sunny-Day7', email: `${userId}@example.com`, agree: true })).code).toBe(200);
    const row = await t.handle.db.selectFrom('users').select('id').where('user_id_lower', '=', userId.toLowerCase()).executeTakeFirstOrThrow();
    return { c, id: row.id };
  }

  /**
   * `n` orders made a minute apart, newest last: every third one paid through the sandbox (with
   * its payment row), the rest paying and still payable. Written directly: the API keeps one live
   * order per bundle and rate-limits ordering, and this test is about reading them back.
   */
  async function seedOrders(userId: string, n: number): Promise<string[]> {
    const base = Date.now() - n * 60_000;
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = randomUUID();
      const at = base + i * 60_000;
      const paid = i % 3 === 0;
      await t.handle.db
        .insertInto('orders')
        .values({
          id, user_id: userId, bundle_id: 'monthly', bundle_name: 'Monthly', bundle_name_zh: '月度', amount: 999, currency: 'USD',
          status: paid ? OrderStatus.PAID : OrderStatus.PAYING, created_at: at, expire_at: Date.now() + 86_400_000, paid_at: paid ? at + 1000 : null,
          hidden_at: null, updated_at: at,
        })
        .execute();
      if (paid) {
        await t.handle.db
          .insertInto('payments')
          .values({ id: randomUUID(), order_id: id, provider: 'sandbox', provider_ref: `ref-${randomUUID()}`, status: PaymentStatus.PAID, pay_url: null, created_at: at, updated_at: at })
          .execute();
      }
      ids.push(id);
    }
    return ids;
  }

  const orders = (c: TestClient, query: string) => c.get<OrderPage>(`/api/v1/my/order?${query}`);

  it('pages orders on the server past 50: 55 orders are 6 pages of 10, the 6th has 5, none repeated', async () => {
    const { c, id } = await newUser();
    const ids = await seedOrders(id, 55);
    const newestFirst = [...ids].reverse();
    const seen: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const res = await orders(c, `status=all&page=${page}&pageSize=10`);
      expect(res.code).toBe(200);
      expect(res.data.total).toBe(55);
      expect(res.data.list).toHaveLength(page === 6 ? 5 : 10);
      seen.push(...res.data.list.map((o) => o.orderId));
    }
    expect(seen).toEqual(newestFirst);
    expect((await orders(c, 'status=all&page=7&pageSize=10')).data).toEqual({ list: [], total: 55 });
    // The largest page the API allows is 50; the rest is on page 2.
    const big = await orders(c, 'status=all&page=2&pageSize=50');
    expect(big.data.list.map((o) => o.orderId)).toEqual(newestFirst.slice(50));
  });

  it('filters the tabs on the server: paying and paid each with their own total and pages', async () => {
    const { c, id } = await newUser();
    await seedOrders(id, 55);
    const paid = await orders(c, 'status=paid&page=2&pageSize=10');
    expect(paid.data.total).toBe(19);
    expect(paid.data.list).toHaveLength(9);
    expect(paid.data.list.every((o) => o.status === 'paid')).toBe(true);
    const paying = await orders(c, 'status=paying&page=4&pageSize=10');
    expect(paying.data.total).toBe(36);
    expect(paying.data.list).toHaveLength(6);
    expect(paying.data.list.every((o) => o.status === 'paying')).toBe(true);
  });

  it('each order carries nums, and a paid one how it was paid', async () => {
    const { c, id } = await newUser();
    await seedOrders(id, 4);
    const { list } = (await orders(c, 'status=all&page=1&pageSize=10')).data;
    expect(list.map((o) => [o.status, o.nums, o.payment])).toEqual([
      ['paid', 1, 'sandbox'],
      ['paying', 1, undefined],
      ['paying', 1, undefined],
      ['paid', 1, 'sandbox'],
    ]);
  });

  it('rejects page sizes over 50 and pages below 1 with 40001', async () => {
    const { c } = await newUser();
    expect((await orders(c, 'page=1&pageSize=51')).code).toBe(40001);
    expect((await orders(c, 'page=0&pageSize=10')).code).toBe(40001);
    expect((await c.get('/api/v1/my/history?page=1&pageSize=51')).code).toBe(40001);
  });

  it('history items carry the file names, a download while valid, and the expired flag afterwards', async () => {
    const { c } = await newUser();
    const form = new FormData();
    form.append('convertType', 'excel-to-json');
    form.append('files', new Blob([(await bilingualWorkbook()) as BlobPart]), '季度 报表.xlsx');
    const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', form);
    expect(sub.code).toBe(200);
    expect((await c.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(200);
    await t.queue.idle();
    const browser = await c.post<{ documentId: string }>('/api/v1/document/convert', { convertType: 'excel-to-json', engine: 'browser', files: [{ name: 'local.xlsx', size: 10 }] });
    await c.post(`/api/v1/document/${browser.data.documentId}/complete`, { success: true, files: [{ name: 'local.json', size: 5 }] });

    const page = await c.get<{ list: History[]; total: number }>('/api/v1/my/history?page=1&pageSize=6');
    expect(page.data.total).toBe(2);
    const [local, server] = page.data.list;
    expect(local).toMatchObject({ expired: false, status: ConversionStatus.SUCCEEDED, input: { files: [{ name: 'local.xlsx', size: 10 }] } });
    expect(local!.output.filesInfos).toEqual([expect.objectContaining({ convertFileName: 'local.json', convertFileUrl: '' })]);
    expect(server).toMatchObject({ expired: false, status: ConversionStatus.SUCCEEDED, output: { convertType: 'excel-to-json' } });
    expect(server!.input.files.map((f) => f.name)).toEqual(['季度 报表.xlsx']);
    const info = server!.output.filesInfos[0]!;
    expect(info.convertFileName).toBe('季度 报表.json');
    expect((await c.raw(info.convertFileUrl)).status).toBe(200);

    t.advance(FILE_RETENTION_MS + 1);
    try {
      const later = await c.get<{ list: History[] }>('/api/v1/my/history?page=1&pageSize=6');
      expect(later.data.list.map((h) => h.expired)).toEqual([true, true]);
      // Names stay readable after expiry; the link answers 41001.
      expect(later.data.list[1]!.output.filesInfos[0]!.convertFileName).toBe('季度 报表.json');
      const gone = await c.raw(info.convertFileUrl);
      expect(((await gone.json()) as { code: number }).code).toBe(41001);
    } finally {
      t.advance(-(FILE_RETENTION_MS + 1));
    }
  });

  it('both lists are for their owner only: signed out 40202, another user sees none', async () => {
    const { id } = await newUser();
    await seedOrders(id, 2);
    expect((await t.client().get('/api/v1/my/order')).code).toBe(40202);
    expect((await t.client().get('/api/v1/my/history')).code).toBe(40202);
    const other = await newUser();
    expect((await orders(other.c, 'status=all&page=1&pageSize=10')).data).toEqual({ list: [], total: 0 });
  });
});
