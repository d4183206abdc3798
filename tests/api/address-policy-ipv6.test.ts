import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes.js';
import type { Resolver } from '../../api/ai/fetch/guarded-lookup.js';
import { createBrowserPool, type BrowserPool } from '../../api/automation/browser-pool.js';
import { userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';

/** Names whose DNS answer is an IPv6 address carrying a refused IPv4 one. */
const DNS: Record<string, string> = { 'compat.test': '::7f00:1', 'nat64.test': '64:ff9b::a00:1', 'sixtofour.test': '2002:a9fe:a9fe::1' };
const resolve: Resolver = async (host) => {
  const address = DNS[host];
  if (!address) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return [{ address, family: 6 }];
};

/** IPv6 forms of refused IPv4 addresses, by literal and by DNS answer, and the reason each gets. */
const REFUSED: [string, string][] = [
  ['http://[::127.0.0.1]:8080/', 'loopback'],
  ['http://[::10.0.0.1]/', 'private'],
  ['http://[::7f00:1]/', 'loopback'],
  ['http://[::8.8.8.8]/', 'reserved'],
  ['http://[::ffff:127.0.0.1]/', 'loopback'],
  ['http://[::ffff:0:10.0.0.1]/', 'private'],
  ['http://[64:ff9b::127.0.0.1]/', 'loopback'],
  ['http://[2002:7f00:1::]/', 'loopback'],
  ['http://[2002:a00:1::1]/', 'private'],
  ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'loopback'],
  ['http://compat.test/', 'loopback'],
  ['http://nat64.test/', 'private'],
  ['http://sixtofour.test/', 'metadata'],
];

/** The URL reader, the feed adder and automation flows refuse them alike: they share one address policy. */
describe.each(testDialects())('IPv4 addresses inside IPv6 on %s', (dialect) => {
  let t: TestApp;
  let pool: BrowserPool;
  beforeAll(async () => {
    // Saving a flow only checks its targets: the pool never starts a browser here.
    pool = createBrowserPool({ browsers: 1, concurrency: 1 });
    t = await createTestApp(dialect, {}, null, undefined, { pageFetch: { resolve }, automation: { pool, resolve } });
  });
  afterAll(async () => {
    await t.services.automation.close();
    await t.close();
    await pool.close();
  });

  it('the URL reader refuses each (40301, reason named)', async () => {
    const { c } = await userClient(t, 'v6read');
    for (const [url, reason] of REFUSED) {
      const res = await c.post<{ reason?: string }>('/api/v1/ai/read/url', { url });
      expect(res.code, url).toBe(ErrorCode.FORBIDDEN);
      expect(res.data.reason, url).toBe(reason);
    }
  });

  it('the feed adder refuses each and stores none', async () => {
    const { c } = await userClient(t, 'v6feed');
    for (const [url, reason] of REFUSED) {
      const res = await c.post<{ reason?: string }>('/api/v1/video/url/add', { url });
      expect(res.code, url).toBe(ErrorCode.FORBIDDEN);
      expect(res.data.reason, url).toBe(reason);
    }
    expect((await c.get<{ subscribes: unknown[] }>('/api/v1/video/usr/config')).data.subscribes).toEqual([]);
  });

  it('automation refuses each as a flow target, at save', async () => {
    const { c } = await userClient(t, 'v6flow');
    for (const [url, reason] of REFUSED) {
      const res = await c.post<{ reason?: string }>('/api/v1/automation/flows', { name: 'f', steps: [{ type: 'goto', url }] });
      expect(res.code, url).toBe(ErrorCode.FORBIDDEN);
      expect(res.data.reason, url).toBe(reason);
    }
  });
});
