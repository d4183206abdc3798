import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Limit } from '@contracts/quota.js';
import { networkOf } from '../../api/http/rate-limit.js';
import { bilingualWorkbook } from '../helpers/fixtures/spreadsheets.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../api/http/rate-limit-rules.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { ApiAnswer, TestClient } from '../helpers/test-client.js';

const PASSWORD = 'Sunny-Day7';
const HOUR = 3600;
let seq = 0;
const uid = (prefix: string) => `${prefix}${++seq}${Math.random().toString(36).slice(2, 7)}`;

/** Every limit at two requests per hour, so each can be reached in a test. */
const LOW: RateLimits = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((k) => [k, { points: 2, durationS: HOUR }])) as unknown as RateLimits;

function expectLimited(res: ApiAnswer<unknown>, maxWaitS = HOUR) {
  expect(res.status).toBe(429);
  expect(res.code).toBe(42901);
  const header = Number(res.headers.get('retry-after'));
  expect(header).toBeGreaterThan(0);
  expect(header).toBeLessThanOrEqual(maxWaitS);
  expect(res.data).toEqual({ retryAfter: header });
}

describe('networkOf', () => {
  it('groups IPv4 by /24 and IPv6 by /64', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.0/24');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});

describe.each(testDialects())('abuse limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { points: 2, durationS: HOUR }, registerPerNetwork: { points: 3, durationS: HOUR } } });
  });
  afterAll(() => t.close());

  const register = (c: TestClient, ip: string, id = uid('reg')) =>
    c.post('/api/v1/user/register', { userId: id, password: PASSWORD, email: `${id}@example.com`, agree: true }, { headers: { 'x-forwarded-for': ip } });

  it('registration is limited per address, then per network, with 42901 and Retry-After', async () => {
    const c = t.client();
    expect((await register(c, '203.0.113.10')).code).toBe(200);
    expect((await register(t.client(), '203.0.113.10')).code).toBe(200);
    expectLimited(await register(t.client(), '203.0.113.10'));
    // Another address of the same /24: the network's third registration passes, its fourth does not.
    expect((await register(t.client(), '203.0.113.11')).code).toBe(200);
    expectLimited(await register(t.client(), '203.0.113.12'));
    // Another network is not affected.
    expect((await register(t.client(), '203.0.114.1')).code).toBe(200);
  });

  it('IPv6 addresses of one /64 share the network limit', async () => {
    expect((await register(t.client(), '2001:db8:5:6::1')).code).toBe(200);
    expect((await register(t.client(), '2001:db8:5:6::2')).code).toBe(200);
    expect((await register(t.client(), '2001:db8:5:6:abcd::3')).code).toBe(200);
    expectLimited(await register(t.client(), '2001:db8:5:6::4'));
    expect((await register(t.client(), '2001:db8:5:7::1')).code).toBe(200);
  });

  it('a request refused by the XSRF check costs nothing', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await t.client().post('/api/v1/user/register', {}, { xsrf: false, headers: { 'x-forwarded-for': '192.0.2.200' } })).code).toBe(40302);
    }
    expect((await register(t.client(), '192.0.2.200')).code).toBe(200);
  });

  it('100 parallel wrong passwords reach the password check at most 5 times', async () => {
    const id = uid('par');
    expect((await register(t.client(), '100.64.0.1', id)).code).toBe(200);
    const user = await t.handle.db.selectFrom('users').select('id').where('user_id_lower', '=', id.toLowerCase()).executeTakeFirstOrThrow();
    // Each guess from its own address, so only the per-account rule (5) applies.
    const c = t.client();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => c.post('/api/v1/user/login', { userId: id, password: `Wrong-pass${i}` }, { headers: { 'x-forwarded-for': `100.65.${i >> 8}.${i & 255}` } })),
    );
    const checked = answers.filter((a) => a.code === 40101).length;
    expect(checked).toBeLessThanOrEqual(t.config.loginThrottle.maxPerAccount);
    expect(answers.filter((a) => a.code === 42901)).toHaveLength(100 - checked);
    // The audit trail agrees: every attempt recorded, at most 5 checked and failed, the rest refused unchecked.
    const rows = await t.handle.db.selectFrom('login_events').select('success').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(100);
    expect(rows.filter((r) => r.success === 0)).toHaveLength(checked);
    expect(rows.filter((r) => r.success === 3)).toHaveLength(100 - checked);
  });
});

describe.each(testDialects())('request limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: LOW });
  });
  afterAll(() => t.close());

  /** A signed-in user registered from an address of its own network (registration is limited too). */
  async function newUser(): Promise<TestClient> {
    const c = t.client();
    const id = uid('lim');
    const res = await c.post('/api/v1/user/register', { userId: id, password: PASSWORD, email: `${id}@example.com`, agree: true }, { headers: { 'x-forwarded-for': `10.${seq}.0.1` } });
    expect(res.code).toBe(200);
    return c;
  }

  it('GET /account/check per address', async () => {
    const c = t.client();
    expect((await c.get('/api/v1/account/check?userId=someone')).code).toBe(200);
    expect((await c.get('/api/v1/account/check?userId=someone')).code).toBe(200);
    expectLimited(await c.get('/api/v1/account/check?userId=someone'));
    expect((await t.client().get('/api/v1/account/check?userId=someone')).code).toBe(200);
  });

  it('POST /document/submit per user', async () => {
    const c = await newUser();
    const upload = () => {
      const f = new FormData();
      f.append('convertType', 'word-to-pdf');
      f.append('files', new Blob([new Uint8Array([1, 2, 3])]), 'a.docx');
      return c.upload('/api/v1/document/submit', f);
    };
    expect((await upload()).code).not.toBe(42901);
    expect((await upload()).code).not.toBe(42901);
    expectLimited(await upload());
  });

  it('POST /document/convert per user', async () => {
    const c = await newUser();
    const convert = () => c.post('/api/v1/document/convert', { convertType: 'excel-to-json', engine: 'browser', files: [{ name: 'a.xlsx', size: 1 }] });
    expect((await convert()).code).toBe(200);
    expect((await convert()).code).toBe(200);
    expectLimited(await convert());
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(18);
  });

  it('POST /order/create and POST /payment/create per user', async () => {
    const c = await newUser();
    const order = await c.post<{ orderId: string }>('/api/v1/order/create', { bundleId: 'monthly' });
    expect(order.code).toBe(200);
    expect((await c.post('/api/v1/order/create', { bundleId: 'monthly' })).code).toBe(200);
    expectLimited(await c.post('/api/v1/order/create', { bundleId: 'monthly' }));
    const pay = () => c.post('/api/v1/payment/create', { orderId: order.data.orderId });
    expect((await pay()).code).toBe(200);
    expect((await pay()).code).toBe(200);
    expectLimited(await pay());
    // Another user has counters of its own.
    expect((await (await newUser()).post('/api/v1/order/create', { bundleId: 'monthly' })).code).toBe(200);
  });
});

describe.each(testDialects())('refunds on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('20 reported failures refund only up to the cap (10% of 20 = 2), each refund logged', async () => {
    const c = t.client();
    const id = uid('ref');
    expect((await c.post('/api/v1/user/register', { userId: id, password: PASSWORD, email: `${id}@example.com`, agree: true })).code).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await c.post<{ documentId: string }>('/api/v1/document/convert', { convertType: 'excel-to-json', engine: 'browser', files: [{ name: `f${i}.xlsx`, size: 1 }] });
      expect(res.code).toBe(200);
      ids.push(res.data.documentId);
    }
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(0);
    // Reported all at once, so the cap must hold under concurrency too.
    const done = await Promise.all(ids.map((d) => c.post<{ status: number }>(`/api/v1/document/${d}/complete`, { success: false, reason: 'unreadable' })));
    expect(done.map((d) => d.data.status)).toEqual(Array.from({ length: 20 }, () => 2));
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(2);
    const user = await t.handle.db.selectFrom('users').select('id').where('user_id_lower', '=', id.toLowerCase()).executeTakeFirstOrThrow();
    const refunds = await t.handle.db.selectFrom('refunds').selectAll().where('user_id', '=', user.id).execute();
    expect(refunds).toHaveLength(2);
    for (const r of refunds) expect(r).toMatchObject({ engine: 'browser', units: 1, reason: 'unreadable' });
    expect(new Set(refunds.map((r) => r.conversion_id)).size).toBe(2);
  });

  it('a server conversion that fails is refunded without a cap, and logged with its reason', async () => {
    const c = t.client();
    const id = uid('srv');
    expect((await c.post('/api/v1/user/register', { userId: id, password: PASSWORD, email: `${id}@example.com`, agree: true })).code).toBe(200);
    const xlsx = await bilingualWorkbook();
    for (let i = 0; i < 4; i++) {
      const f = new FormData();
      f.append('convertType', 'excel-to-pdf');
      f.append('files', new Blob([xlsx as BlobPart]), `r${i}.xlsx`);
      const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', f);
      expect(sub.code).toBe(200);
      // No LibreOffice in this app: the job fails on the server's own word.
      expect((await c.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(200);
      await t.queue.idle();
    }
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(20);
    const user = await t.handle.db.selectFrom('users').select('id').where('user_id_lower', '=', id.toLowerCase()).executeTakeFirstOrThrow();
    const refunds = await t.handle.db.selectFrom('refunds').selectAll().where('user_id', '=', user.id).execute();
    expect(refunds).toHaveLength(4);
    for (const r of refunds) expect(r).toMatchObject({ engine: 'server', units: 1, reason: 'engineUnavailable' });
  });

  it('the cap is 3 a day however many conversions, and a day\'s first failure is always refunded', async () => {
    const c = t.client();
    const id = uid('cap');
    expect((await c.post('/api/v1/user/register', { userId: id, password: PASSWORD, email: `${id}@example.com`, agree: true })).code).toBe(200);
    const user = await t.handle.db.selectFrom('users').select('id').where('user_id_lower', '=', id.toLowerCase()).executeTakeFirstOrThrow();
    await t.handle.db.updateTable('user_quotas').set({ avail_quota: 50, quota: 50 }).where('user_id', '=', user.id).where('quota_type', '=', 'TYPE_API').execute();
    const start = async () => (await c.post<{ documentId: string }>('/api/v1/document/convert', { convertType: 'excel-to-json', engine: 'browser', files: [{ name: 'a.xlsx', size: 1 }] })).data.documentId;
    const fail = (d: string) => c.post(`/api/v1/document/${d}/complete`, { success: false, reason: 'x' });
    await fail(await start());
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(50);
    const more: string[] = [];
    for (let i = 0; i < 49; i++) more.push(await start());
    for (const d of more) await fail(d);
    // 50 started today: floor(10%) = 5, capped at 3 in all, one of them already used.
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(3);
  });
});
