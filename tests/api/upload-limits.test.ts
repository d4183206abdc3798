import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { History } from '@contracts/documents.js';
import type { Limit } from '@contracts/quota.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { resumeInterruptedConversions, sweepOrphanFiles } from '../../api/jobs/sweeper.js';
import { DEFAULT_RATE_LIMITS } from '../../api/http/rate-limit-rules.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const MB = 1024 * 1024;
let seq = 0;

function csvForm(bytes: number): FormData {
  const line = `row,${'y'.repeat(70)}\n`;
  const f = new FormData();
  f.append('convertType', 'excel-to-json');
  f.append('files', new Blob([`name,value\n${line.repeat(Math.floor(bytes / line.length))}`]), 'data.csv');
  return f;
}

describe.each(testDialects())('what one user may put on the disk, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: { ...DEFAULT_RATE_LIMITS, uploadPerUser: { points: 1000, durationS: 60 } } });
  });
  afterAll(() => t.close());

  async function newUser(): Promise<TestClient> {
    const c = t.client();
    const id = `lim${++seq}${Math.random().toString(36).slice(2, 6)}`;
    expect((await c.post('/api/v1/user/register', { userId: id, password: 'Sunny-Day7', email: `${id}@example.com`, agree: true })).code).toBe(200);
    return c;
  }
  const folders = () => {
    const root = join(t.config.dataDir, 'files');
    return existsSync(root) ? readdirSync(root) : [];
  };

  it('caps the bytes a user holds at four times the largest upload the package allows (1006), until files are deleted', async () => {
    const c = await newUser();
    // The trial allows 10 MB files, one at a time: 40 MB held at most.
    for (let i = 0; i < 4; i++) expect((await c.upload('/api/v1/document/submit', csvForm(9.5 * MB))).code).toBe(200);
    const before = folders().length;
    const refused = await c.upload<{ heldBytesCap: number }>('/api/v1/document/submit', csvForm(9.5 * MB));
    expect(refused.code).toBe(1006);
    expect(refused.data.heldBytesCap).toBe(40 * MB);
    expect(folders().length).toBe(before);
    // Another user is not affected.
    expect((await (await newUser()).upload('/api/v1/document/submit', csvForm(1 * MB))).code).toBe(200);
    // Small files still fit in what is left.
    expect((await c.upload('/api/v1/document/submit', csvForm(1 * MB))).code).toBe(200);
  });

  it('refuses uploads below the free-space floor before writing a byte (50701, Retry-After)', async () => {
    const full = await createTestApp(dialect, { diskFreeFloorBytes: Number.MAX_SAFE_INTEGER });
    try {
      const c = full.client();
      expect((await c.post('/api/v1/user/register', { userId: `floor${++seq}`, password: 'Sunny-Day7', email: `floor${seq}@example.com`, agree: true })).code).toBe(200);
      const res = await c.upload('/api/v1/document/submit', csvForm(0.1 * MB));
      expect(res.status).toBe(507);
      expect(res.code).toBe(50701);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const root = join(full.config.dataDir, 'files');
      expect(existsSync(root) ? readdirSync(root) : []).toEqual([]);
      const health = await c.get<{ checks: { disk: string } }>('/api/v1/health');
      expect(health.data.checks.disk).toBe('low');
    } finally {
      await full.close();
    }
  });

  it('a job interrupted again and again is failed and refunded instead of retried forever', async () => {
    const c = await newUser();
    const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', csvForm(0.1 * MB));
    const id = sub.data.documentId;
    // As a process that died three times mid-job leaves it: converting, charged, three starts.
    const user = await t.handle.db.selectFrom('conversions').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    const quota = await t.handle.db.selectFrom('user_quotas').select(['id', 'avail_quota']).where('user_id', '=', user.user_id).where('quota_type', '=', 'TYPE_API').executeTakeFirstOrThrow();
    await t.handle.db.updateTable('user_quotas').set({ avail_quota: quota.avail_quota - 1 }).where('id', '=', quota.id).execute();
    await t.handle.db.updateTable('conversions').set({ status: ConversionStatus.CONVERTING, attempts: 3, quota_id: quota.id, units: 1 }).where('id', '=', id).execute();
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(19);

    expect(await resumeInterruptedConversions(t.handle.db, (x) => t.queue.enqueue(x))).toBeGreaterThan(0);
    await t.queue.idle();
    const h = await c.get<History>(`/api/v1/document/${id}`);
    expect(h.data.status).toBe(ConversionStatus.FAILED);
    expect(h.data.reason).toBe('failedRepeatedly');
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(20);
  });

  it('removes files no conversion owns (a crash mid-upload) once they are an hour old, and nothing else', async () => {
    const c = await newUser();
    const kept = await c.upload<{ documentId: string }>('/api/v1/document/submit', csvForm(0.1 * MB));
    const root = join(t.config.dataDir, 'files');
    const orphan = join(root, '00000000-dead-beef-0000-000000000000');
    mkdirSync(orphan, { recursive: true });
    writeFileSync(join(orphan, 'half.csv'), 'name,value\nrow');
    const fresh = join(root, '11111111-dead-beef-0000-000000000000');
    mkdirSync(fresh, { recursive: true });
    const hoursAgo = (Date.now() - 2 * 3600 * 1000) / 1000;
    utimesSync(orphan, hoursAgo, hoursAgo);
    utimesSync(join(root, kept.data.documentId), hoursAgo, hoursAgo);
    expect(await sweepOrphanFiles(t.handle.db, t.store, Date.now())).toBe(1);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(join(root, kept.data.documentId))).toBe(true);
  });

  it('a result the sweeper removed after the check is a clean 41001, never a broken download', async () => {
    const c = await newUser();
    const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', csvForm(0.05 * MB));
    expect((await c.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(200);
    await t.queue.idle();
    const h = await c.get<History>(`/api/v1/document/${sub.data.documentId}`);
    expect(h.data.status).toBe(ConversionStatus.SUCCEEDED);
    // The job's temporary folder went with it.
    expect(readdirSync(join(t.config.dataDir, 'jobs'))).toEqual([]);
    await t.store.delete(sub.data.documentId);
    const res = await c.raw(h.data.output.filesInfos[0]!.convertFileUrl);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: number }).code).toBe(41001);
  });
});
