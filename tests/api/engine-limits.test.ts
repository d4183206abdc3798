import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../api/config.js';
import type { History } from '@contracts/documents.js';
import type { Limit } from '@contracts/quota.js';
import { bigCsv } from '../helpers/fixtures/load.js';
import { grantPaidBundle } from '../helpers/grant-bundle.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

/**
 * A server conversion whose engine job passes its time or memory limit ends failed with a
 * reason the user can read, its unit given back, and the next conversion still runs.
 */
describe('server conversions over the engine limits', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(engines: Partial<AppConfig['engines']>): Promise<{ app: TestApp; c: TestClient }> {
    const app = await createTestApp('sqlite', { engines: { threads: 1, timeoutMs: 60_000, memoryMb: 1024, ...engines } });
    t = app;
    const c = app.client();
    expect((await c.post('/api/v1/user/register', { userId: 'limits1', password: 'Sunny-Day7', email: 'limits1@example.com', agree: true })).code).toBe(200);
    await grantPaidBundle(app.handle.db, 'limits1');
    return { app, c };
  }

  /** CSV → JSON on the server: the record once it ended, and the units it cost in the end. */
  async function convertCsv(app: TestApp, c: TestClient, bytes: Uint8Array): Promise<{ record: History; spent: number }> {
    const before = (await c.get<Limit>('/api/v1/config/limit')).data.availCount;
    const form = new FormData();
    form.append('convertType', 'excel-to-json');
    form.append('files', new Blob([bytes as BlobPart]), 'data.csv');
    const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', form);
    expect(sub.code).toBe(200);
    expect((await c.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(200);
    await app.queue.idle();
    const record = (await c.get<History>(`/api/v1/document/${sub.data.documentId}`)).data;
    return { record, spent: before - (await c.get<Limit>('/api/v1/config/limit')).data.availCount };
  }

  const small = () => new TextEncoder().encode('a,b\n1,2\n');

  it('past the time limit: failed with timeLimit and refunded; the next job converts', async () => {
    const { app, c } = await start({ timeoutMs: 1000 });
    const { record, spent } = await convertCsv(app, c, bigCsv(20e6));
    expect([record.status, record.reason, spent]).toEqual([2, 'timeLimit', 0]);
    const next = await convertCsv(app, c, small());
    expect([next.record.status, next.spent]).toEqual([3, 1]);
  });

  it('over the memory limit: failed with memoryLimit and refunded; the next job converts', async () => {
    const { app, c } = await start({ memoryMb: 64 });
    const { record, spent } = await convertCsv(app, c, bigCsv(10e6));
    expect([record.status, record.reason, spent]).toEqual([2, 'memoryLimit', 0]);
    const next = await convertCsv(app, c, small());
    expect([next.record.status, next.spent]).toEqual([3, 1]);
  });
});
