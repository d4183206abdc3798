import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '@contracts/automation.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { createBrowserPool, type BrowserPool } from '../../api/automation/browser-pool.js';
import { userClient } from '../helpers/admin-clients.js';
import { PageServer } from '../helpers/page-server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const html = (body: string) => (_req: unknown, res: { writeHead: (s: number, h: Record<string, string>) => { end: (b: string) => void } }) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`);

const target = (by: 'role' | 'label' | 'testId' | 'text' | 'css', value: string, name?: string) => ({ candidates: [{ by, value, ...(name ? { name } : {}) }] });

/** Address policy, caps, credentials and the CAPTCHA pause, against a loopback site. */
describe('automation rules', () => {
  let pool: BrowserPool;
  let t: TestApp;
  let c: TestClient;
  let internalId: string;
  let server: PageServer;
  let origin: string;

  const left = async () => {
    const rows = await t.handle.db.selectFrom('user_quotas').select('avail_quota').where('user_id', '=', internalId).where('quota_type', '=', 'TYPE_API').execute();
    return rows.reduce((s, r) => s + r.avail_quota, 0);
  };
  const allow = (hosts: string[]) => c.send('PUT', '/api/v1/automation/allow-list', { hosts });
  const save = (steps: unknown[], extra: Record<string, unknown> = {}) => c.post<{ flowId: string; reason?: string }>('/api/v1/automation/flows', { name: 'f', steps, ...extra });
  async function runToEnd(flowId: string, variables?: Record<string, string>): Promise<Run> {
    const res = await c.post<{ runId: string }>(`/api/v1/automation/flows/${flowId}/run`, variables ? { variables } : {});
    expect(res.code, JSON.stringify(res.data)).toBe(200);
    await t.services.automation.executor.idle();
    return (await c.get<Run>(`/api/v1/automation/runs/${res.data.runId}`)).data;
  }

  beforeAll(async () => {
    pool = createBrowserPool({ browsers: 1, concurrency: 2 });
    server = new PageServer({
      '/ok': html('<h1>Ready</h1><label for="pw">Secret</label><input id="pw"><button type="button" onclick="document.getElementById(\'o\').textContent=\'len=\'+document.getElementById(\'pw\').value.length">Show</button><p id="o" data-testid="out"></p>'),
      '/redirect': (_req, res) => res.writeHead(302, { location: 'http://127.0.0.9:9/' }).end(),
      '/captcha': html(
        '<div class="g-recaptcha" style="position:absolute;left:100px;top:100px;width:200px;height:50px"><button type="button" style="width:200px;height:50px" onclick="this.parentNode.remove()">I am human</button></div><p style="margin-top:200px" data-testid="after">Behind the check</p>',
      ),
    });
    origin = `http://127.0.0.1:${await server.start()}`;
    t = await createTestApp('sqlite', {}, null, undefined, { automation: { pool, pauseMs: 30_000 } });
    const u = await userClient(t, 'rules');
    c = u.c;
    internalId = (await t.handle.db.selectFrom('users').select('id').where('user_id', '=', u.userId).executeTakeFirstOrThrow()).id;
    await t.handle.db.updateTable('user_quotas').set({ avail_quota: 500 }).where('user_id', '=', internalId).where('quota_type', '=', 'TYPE_API').execute();
  }, 60_000);

  afterAll(async () => {
    await t.services.automation.close();
    await t.close();
    await pool.close();
    await server.stop();
  });

  it('refuses loopback, private, metadata and non-web targets by default, at save (40301)', async () => {
    for (const [url, reason] of [
      [`${origin}/ok`, 'loopback'],
      ['http://localhost:8080/', 'loopback'],
      ['http://10.1.2.3/', 'private'],
      ['http://169.254.169.254/latest/meta-data/', 'metadata'],
      ['http://[::1]:80/', 'loopback'],
      ['file:///etc/passwd', 'scheme'],
    ] as const) {
      const res = await save([{ type: 'goto', url }]);
      expect(res.code, url).toBe(ErrorCode.FORBIDDEN);
      expect(res.data.reason, url).toBe(reason);
    }
  });

  it('opens only the allow-listed host, never metadata, and refuses again at run time once it is removed', async () => {
    expect((await allow([new URL(origin).host, '169.254.169.254'])).code).toBe(200);
    expect((await save([{ type: 'goto', url: 'http://169.254.169.254/' }])).code).toBe(ErrorCode.FORBIDDEN);
    expect((await save([{ type: 'goto', url: 'http://127.0.0.2:9/' }])).data.reason).toBe('notAllowed');
    const saved = await save([{ type: 'goto', url: `${origin}/ok` }]);
    expect(saved.code).toBe(200);
    const viaVariable = await save([{ type: 'goto', url: '{{start}}' }]);
    expect(viaVariable.code).toBe(200);

    const before = await left();
    const refused = await c.post(`/api/v1/automation/flows/${viaVariable.data.flowId}/run`, { variables: { start: 'http://10.0.0.1/' } });
    expect(refused.code).toBe(ErrorCode.FORBIDDEN);
    await allow([]);
    expect((await c.post(`/api/v1/automation/flows/${saved.data.flowId}/run`, {})).code).toBe(ErrorCode.FORBIDDEN);
    expect(await left()).toBe(before);
    await allow([new URL(origin).host]);
  });

  it('refuses a redirect to a host off the allow-list during the run and refunds it', async () => {
    const saved = await save([{ type: 'goto', url: `${origin}/redirect` }]);
    const before = await left();
    const run = await runToEnd(saved.data.flowId);
    expect(run.status).toBe('refused');
    expect(run.error).toBe('refused');
    expect(await left()).toBe(before);
  });

  it('never passes the step cap', async () => {
    const csv = ['n', ...Array.from({ length: 30 }, (_, i) => String(i))].join('\n');
    const saved = await save([{ type: 'goto', url: `${origin}/ok` }, { type: 'loop', csv, steps: [{ type: 'assert', target: target('role', 'heading', 'Ready') }] }], { stepCap: 10 });
    const run = await runToEnd(saved.data.flowId);
    expect(run.status).toBe('failed');
    expect(run.error).toBe('stepCap');
    expect(run.steps.length).toBeLessThanOrEqual(10);
    expect(run.steps).toHaveLength(10);
  });

  it('never passes the time cap, whether waiting or looking for an element', async () => {
    for (const slow of [{ type: 'wait', ms: 30_000 }, { type: 'wait', target: target('text', 'Never shows') }]) {
      const saved = await save([{ type: 'goto', url: `${origin}/ok` }, slow], { timeCapMs: 2000 });
      const started = Date.now();
      const run = await runToEnd(saved.data.flowId);
      const took = Date.now() - started;
      const ran = Date.parse(run.finishedAt!) - Date.parse(run.startedAt!);
      console.log(`[automation] time cap 2000 ms: the browser worked ${ran} ms, queue to end ${took} ms (${run.error})`);
      expect(run.status).toBe('failed');
      expect(run.error).toBe('timeCap');
      // The cap holds from the moment the browser starts; 300 ms for writing the result down.
      expect(ran).toBeLessThanOrEqual(2000 + 300);
      expect(run.failure?.screenshotUrl).toBeTruthy();
    }
  });

  it('stores credentials encrypted, never shows them back, and types them into the page', async () => {
    const res = await c.post<{ name: string }[]>('/api/v1/automation/credentials', { name: 'pw', value: 's3cret-value' });
    expect(res.code).toBe(200);
    expect(JSON.stringify(res.data)).not.toContain('s3cret');
    const row = await t.handle.db.selectFrom('automation_credentials').selectAll().where('owner_id', '=', internalId).executeTakeFirstOrThrow();
    expect(row.sealed).not.toContain('s3cret');
    expect(Buffer.from(row.sealed, 'base64').toString('latin1')).not.toContain('s3cret');
    const saved = await save([
      { type: 'goto', url: `${origin}/ok` },
      { type: 'type', target: target('label', 'Secret'), text: '{{secret:pw}}' },
      { type: 'click', target: target('role', 'button', 'Show') },
      { type: 'extract', target: target('testId', 'out'), name: 'out' },
    ]);
    const run = await runToEnd(saved.data.flowId);
    expect(run.status).toBe('succeeded');
    expect(run.output?.rows[0]).toEqual({ out: 'len=12' });
    expect(JSON.stringify(run)).not.toContain('s3cret');
    const other = await userClient(t, 'other');
    expect((await other.c.get(`/api/v1/automation/runs/${run.runId}`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await other.c.get('/api/v1/automation/credentials')).data).toEqual([]);
  });

  it('pauses on a CAPTCHA until a person clicks through the live view and resumes', async () => {
    const saved = await save([{ type: 'goto', url: `${origin}/captcha` }, { type: 'extract', target: target('testId', 'after'), name: 'after' }]);
    const { data } = await c.post<{ runId: string }>(`/api/v1/automation/flows/${saved.data.flowId}/run`, {});
    let run: Run | undefined;
    for (let i = 0; i < 100 && run?.status !== 'paused'; i += 1) {
      await new Promise((r) => setTimeout(r, 200));
      run = (await c.get<Run>(`/api/v1/automation/runs/${data.runId}`)).data;
    }
    expect(run?.status).toBe('paused');
    const live = await c.raw(`/api/v1/automation/runs/${data.runId}/live`);
    expect(live.headers.get('content-type')).toBe('image/jpeg');
    expect((await c.post(`/api/v1/automation/runs/${data.runId}/live`, { kind: 'click', x: 200, y: 125 })).code).toBe(200);
    expect((await c.post(`/api/v1/automation/runs/${data.runId}/resume`, {})).code).toBe(200);
    await t.services.automation.executor.idle();
    const done = (await c.get<Run>(`/api/v1/automation/runs/${data.runId}`)).data;
    expect(done.status).toBe('succeeded');
    expect(done.output?.rows[0]).toEqual({ after: 'Behind the check' });
  });

  it('asks for a login and validates steps', async () => {
    expect((await t.client().get('/api/v1/automation/flows')).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await save([{ type: 'click' }])).code).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await save([])).code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});
