import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowserPool, type BrowserPool } from '../../api/automation/browser-pool.js';
import { credentialCipher } from '../../api/automation/credential-cipher.js';
import { createRunExecutor, RUN_LEASE_MS, type RunExecutor } from '../../api/automation/run-executor.js';
import { runFiles } from '../../api/automation/run-files.js';
import { openDb, type DbHandle } from '../../api/db/index.js';
import { PageServer } from '../helpers/page-server.js';
import { openTestDb } from '../helpers/test-app.js';

const baseUrl = process.env.TEST_DATABASE_URL;

/**
 * Issue 27, deliver 8: two instances start at once on one PostgreSQL schema and both recover
 * automation runs. Each queued run is replayed once, a run a dead process left is failed and
 * refunded once, and a run a live instance is replaying is left alone.
 */
describe.skipIf(!baseUrl)('start-up recovery by two instances at once (PostgreSQL)', () => {
  let first: DbHandle;
  let second: DbHandle;
  let pool: BrowserPool;
  let site: PageServer;
  let dataDir: string;
  const refunds: string[] = [];
  const executors: RunExecutor[] = [];

  beforeAll(async () => {
    first = await openTestDb('postgres');
    // The second instance: its own connections to the same schema.
    second = openDb({ databaseUrl: baseUrl!, pgSchema: first.pgSchema! });
    site = new PageServer({ '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>page</h1>') });
    await site.start();
    pool = createBrowserPool({ browsers: 1, concurrency: 2 });
    dataDir = await mkdtemp(join(tmpdir(), 'docuflow-recovery-'));
    for (const handle of [first, second]) {
      executors.push(
        createRunExecutor({
          db: handle.db,
          pool,
          cipher: credentialCipher('recovery-test-secret-0123456789abcdef'),
          files: runFiles(dataDir),
          now: Date.now,
          privateTargets: true,
          refund: async (useId) => void refunds.push(useId),
          onError: (err) => {
            throw err;
          },
        }),
      );
    }
  }, 60_000);

  afterAll(async () => {
    for (const e of executors) await e.idle();
    await pool?.close();
    await site?.stop();
    await second?.close();
    await first?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('replays each queued run once, fails a dead process’s run once, and leaves a live one alone', async () => {
    const db = first.db;
    const now = Date.now();
    const owner = randomUUID();
    const flowId = randomUUID();
    await db.insertInto('automation_allow_hosts').values({ owner_id: owner, host: `127.0.0.1:${site.port}` }).execute();
    await db
      .insertInto('automation_flows')
      .values({ id: flowId, owner_id: owner, name: 'f', steps: JSON.stringify([{ type: 'goto', url: `http://127.0.0.1:${site.port}/page?run={{run}}` }]), step_cap: 10, time_cap_ms: 20_000, created_at: now, updated_at: now })
      .execute();
    const run = (name: string, status: 'queued' | 'running', leaseUntil: number | null) => ({
      id: randomUUID(),
      flow_id: flowId,
      owner_id: owner,
      status,
      trigger: 'manual' as const,
      schedule_id: null,
      scheduled_for: null,
      use_id: `use-${name}`,
      variables: JSON.stringify({ run: name }),
      steps: '[]',
      output: null,
      error: null,
      failure_url: null,
      created_at: now - 1000,
      started_at: status === 'running' ? now - 500 : null,
      finished_at: null,
      lease_until: leaseUntil,
    });
    const rows = { q1: run('q1', 'queued', null), q2: run('q2', 'queued', null), dead: run('dead', 'running', now - 1000), live: run('live', 'running', now + RUN_LEASE_MS) };
    await db.insertInto('automation_runs').values(Object.values(rows)).execute();

    await Promise.all(executors.map((e) => e.recover()));
    for (const e of executors) await e.idle();

    const status = async (id: string) => (await db.selectFrom('automation_runs').select(['status', 'error']).where('id', '=', id).executeTakeFirstOrThrow());
    expect(site.hits.filter((h) => h === '/page?run=q1')).toHaveLength(1);
    expect(site.hits.filter((h) => h === '/page?run=q2')).toHaveLength(1);
    expect(await status(rows.q1.id)).toEqual({ status: 'succeeded', error: null });
    expect(await status(rows.q2.id)).toEqual({ status: 'succeeded', error: null });
    expect(await status(rows.dead.id)).toEqual({ status: 'failed', error: 'interrupted' });
    expect(await status(rows.live.id)).toEqual({ status: 'running', error: null });
    expect(refunds).toEqual(['use-dead']);
  }, 60_000);
});
