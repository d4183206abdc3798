import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feature } from '@contracts/convert-catalogue.js';
import type { History } from '@contracts/documents.js';
import type { Limit, ProductQuota } from '@contracts/quota.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const MB = 1024 * 1024;
let seq = 0;

describe.each(testDialects())('conversions and quota on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function newUser(): Promise<TestClient> {
    const c = t.client();
    seq += 1;
    const id = `conv${seq}${Math.random().toString(36).slice(2, 6)}`;
    const res = await c.post('/api/v1/user/register', { userId: id, password: 'Sunny-Day7', email: `${id}@example.com`, agree: true });
    expect(res.code).toBe(200);
    return c;
  }

  const browserConvert = (c: TestClient, files: { name: string; size: number }[], convertType = 'excel-to-json') =>
    c.post<{ documentId: string; status: number }>('/api/v1/document/convert', { convertType, engine: 'browser', files });

  async function setAvail(c: TestClient, n: number) {
    const user = await t.handle.db.selectFrom('users').select('id').where('user_id_lower', '=', (await c.get<{ userId: string }>('/api/v1/userInfo')).data.userId.toLowerCase()).executeTakeFirstOrThrow();
    await t.handle.db.updateTable('user_quotas').set({ avail_quota: n }).where('user_id', '=', user.id).where('quota_type', '=', 'TYPE_API').execute();
  }

  it('serves the spec\'s features', async () => {
    const res = await t.client().get<Feature[]>('/api/v1/document/convert/feature');
    // `cards` (each card's engine preference and size cap, docs/admin-products.md) is an added field.
    expect(res.data.map(({ id, converts }) => ({ id, converts }))).toEqual([
      { id: 'word', converts: ['pdf', 'txt'] },
      { id: 'pdf', converts: ['docx', 'xlsx', 'pptx', 'html', 'xml'] },
      { id: 'excel', converts: ['docx', 'pdf', 'pptx', 'html', 'json', 'md'] },
      { id: 'ppt', converts: ['pdf', 'html'] },
    ]);
  });

  it('a new account has the trial: 20 conversions, 10 MB, single files, 7 days', async () => {
    const c = await newUser();
    expect((await c.get<Limit>('/api/v1/config/limit')).data).toEqual({ batch: false, maxBatchCount: 1, maxFileSize: 10 * MB, availCount: 20 });
    const quota = (await c.get<ProductQuota[]>('/api/v1/my/quota')).data;
    expect(quota).toHaveLength(1);
    expect(quota[0]!.productInfo.productId).toBe('convert');
    const api = quota[0]!.quotaInfo.find((q) => q.quotaType === 'TYPE_API')!;
    expect(api).toMatchObject({ quota: 20, availQuota: 20 });
    const days = (Date.parse(api.validDate) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('a browser conversion spends one unit, and success records the result', async () => {
    const c = await newUser();
    const start = await browserConvert(c, [{ name: '报表.xlsx', size: 2048 }]);
    expect(start.code).toBe(200);
    expect(start.data.status).toBe(ConversionStatus.CONVERTING);
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(19);
    const done = await c.post<History>(`/api/v1/document/${start.data.documentId}/complete`, { success: true, files: [{ name: '报表.json', size: 300 }] });
    expect(done.data.status).toBe(ConversionStatus.SUCCEEDED);
    expect(done.data.output.filesInfos[0]).toMatchObject({ convertFileName: '报表.json', convertFileUrl: '', status: ConversionStatus.SUCCEEDED });
    const hist = await c.get<{ list: History[]; total: number }>('/api/v1/my/history?page=1');
    expect(hist.data.total).toBe(1);
    expect(hist.data.list[0]).toMatchObject({ documentId: start.data.documentId, status: ConversionStatus.SUCCEEDED, expired: false, engine: 'browser' });
    expect(hist.data.list[0]!.input.files).toEqual([{ name: '报表.xlsx', size: 2048 }]);
  });

  it('a failed conversion is refunded exactly once', async () => {
    const c = await newUser();
    const start = await browserConvert(c, [{ name: 'a.csv', size: 10 }]);
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(19);
    const fail = await c.post<History>(`/api/v1/document/${start.data.documentId}/complete`, { success: false, reason: 'unreadable' });
    expect(fail.data.status).toBe(ConversionStatus.FAILED);
    expect(fail.data.reason).toBe('unreadable');
    await c.post(`/api/v1/document/${start.data.documentId}/complete`, { success: false, reason: 'again' });
    await c.post(`/api/v1/document/${start.data.documentId}/complete`, { success: true });
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(20);
    expect((await c.get<History>(`/api/v1/document/${start.data.documentId}`)).data.status).toBe(ConversionStatus.FAILED);
  });

  it('answers 1002 for a batch, 1005 for a file over the limit, with nothing spent', async () => {
    const c = await newUser();
    expect((await browserConvert(c, [{ name: 'a.xlsx', size: 1 }, { name: 'b.xlsx', size: 1 }])).code).toBe(1002);
    expect((await browserConvert(c, [{ name: 'a.xlsx', size: 10 * MB + 1 }])).code).toBe(1005);
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(20);
  });

  it('answers 1003 when a batch bundle\'s count is exceeded', async () => {
    const c = await newUser();
    const user = await t.handle.db.selectFrom('users').select('id').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    await t.handle.db.updateTable('user_quotas').set({ batch: 1, quota: 3 }).where('user_id', '=', user.id).where('quota_type', '=', 'TYPE_BATCH_COUNT').execute();
    await t.handle.db.updateTable('user_quotas').set({ batch: 1 }).where('user_id', '=', user.id).execute();
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `f${i}.xlsx`, size: 1 }));
    expect((await browserConvert(c, four)).code).toBe(1003);
    const three = await browserConvert(c, four.slice(0, 3));
    expect(three.code).toBe(200);
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(17);
  });

  it('answers 1004 with no conversions left, and 1004 too once the trial has ended (not 1001: see package-gating.test.ts)', async () => {
    const c = await newUser();
    await setAvail(c, 0);
    expect((await browserConvert(c, [{ name: 'a.xlsx', size: 1 }])).code).toBe(1004);
    await t.handle.db.updateTable('user_quotas').set({ valid_date: Date.now() - 1 }).where('avail_quota', '=', 0).execute();
    expect((await browserConvert(c, [{ name: 'a.xlsx', size: 1 }])).code).toBe(1004);
  });

  it('refuses unknown cards, wrong extensions and browser claims for server-only inputs', async () => {
    const c = await newUser();
    expect((await browserConvert(c, [{ name: 'a.xlsx', size: 1 }], 'excel-to-excel')).code).toBe(40001);
    expect((await browserConvert(c, [{ name: 'a.pdf', size: 1 }], 'excel-to-json')).data).toEqual({ files: 'validation.fileTypeNotAccepted' });
    expect((await browserConvert(c, [{ name: 'a.xls', size: 1 }], 'excel-to-json')).data).toEqual({ engine: 'validation.engineUnsupported' });
    expect((await browserConvert(c, [{ name: '../../etc/passwd.xlsx', size: 1 }])).code).toBe(40001);
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(20);
  });

  it('another user\'s record is 40404', async () => {
    const a = await newUser();
    const b = await newUser();
    const start = await browserConvert(a, [{ name: 'a.xlsx', size: 1 }]);
    expect((await b.get(`/api/v1/document/${start.data.documentId}`)).code).toBe(40404);
    expect((await b.post(`/api/v1/document/${start.data.documentId}/complete`, { success: false })).code).toBe(40404);
    expect((await a.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(19);
  });

  it('signed out: 40202', async () => {
    const c = t.client();
    expect((await c.get('/api/v1/config/limit')).code).toBe(40202);
    expect((await browserConvert(c, [{ name: 'a.xlsx', size: 1 }])).code).toBe(40202);
    expect((await c.get('/api/v1/my/history')).code).toBe(40202);
  });

  it('history pages by 6, newest first, and flags records past three hours as expired', async () => {
    const c = await newUser();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await browserConvert(c, [{ name: `f${i}.xlsx`, size: 1 }])).data.documentId);
    const p1 = await c.get<{ list: History[]; total: number }>('/api/v1/my/history');
    expect(p1.data.total).toBe(8);
    expect(p1.data.list).toHaveLength(6);
    const p2 = await c.get<{ list: History[]; total: number }>('/api/v1/my/history?page=2');
    expect(p2.data.list.map((h) => h.documentId)).toEqual(ids.slice(0, 2).reverse());
    t.advance(3 * 3600 * 1000 + 1);
    try {
      expect((await c.get<History>(`/api/v1/document/${ids[0]}`)).data.expired).toBe(true);
    } finally {
      t.advance(-(3 * 3600 * 1000 + 1));
    }
  });

  it('20 simultaneous requests with 5 units left: exactly 5 accepted, 15 answered 1004, balance 0', async () => {
    const c = await newUser();
    await setAvail(c, 5);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => browserConvert(c, [{ name: `race${i}.xlsx`, size: 1 }])));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((x) => x === 200)).toHaveLength(5);
    expect(codes.filter((x) => x === 1004)).toHaveLength(15);
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(0);
    expect((await c.get<{ total: number }>('/api/v1/my/history')).data.total).toBe(5);
  });

  it('lists published bundles in the caller\'s language', async () => {
    const en = await t.client().get<{ id: string; name: string; trial: boolean }[]>('/api/v1/bundle/list');
    // The first seeded bundles, in their sort order (others follow: the PDF pack, memberships).
    expect(en.data.map((b) => b.id).slice(0, 4)).toEqual(['trial', 'monthly', 'half-year', 'yearly']);
    expect(en.data.map((b) => b.id)).toContain('pdf-pack');
    expect(en.data[0]).toMatchObject({ name: 'Free trial', trial: true });
    const zh = await t.client().get<{ name: string }[]>('/api/v1/bundle/list?lang=zh');
    expect(zh.data[0]!.name).toBe('免费试用');
    // Filtered by product: every seeded bundle has the converter, none has an unknown product.
    const convert = await t.client().get<{ id: string }[]>('/api/v1/bundle/list/convert');
    expect(convert.code).toBe(200);
    expect(convert.data.map((b) => b.id)).toEqual(en.data.map((b) => b.id));
    const nothing = await t.client().get<unknown[]>('/api/v1/bundle/list/nothing');
    expect(nothing.code).toBe(200);
    expect(nothing.data).toEqual([]);
  });
});
