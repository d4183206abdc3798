import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from '@contracts/automation.js';
import { SHOTS_KEPT_MS } from '../../api/automation/shot-sweep.js';
import { userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
const MINUTE = 60_000;

/** Issue 27, deliver 8: a run's screenshots go three hours after it ended, with the conversion files' sweep. */
describe.each(testDialects())('automation screenshots purged on %s', (dialect) => {
  let t: TestApp;
  let c: TestClient;
  let ownerId: string;
  let flowId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const u = await userClient(t, 'shots');
    c = u.c;
    ownerId = (await t.handle.db.selectFrom('users').select('id').where('user_id', '=', u.userId).executeTakeFirstOrThrow()).id;
    flowId = randomUUID();
    const now = Date.now();
    await t.handle.db.insertInto('automation_flows').values({ id: flowId, owner_id: ownerId, name: 'f', steps: JSON.stringify([{ type: 'goto', url: 'https://example.com/' }]), step_cap: 10, time_cap_ms: 10_000, created_at: now, updated_at: now }).execute();
  });
  afterAll(async () => {
    await t.services.automation.close();
    await t.close();
  });

  /** A failed run that ended `agoMs` ago, with one step's screenshot and the failing page's. */
  async function endedRun(agoMs: number): Promise<string> {
    const id = randomUUID();
    const ended = Date.now() - agoMs;
    await t.handle.db
      .insertInto('automation_runs')
      .values({ id, flow_id: flowId, owner_id: ownerId, status: 'failed', trigger: 'manual', schedule_id: null, scheduled_for: null, use_id: null, variables: '{}', steps: JSON.stringify([{ index: 0, type: 'goto', ok: false, error: 'navigation', ms: 5, shot: true }]), output: null, error: 'navigation', failure_url: 'https://example.com/', created_at: ended - 5000, started_at: ended - 4000, finished_at: ended })
      .execute();
    await t.services.automation.files.save(id, '0', JPEG);
    await t.services.automation.files.save(id, 'failure', JPEG);
    return id;
  }
  const shotsOf = async (id: string) => [await t.services.automation.files.read(id, '0'), await t.services.automation.files.read(id, 'failure')].filter((b) => b !== null).length;

  it('deletes the screenshots of runs ended over three hours ago, keeps younger ones, and stops linking them', async () => {
    const old = await endedRun(SHOTS_KEPT_MS + MINUTE);
    const young = await endedRun(SHOTS_KEPT_MS - 10 * MINUTE);

    await t.services.automation.upkeep(Date.now());

    expect(await shotsOf(old)).toBe(0);
    expect(await shotsOf(young)).toBe(2);
    const gone = (await c.get<Run>(`/api/v1/automation/runs/${old}`)).data;
    expect(gone.steps[0]?.screenshotUrl).toBeUndefined();
    expect(gone.failure).toEqual({ pageUrl: 'https://example.com/' });
    const kept = (await c.get<Run>(`/api/v1/automation/runs/${young}`)).data;
    expect(kept.steps[0]?.screenshotUrl).toBe(`/api/v1/automation/runs/${young}/steps/0/screenshot`);
    expect(kept.failure?.screenshotUrl).toBe(`/api/v1/automation/runs/${young}/failure/screenshot`);

    // A second sweep (another instance, the next slot) finds nothing more to do and keeps the young run's files.
    await t.services.automation.upkeep(Date.now());
    expect(await shotsOf(young)).toBe(2);
  });
});
