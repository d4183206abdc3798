import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schedule } from '@contracts/automation.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { createApp } from '../../api/app.js';
import { createBrowserPool, type BrowserPool } from '../../api/automation/browser-pool.js';
import { loadConfig } from '../../api/config.js';
import type { DbHandle } from '../../api/db/index.js';
import { seed } from '../../api/db/seed.js';
import { createLogger } from '../../api/logger.js';
import { USER_PASSWORD } from '../helpers/admin-clients.js';
import { PageServer } from '../helpers/page-server.js';
import { openTestDb, testDialects } from '../helpers/test-app.js';
import { TestClient } from '../helpers/test-client.js';

const MINUTE = 60_000;

/**
 * Cron schedules on a clock the test moves: two instances on one database tick together and each
 * slot runs once; slots missed while every instance was down run after the restart.
 */
describe.each(testDialects())('automation schedules on %s', (dialect) => {
  let pool: BrowserPool;
  let handle: DbHandle;
  let server: PageServer;
  let dataDir: string;
  let clock = Date.parse('2026-11-26T10:00:20Z');
  const secret = randomBytes(32).toString('hex');
  const instances: ReturnType<typeof createApp>[] = [];

  function instance() {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), trustProxy: true, dataDir };
    const app = createApp({ config, handle, logger: createLogger('silent'), secret, now: () => clock, automation: { pool } });
    instances.push(app);
    return app;
  }
  const runsOf = async (scheduleId: string) =>
    handle.db.selectFrom('automation_runs').select(['scheduled_for', 'status', 'error']).where('schedule_id', '=', scheduleId).orderBy('scheduled_for').execute();
  const idle = () => Promise.all(instances.map((i) => i.services.automation.executor.idle()));

  beforeAll(async () => {
    pool = createBrowserPool({ browsers: 1, concurrency: 2 });
    server = new PageServer({ '/': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>s</title><h1>Scheduled</h1>') });
    await server.start();
    handle = await openTestDb(dialect);
    await seed(handle.db, { adminPassword: 'Admin-Passw0rd' });
    dataDir = await mkdtemp(join(tmpdir(), 'docuflow-sched-'));
  }, 60_000);

  afterAll(async () => {
    await idle();
    for (const i of instances) await i.services.automation.close();
    for (const i of instances) await i.engines.close();
    await handle.close();
    await pool.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('fires every slot exactly once across two instances, and catches up missed slots after a restart', async () => {
    const a = instance();
    const b = instance();
    const c = new TestClient(a.app);
    const userId = `sch${randomBytes(3).toString('hex')}`;
    expect((await c.post('/api/v1/user/register', { userId, password: USER_PASSWORD, email: `${userId}@example.com`, agree: true })).code).toBe(200);
    const owner = (await handle.db.selectFrom('users').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id;
    await handle.db.updateTable('user_quotas').set({ avail_quota: 100 }).where('user_id', '=', owner).where('quota_type', '=', 'TYPE_API').execute();
    await c.send('PUT', '/api/v1/automation/allow-list', { hosts: [`127.0.0.1:${server.port}`] });
    const flow = await c.post<{ flowId: string }>('/api/v1/automation/flows', { name: 'every minute', steps: [{ type: 'goto', url: `http://127.0.0.1:${server.port}/` }] });
    expect((await c.post('/api/v1/automation/schedules', { flowId: flow.data.flowId, cron: 'every minute' })).code).toBe(ErrorCode.VALIDATION_FAILED);
    const sched = await c.post<Schedule>('/api/v1/automation/schedules', { flowId: flow.data.flowId, cron: '* * * * *' });
    expect(sched.code).toBe(200);
    const id = sched.data.scheduleId;
    expect(sched.data.nextRunAt).toBe('2026-11-26T10:01:00.000Z');

    // Three minutes with both instances up: each slot once, whichever instance claims it.
    for (let k = 1; k <= 3; k += 1) {
      clock += MINUTE;
      const started = await Promise.all([a.services.automation.scheduler.tick(), b.services.automation.scheduler.tick()]);
      expect(started[0] + started[1]).toBe(1);
    }
    await idle();
    let runs = await runsOf(id);
    expect(runs.map((r) => new Date(r.scheduled_for!).toISOString())).toEqual(['2026-11-26T10:01:00.000Z', '2026-11-26T10:02:00.000Z', '2026-11-26T10:03:00.000Z']);
    expect(runs.every((r) => r.status === 'succeeded')).toBe(true);

    // Every instance stops; two slots pass; a new instance starts and catches them up.
    clock += 2 * MINUTE;
    const restarted = instance();
    await restarted.services.automation.executor.recover();
    expect(await restarted.services.automation.scheduler.tick()).toBe(2);
    await idle();
    runs = await runsOf(id);
    expect(runs).toHaveLength(5);
    expect(runs.every((r) => r.status === 'succeeded')).toBe(true);

    // A long outage catches up only the last three slots, and the schedule moves past now.
    clock += 30 * MINUTE;
    expect(await restarted.services.automation.scheduler.tick()).toBe(3);
    expect(await restarted.services.automation.scheduler.tick()).toBe(0);
    await idle();
    const list = await c.get<Schedule[]>('/api/v1/automation/schedules');
    expect(Date.parse(list.data[0]!.nextRunAt!)).toBeGreaterThan(clock);
    expect(await runsOf(id)).toHaveLength(8);
    const history = await c.get<{ trigger: string }[]>(`/api/v1/automation/flows/${flow.data.flowId}/runs`);
    expect(history.data.every((r) => r.trigger === 'schedule')).toBe(true);
  }, 180_000);
});
