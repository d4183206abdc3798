import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes.js';
import type { History } from '@contracts/documents.js';
import type { Limit } from '@contracts/quota.js';
import { CONVERSION_QUEUE } from '../../api/jobs/pg-boss-queue.js';
import { HttpUser } from './helpers/http-user.js';
import { startLiveServer, type LiveServer } from './helpers/live-server.js';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.js';

const baseUrl = process.env.TEST_DATABASE_URL;
const TRIAL = 20;

async function submit(user: HttpUser, marker: string): Promise<string> {
  const form = new FormData();
  form.append('convertType', 'excel-to-json');
  form.append('files', new Blob([`item,qty\n${marker},1\n`]), 'sales.csv');
  const sub = await user.upload<{ documentId: string }>('/api/v1/document/submit', form);
  if (sub.code !== 200) throw new Error(`submit answered ${sub.code}`);
  return sub.data.documentId;
}

async function statusOf(user: HttpUser, id: string, ms: number): Promise<History> {
  const end = Date.now() + ms;
  for (;;) {
    const h = (await user.get<History>(`/api/v1/document/${id}`)).data;
    if (h.status !== 1 || Date.now() > end) return h;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!baseUrl)('server conversions through pg-boss (runs only when TEST_DATABASE_URL is set)', () => {
  let database: ScratchDatabase | undefined;
  let dataDir = '';
  const servers: LiveServer[] = [];
  let boss: PgBoss | undefined;

  beforeAll(async () => {
    database = await createScratchDatabase(baseUrl!, 'docuflow_jobs');
    // Shared by both servers: the uploads (local disk) and the secret that signs XSRF tokens.
    dataDir = await mkdtemp(join(tmpdir(), 'docuflow-jobs-'));
  });
  afterAll(async () => {
    for (const s of servers) await s.close().catch(() => undefined);
    await boss?.stop({ graceful: false });
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a full queue answers 50301 before anything is spent; the dead letter ends a job failed and refunded; an embedded API converts', { timeout: 60_000 }, async () => {
    // Only queues, and room for one waiting job.
    const queuing = await startLiveServer({ dataDir, databaseUrl: database!.url, overrides: { jobWorker: 'off', queueCapacity: 1 } });
    servers.push(queuing);
    const user = await HttpUser.register(queuing.url, 'pgb');
    const first = await submit(user, 'first');
    const second = await submit(user, 'second');
    expect((await user.post('/api/v1/document/convert', { documentId: first })).code).toBe(200);
    const full = await user.post('/api/v1/document/convert', { documentId: second });
    expect(full.code).toBe(ErrorCode.QUEUE_FULL);
    expect(full.headers.get('retry-after')).toBeTruthy();
    expect((await user.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(TRIAL - 1);

    // The first job's retries are spent (as after repeated database failures): pg-boss moves it to the dead letter.
    boss = new PgBoss({ connectionString: database!.url, supervise: false, schedule: false, migrate: false });
    boss.on('error', () => undefined);
    await boss.start();
    const sql = new pg.Client({ connectionString: database!.url });
    await sql.connect();
    await sql.query(`update pgboss.job set retry_count = retry_limit where name = $1 and id = $2`, [CONVERSION_QUEUE, first]);
    await sql.end();
    await boss.fail(CONVERSION_QUEUE, first, { message: 'out of retries (test)' });

    // An API that works jobs itself (the default on one machine) takes the dead letter and the next job.
    const working = await startLiveServer({ dataDir, databaseUrl: database!.url, overrides: { jobWorker: 'embedded' } });
    servers.push(working);
    const there = new HttpUser(working.url);
    for (const [k, v] of user.cookies) there.cookies.set(k, v);
    const failed = await statusOf(there, first, 20_000);
    expect(failed.status).toBe(2);
    expect((await there.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(TRIAL);

    // Nothing was spent on the refused one: it can still be started, once.
    expect((await there.post('/api/v1/document/convert', { documentId: second })).code).toBe(200);
    expect((await statusOf(there, second, 20_000)).status).toBe(3);
    expect((await there.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(TRIAL - 1);
  });
});
