import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '@contracts/automation.js';
import type { ResolvedAddress } from '../../api/ai/fetch/guarded-lookup.js';
import { createBrowserPool, type BrowserPool } from '../../api/automation/browser-pool.js';
import { targetPolicy } from '../../api/automation/target-policy.js';
import { userClient } from '../helpers/admin-clients.js';
import { PageServer } from '../helpers/page-server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

/**
 * A name that /etc/hosts maps to 127.0.0.1 on the test machines: before the egress proxy, the
 * browser's own lookup went to the system resolver and reached the loopback server through it.
 * The proxy only ever asks the app's resolver (the test one below), so elsewhere it makes no odds.
 */
const REBINDING_HOST = 'vm';
const PUBLIC: ResolvedAddress = { address: '93.184.215.14', family: 4 };
const LOOPBACK: ResolvedAddress = { address: '127.0.0.1', family: 4 };

/** Issue 27, deliver 7: DNS rebinding between the address policy's check and the browser's connection. */
describe('automation egress: every connection goes to an address the policy approved', () => {
  let pool: BrowserPool;
  let t: TestApp;
  let c: TestClient;
  let internal: PageServer;
  let lookupsWhileRunning = 0;

  beforeAll(async () => {
    pool = createBrowserPool({ browsers: 1, concurrency: 1 });
    internal = new PageServer({ '/admin': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>internal</h1>') });
    await internal.start();
    // A rebinding DNS server: public while the flow is saved, queued and checked by the run; the
    // next answer (the one the browser's connection would use) is loopback.
    const resolve = async (host: string): Promise<ResolvedAddress[]> => {
      if (host !== REBINDING_HOST) return [];
      const running = await t.handle.db.selectFrom('automation_runs').select('id').where('status', '=', 'running').executeTakeFirst();
      if (running && ++lookupsWhileRunning > 1) return [LOOPBACK];
      return [PUBLIC];
    };
    t = await createTestApp('sqlite', {}, null, undefined, { automation: { pool, resolve, privateTargets: false } });
    const u = await userClient(t, 'egress');
    c = u.c;
    const id = (await t.handle.db.selectFrom('users').select('id').where('user_id', '=', u.userId).executeTakeFirstOrThrow()).id;
    await t.handle.db.updateTable('user_quotas').set({ avail_quota: 100 }).where('user_id', '=', id).where('quota_type', '=', 'TYPE_API').execute();
    expect((await c.send('PUT', '/api/v1/automation/allow-list', { hosts: [REBINDING_HOST] })).code).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await t.services.automation.close();
    await t.close();
    await pool.close();
    await internal.stop();
  });

  it('a name that answers public to the check and loopback to the browser reaches nothing on loopback', async () => {
    const saved = await c.post<{ flowId: string }>('/api/v1/automation/flows', { name: 'rebind', steps: [{ type: 'goto', url: `http://${REBINDING_HOST}:${internal.port}/admin` }] });
    expect(saved.code, JSON.stringify(saved.data)).toBe(200);
    const started = await c.post<{ runId: string }>(`/api/v1/automation/flows/${saved.data.flowId}/run`, {});
    expect(started.code, JSON.stringify(started.data)).toBe(200);
    await t.services.automation.executor.idle();
    const run = (await c.get<Run>(`/api/v1/automation/runs/${started.data.runId}`)).data;

    expect(internal.hits).toEqual([]);
    expect(lookupsWhileRunning).toBeGreaterThan(1);
    expect(run.status).toBe('refused');
    expect(run.error).toBe('refused');
    expect(run.steps[0]?.error).toBe('refused');
  }, 60_000);

  it('a WebSocket the page opens itself (not fetched by the guard) goes through the proxy and is refused too', async () => {
    // Records every upgrade and every plain request that reaches it.
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(`http ${req.url}`);
      res.end();
    });
    server.on('upgrade', (req, socket) => {
      hits.push(`upgrade ${req.url}`);
      socket.destroy();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    let lookups = 0;
    const policy = targetPolicy({
      hosts: [REBINDING_HOST],
      privateTargets: false,
      // Public to the guard's check, loopback to every lookup after it.
      resolve: async (host) => (host === REBINDING_HOST && ++lookups > 1 ? [LOOPBACK] : [PUBLIC]),
    });
    const { context, release } = await pool.open(policy);
    try {
      const page = await context.newPage();
      await page.setContent('<p>ws</p>');
      const outcome = await page.evaluate(
        (url) =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(url);
            ws.onopen = () => resolve('open');
            ws.onerror = () => resolve('error');
            setTimeout(() => resolve('no answer'), 10_000);
          }),
        `ws://${REBINDING_HOST}:${port}/socket`,
      );
      expect(hits).toEqual([]);
      expect(outcome).toBe('error');
      expect(lookups).toBeGreaterThan(1);
    } finally {
      await release();
      server.close();
    }
  }, 60_000);
});
